import { useId, useState, type FormEvent } from "react";
import { useFetcher } from "react-router";

import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { formError, type ActionResult } from "~/lib/action-result";
import { signInSchema } from "~/lib/auth/sign-in-schema";
import { fieldErrorsOf } from "~/lib/user-error";

/** The sign-in action's answer: the e-mail typed comes back with a refusal. */
export type SignInActionData = ActionResult & { email?: string };

/**
 * The e-mail and password form shared by the /auth page and the Login dialog.
 * It posts to the /auth action, so it also works before JavaScript has loaded.
 */
export function LoginForm({ redirectTo, fallbackError }: { redirectTo?: string; fallbackError?: SignInActionData }) {
  const fetcher = useFetcher<SignInActionData>();
  const id = useId();
  const [clientError, setClientError] = useState<SignInActionData | null>(null);
  const result = clientError ?? fetcher.data ?? fallbackError;
  const submitting = fetcher.state !== "idle";
  const errorId = `${id}-error`;
  const error = formError(result);

  const validate = (event: FormEvent<HTMLFormElement>) => {
    const form = new FormData(event.currentTarget);
    const parsed = signInSchema.safeParse({ email: form.get("email"), password: form.get("password") });
    if (parsed.success) {
      setClientError(null);
      return;
    }
    event.preventDefault();
    setClientError({ ok: false, errors: fieldErrorsOf(parsed.error), email: String(form.get("email") ?? "") });
  };

  return (
    <fetcher.Form method="post" action="/auth" className="grid gap-4" noValidate onSubmit={validate}>
      {redirectTo ? <input type="hidden" name="redirectTo" value={redirectTo} /> : null}
      <div className="grid gap-2">
        <Label htmlFor={`${id}-email`}>Email</Label>
        <Input
          id={`${id}-email`}
          name="email"
          type="email"
          autoComplete="email"
          required
          defaultValue={result?.email}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
        />
      </div>
      <div className="grid gap-2">
        <Label htmlFor={`${id}-password`}>Password</Label>
        <Input
          id={`${id}-password`}
          name="password"
          type="password"
          autoComplete="current-password"
          required
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
        />
      </div>
      <Button type="submit" disabled={submitting} className="w-full">
        {submitting ? "Signing In..." : "Sign In"}
      </Button>
      <a
        href="/forgot-password"
        className="justify-self-start text-sm font-medium text-primary underline-offset-4 hover:underline"
      >
        Forgot your password?
      </a>
      {error ? (
        <p
          id={errorId}
          role="alert"
          className="rounded-md border border-destructive/40 bg-destructive/10 px-3 py-2 text-sm text-destructive"
        >
          {error}
        </p>
      ) : null}
    </fetcher.Form>
  );
}

export function NeedAnAccount({ contactEmail }: { contactEmail: string }) {
  return (
    <div className="rounded-lg border bg-muted/50 p-4 text-sm">
      <p className="font-medium">Need an account?</p>
      <p className="mt-1 text-muted-foreground">
        Accounts are set up by our team. Email{" "}
        <a
          className="font-medium text-primary underline underline-offset-4"
          href={`mailto:${contactEmail}?subject=${encodeURIComponent("Electrify account request")}`}
        >
          {contactEmail}
        </a>{" "}
        to request one.
      </p>
    </div>
  );
}
