import { Form, useNavigation } from "react-router";

import { AuthCard } from "~/components/auth-card";
import { TextField } from "~/components/text-field";
import { Button } from "~/components/ui/button";
import { PASSWORD_RESET_DONE, resetPasswordSchema } from "~/features/users";
import { failed } from "~/lib/action-result.server";
import { callAuthEndpoint } from "~/lib/auth/auth-handler.server";
import { readForm } from "~/lib/request-body.server";
import { redirectWithToast } from "~/lib/toast.server";
import { invalidInput, UserError } from "~/lib/user-error";

import type { Route } from "./+types/reset-password";

export const meta: Route.MetaFunction = () => [
  { title: "Choose a new password | Electrify" },
  { name: "referrer", content: "no-referrer" },
];

export function loader({ request }: Route.LoaderArgs) {
  return { token: new URL(request.url).searchParams.get("token") ?? "" };
}

export async function action({ request }: Route.ActionArgs) {
  const form = await readForm(request);
  const parsed = resetPasswordSchema.safeParse(Object.fromEntries(form));
  if (!parsed.success) return failed(invalidInput(parsed.error));
  const response = await callAuthEndpoint(request, "/reset-password", {
    token: parsed.data.token,
    newPassword: parsed.data.newPassword,
  });
  if (response.ok) return redirectWithToast("/auth", { type: "success", title: PASSWORD_RESET_DONE });
  if (response.status === 429)
    return failed(new UserError("Too many attempts. Please wait a minute and try again.", { status: 429 }));
  return failed(new UserError("This reset link is invalid or has expired. Please request a new one."));
}

export default function ResetPassword({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const errors = actionData?.errors ?? {};
  return (
    <AuthCard
      title="Choose a new password"
      description="At least 6 characters. Other devices will be signed out."
      back={{ to: "/forgot-password", label: "Request a new link" }}
    >
      <Form method="post" className="grid gap-4">
        <input type="hidden" name="token" value={loaderData.token} />
        <TextField
          name="newPassword"
          label="New password"
          type="password"
          autoComplete="new-password"
          error={errors.newPassword}
        />
        <TextField
          name="confirmPassword"
          label="Confirm new password"
          type="password"
          autoComplete="new-password"
          error={errors.confirmPassword}
        />
        {errors.form || errors.token ? (
          <p role="alert" className="text-sm text-destructive">
            {errors.form ?? errors.token}
          </p>
        ) : null}
        <Button type="submit" disabled={navigation.state !== "idle"}>
          Update password
        </Button>
      </Form>
    </AuthCard>
  );
}
