import { Form } from "react-router";

import { TextField } from "~/components/text-field";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";

export type TwoFactorSetup = { totpURI: string; qrSvg: string; secret: string; backupCodes: string[] };

/** Two-factor sign-in: set up (password, then QR code and a code from the app), or turn off (code and password). */
export function TwoFactorCard({
  enabled,
  required,
  setup,
  errors,
  busy,
}: {
  enabled: boolean;
  required: boolean;
  setup: TwoFactorSetup | undefined;
  errors: (intent: string) => Record<string, string>;
  busy: (intent: string) => boolean;
}) {
  return (
    <Card id="two-factor">
      <CardHeader>
        <CardTitle>Two-factor sign-in</CardTitle>
        <CardDescription>
          {enabled
            ? "On: signing in asks for a code from your authenticator app."
            : "Protect your account with a code from an authenticator app."}
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {required && !enabled ? (
          <p role="alert" className="rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900">
            Admin pages need two-factor sign-in. Set it up below to continue.
          </p>
        ) : null}
        {enabled ? (
          <Form method="post" className="grid gap-4">
            <input type="hidden" name="intent" value="disable-2fa" />
            <TextField
              name="code"
              label="Code from your app"
              inputMode="numeric"
              autoComplete="one-time-code"
              error={errors("disable-2fa").code}
            />
            <TextField
              name="password"
              label="Password"
              type="password"
              autoComplete="current-password"
              error={errors("disable-2fa").password}
            />
            <div>
              <Button type="submit" variant="outline" disabled={busy("disable-2fa")}>
                Turn off two-factor sign-in
              </Button>
            </div>
          </Form>
        ) : setup ? (
          <div className="grid gap-4">
            <p className="text-sm">Scan this code with your authenticator app, or type the secret key into it.</p>
            <div
              role="img"
              aria-label="QR code for your authenticator app"
              className="w-[200px]"
              dangerouslySetInnerHTML={{ __html: setup.qrSvg }}
            />
            <p className="text-sm">
              Secret key:{" "}
              <code data-testid="totp-secret" className="rounded bg-muted px-1.5 py-0.5 font-mono">
                {setup.secret}
              </code>
            </p>
            {setup.backupCodes.length > 0 ? (
              <div className="grid gap-2">
                <p className="text-sm font-medium">
                  Backup codes: each works once if you lose your phone. Keep them somewhere safe; they are shown only
                  now.
                </p>
                <ul aria-label="Backup codes" className="grid grid-cols-2 gap-1 font-mono text-sm">
                  {setup.backupCodes.map((code) => (
                    <li key={code}>{code}</li>
                  ))}
                </ul>
              </div>
            ) : null}
            <Form method="post" className="grid gap-4">
              <input type="hidden" name="intent" value="verify-2fa" />
              <input type="hidden" name="totpURI" value={setup.totpURI} />
              <TextField
                name="code"
                label="Code from your app"
                inputMode="numeric"
                autoComplete="one-time-code"
                error={errors("enable-2fa").code}
              />
              <div>
                <Button type="submit" disabled={busy("verify-2fa")}>
                  Confirm and turn on
                </Button>
              </div>
            </Form>
          </div>
        ) : (
          <Form method="post" className="grid gap-4">
            <input type="hidden" name="intent" value="enable-2fa" />
            <TextField
              name="password"
              label="Password"
              type="password"
              autoComplete="current-password"
              error={errors("enable-2fa").password}
            />
            <div>
              <Button type="submit" disabled={busy("enable-2fa")}>
                Set up two-factor sign-in
              </Button>
            </div>
          </Form>
        )}
      </CardContent>
    </Card>
  );
}
