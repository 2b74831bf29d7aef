import { Form, useNavigation } from "react-router";

import { AuthCard } from "~/components/auth-card";
import { TextField } from "~/components/text-field";
import { Button } from "~/components/ui/button";
import { forgotPasswordSchema, RESET_REQUESTED } from "~/features/users";
import { failed, succeeded } from "~/lib/action-result.server";
import { recordAccountAttempt } from "~/lib/attempt-limits.server";
import { callAuthEndpoint } from "~/lib/auth/auth-handler.server";
import { CLIENT_IP_HEADER } from "~/lib/auth/auth.server";
import { consumeRateLimit } from "~/lib/rate-limit.server";
import { readForm } from "~/lib/request-body.server";
import { getRuntime } from "~/lib/runtime.server";
import { invalidInput, UserError } from "~/lib/user-error";

import type { Route } from "./+types/forgot-password";

export const meta: Route.MetaFunction = () => [{ title: "Forgot your password? | Electrify" }];

/** Reset requests one client address may make (any e-mail addresses). */
const RESET_REQUESTS_PER_CLIENT = { max: 10, windowSeconds: 60 };

export async function action({ request }: Route.ActionArgs) {
  const form = await readForm(request);
  const parsed = forgotPasswordSchema.safeParse({ email: form.get("email") ?? "" });
  if (!parsed.success) return failed(invalidInput(parsed.error), { extra: { sent: false } });
  const runtime = getRuntime();
  const db = runtime.database.db;
  // Limits that cost the same whether or not the address has an account: per client address, and per address
  // asked for (so nobody can fill someone's inbox with reset mails).
  const ip = request.headers.get(CLIENT_IP_HEADER) ?? "unknown";
  const perClient = await consumeRateLimit(db, `password-reset|ip|${ip}`, RESET_REQUESTS_PER_CLIENT);
  if (!perClient.allowed)
    return failed(new UserError("Too many requests. Please wait a minute and try again.", { status: 429 }), {
      extra: { sent: false },
    });
  const perAccount = await recordAccountAttempt(db, "password-reset", parsed.data.email);
  // The same answer, in the same time, whether or not the address has an account: looking the account up,
  // creating the link and sending the e-mail happen after the answer, so its timing tells nothing.
  if (perAccount.allowed) {
    void callAuthEndpoint(request, "/request-password-reset", { email: parsed.data.email })
      .then((response) => {
        if (!response.ok) runtime.log.error({ status: response.status }, "password reset request failed");
      })
      .catch((error: unknown) => runtime.log.error({ err: error }, "password reset request failed"));
  }
  return succeeded(null, { sent: true });
}

export default function ForgotPassword({ actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const errors = actionData?.errors ?? {};
  return (
    <AuthCard
      title="Forgot your password?"
      description="Enter your e-mail and we will send you a link to choose a new one."
      back={{ to: "/auth", label: "Back to sign in" }}
    >
      {actionData?.sent ? (
        <p role="status" className="rounded-md border border-green-300 bg-green-50 px-3 py-2 text-sm text-green-900">
          {RESET_REQUESTED}
        </p>
      ) : (
        <Form method="post" className="grid gap-4">
          <TextField name="email" label="Email" type="email" autoComplete="email" error={errors.email} />
          {errors.form ? (
            <p role="alert" className="text-sm text-destructive">
              {errors.form}
            </p>
          ) : null}
          <Button type="submit" disabled={navigation.state !== "idle"}>
            {navigation.state !== "idle" ? "Sending reset instructions..." : "Send reset instructions"}
          </Button>
        </Form>
      )}
    </AuthCard>
  );
}
