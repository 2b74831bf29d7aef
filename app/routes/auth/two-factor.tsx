import { Form, useNavigation } from "react-router";

import { AuthCard } from "~/components/auth-card";
import { TextField } from "~/components/text-field";
import { Button } from "~/components/ui/button";
import { formError } from "~/lib/action-result";
import { failed } from "~/lib/action-result.server";
import { completeTwoFactor } from "~/lib/auth/auth-handler.server";
import { landingPathFor, redirectSignedInToLandingMiddleware } from "~/lib/auth/guards.server";
import { readForm } from "~/lib/request-body.server";
import { safeRedirect } from "~/lib/safe-redirect";
import { redirectWithToast } from "~/lib/toast.server";
import { UserError } from "~/lib/user-error";

import type { Route } from "./+types/two-factor";

export const meta: Route.MetaFunction = () => [{ title: "Two-factor sign-in | Electrify" }];

export const middleware: Route.MiddlewareFunction[] = [redirectSignedInToLandingMiddleware];

export function loader({ request }: Route.LoaderArgs) {
  const redirectTo = new URL(request.url).searchParams.get("redirectTo");
  return { redirectTo: redirectTo ? safeRedirect(redirectTo, "") || undefined : undefined };
}

/** The second step of signing in: a code from the authenticator app, or one of the backup codes. */
export async function action({ request }: Route.ActionArgs) {
  const form = await readForm(request);
  const code = String(form.get("code") ?? "").replace(/\s+/g, "");
  if (!code || code.length > 64)
    return failed(new UserError("Enter the 6-digit code from your authenticator app, or a backup code."));
  const result = await completeTwoFactor(request, code);
  if (result.ok === false) return failed(new UserError(result.error, { status: result.status }));
  if (result.ok === "two-factor")
    return failed(new UserError("An unexpected error occurred. Please try again.", { status: 500 }));
  const target = safeRedirect(form.get("redirectTo"), landingPathFor(result.user));
  return redirectWithToast(target, { type: "success", title: "Successfully signed in!" }, result.headers);
}

export default function TwoFactorPage({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  return (
    <AuthCard
      title="Two-factor sign-in"
      description="Enter the 6-digit code from your authenticator app, or one of your backup codes."
      back={{ to: "/auth", label: "Back to sign in" }}
    >
      <Form method="post" className="grid gap-4">
        {loaderData.redirectTo ? <input type="hidden" name="redirectTo" value={loaderData.redirectTo} /> : null}
        <TextField
          name="code"
          label="Code"
          inputMode="text"
          autoComplete="one-time-code"
          autoFocus
          required
          error={formError(actionData)}
        />
        <Button type="submit" disabled={navigation.state !== "idle"}>
          {navigation.state !== "idle" ? "Checking..." : "Verify"}
        </Button>
      </Form>
    </AuthCard>
  );
}
