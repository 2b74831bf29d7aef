import { redirect } from "react-router";

import { failed } from "~/lib/action-result.server";
import { signOutSession } from "~/lib/auth/auth-handler.server";
import { readForm } from "~/lib/request-body.server";
import { redirectWithToast } from "~/lib/toast.server";
import { UserError } from "~/lib/user-error";

import type { Route } from "./+types/sign-out";

export function loader() {
  return redirect("/");
}

export async function action({ request }: Route.ActionArgs) {
  const form = await readForm(request);
  const target = form.get("redirectTo") === "/auth" ? "/auth" : "/";
  const result = await signOutSession(request);
  if (!result.ok) return failed(new UserError("Failed to sign out", { status: 500 }));
  return redirectWithToast(target, { type: "success", title: "Signed out successfully" }, result.headers);
}
