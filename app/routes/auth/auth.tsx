import { redirect } from "react-router";

import { AuthCard } from "~/components/auth-card";
import { LoginForm, NeedAnAccount } from "~/components/login-form";
import { Card, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { failed } from "~/lib/action-result.server";
import { signInWithPassword } from "~/lib/auth/auth-handler.server";
import { landingPathFor, redirectSignedInToLandingMiddleware } from "~/lib/auth/guards.server";
import { sessionErrorContext } from "~/lib/auth/session.server";
import { signInSchema } from "~/lib/auth/sign-in-schema";
import { readForm } from "~/lib/request-body.server";
import { safeRedirect } from "~/lib/safe-redirect";
import { redirectWithToast } from "~/lib/toast.server";
import { useRootData } from "~/lib/use-root-data";
import { invalidInput, UserError } from "~/lib/user-error";

import type { Route } from "./+types/auth";

export const meta: Route.MetaFunction = () => [
  { title: "Sign in | Electrify" },
  {
    name: "description",
    content: "Sign in to Electrify to submit depot surveys and plan the electrification of your fleet.",
  },
];

export const middleware: Route.MiddlewareFunction[] = [redirectSignedInToLandingMiddleware];

export function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const redirectTo = url.searchParams.get("redirectTo");
  return {
    redirectTo: redirectTo ? safeRedirect(redirectTo, "") || undefined : undefined,
    sessionError: context.get(sessionErrorContext),
    expired: url.searchParams.get("reason") === "expired",
  };
}

export async function action({ request }: Route.ActionArgs) {
  const form = await readForm(request);
  const parsed = signInSchema.safeParse({ email: form.get("email") ?? "", password: form.get("password") ?? "" });
  const email = typeof form.get("email") === "string" ? String(form.get("email")).slice(0, 254) : "";
  if (!parsed.success) {
    return failed(invalidInput(parsed.error), { extra: { email } });
  }
  const result = await signInWithPassword(request, parsed.data.email, parsed.data.password);
  if (result.ok === false) return failed(new UserError(result.error, { status: result.status }), { extra: { email } });
  if (result.ok === "two-factor") {
    const next = safeRedirect(form.get("redirectTo"), "");
    return redirect(`/auth/two-factor${next ? `?${new URLSearchParams({ redirectTo: next })}` : ""}`, {
      headers: result.headers,
    });
  }
  const target = safeRedirect(form.get("redirectTo"), landingPathFor(result.user));
  return redirectWithToast(target, { type: "success", title: "Successfully signed in!" }, result.headers);
}

export default function SignInPage({ loaderData, actionData }: Route.ComponentProps) {
  const { contactEmail } = useRootData();
  return (
    <div className="grid w-full max-w-[400px] gap-4">
      {loaderData.sessionError ? (
        <Card role="alert" className="border-destructive/40">
          <CardHeader>
            <CardTitle className="text-base text-destructive">Authentication Issue</CardTitle>
            <CardDescription>{loaderData.sessionError}</CardDescription>
          </CardHeader>
        </Card>
      ) : null}
      {loaderData.expired && !loaderData.sessionError ? (
        <p role="status" className="rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-900">
          Your session has ended. Please sign in again to continue.
        </p>
      ) : null}
      <AuthCard
        title="Sign in to Electrify"
        description="Enter your credentials to access your account"
        back={{ to: "/", label: "Back to home" }}
      >
        <LoginForm redirectTo={loaderData.redirectTo} fallbackError={actionData} />
        <NeedAnAccount contactEmail={contactEmail} />
      </AuthCard>
    </div>
  );
}
