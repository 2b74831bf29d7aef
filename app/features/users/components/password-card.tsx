import { Form } from "react-router";

import { TextField } from "~/components/text-field";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";

import type { CardState } from "./profile-card";

/** Changing the password (the form is drawn anew after a refusal, so no password stays in it). */
export function PasswordCard({ errors, busy, retry }: CardState & { retry: boolean }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Update Password</CardTitle>
        <CardDescription>Other devices are signed out when your password changes.</CardDescription>
      </CardHeader>
      <CardContent>
        <Form method="post" className="grid gap-4" key={retry ? "password-retry" : "password"}>
          <input type="hidden" name="intent" value="password" />
          <TextField
            name="currentPassword"
            label="Current password"
            type="password"
            autoComplete="current-password"
            error={errors.currentPassword}
          />
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
          {errors.form ? (
            <p role="alert" className="text-sm text-destructive">
              {errors.form}
            </p>
          ) : null}
          <div>
            <Button type="submit" disabled={busy}>
              {busy ? "Updating..." : "Update Password"}
            </Button>
          </div>
        </Form>
      </CardContent>
    </Card>
  );
}
