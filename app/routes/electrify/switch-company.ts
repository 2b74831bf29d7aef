import { data, redirect } from "react-router";

import { switchCompany } from "~/features/team/index.server";
import { requireUser } from "~/lib/auth/guards.server";
import { parseId } from "~/lib/parse-id";
import { readForm } from "~/lib/request-body.server";
import { getRuntime } from "~/lib/runtime.server";
import { redirectWithToast } from "~/lib/toast.server";
import { UserError } from "~/lib/user-error";

import type { Route } from "./+types/switch-company";

export function loader() {
  return redirect("/electrify/dashboard");
}

/**
 * The header's company switcher: the session works in another of the person's companies from the next page on. A
 * company they are not in (or that does not exist) is refused like any missing thing: 404, nothing granted.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const user = requireUser(context, request);
  const form = await readForm(request, { fields: 2 });
  try {
    const name = await switchCompany(getRuntime().database.db, user, parseId(form.get("companyId")));
    return redirectWithToast("/electrify/dashboard", { type: "success", title: `Now working in ${name}` });
  } catch (error) {
    if (error instanceof UserError) throw data(error.message, { status: error.status });
    throw error;
  }
}
