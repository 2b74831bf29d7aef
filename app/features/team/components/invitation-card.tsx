import { Form, Link, useNavigation } from "react-router";

import { AuthCard } from "~/components/auth-card";
import { FormError } from "~/components/text-area-field";
import { TextField } from "~/components/text-field";
import { Button } from "~/components/ui/button";
import type { ActionResult } from "~/lib/action-result";
import { ROLE_DESCRIPTIONS, ROLE_LABELS, type CompanyRole } from "~/lib/company-roles";

import { INVITATION_REFUSALS } from "../team-schemas";

type Invitation =
  | { state: keyof typeof INVITATION_REFUSALS }
  | { state: "open"; company: string; role: CompanyRole; email: string; accountExists: boolean };

/**
 * A team invitation's page: join as the invited address (signed in, or with a new account), or why the link grants
 * nothing (used, expired, replaced, someone else signed in).
 */
export function InvitationCard({
  invitation,
  signedInAs,
  token,
  result,
}: {
  invitation: Invitation;
  signedInAs: string | null;
  token: string;
  result?: ActionResult;
}) {
  const busy = useNavigation().state !== "idle";
  const back = { to: "/", label: "Go to the home page" };
  if (invitation.state !== "open") {
    return (
      <AuthCard title="This invitation cannot be used" description={INVITATION_REFUSALS[invitation.state]} back={back}>
        {null}
      </AuthCard>
    );
  }
  const role = ROLE_LABELS[invitation.role].toLowerCase();
  const title = `Join ${invitation.company}`;
  const description = `You are invited as ${role}: ${ROLE_DESCRIPTIONS[invitation.role].toLowerCase()}`;
  const errors = result?.errors ?? {};
  if (signedInAs && signedInAs !== invitation.email) {
    return (
      <AuthCard title={title} description={description} back={back}>
        <p role="alert" className="text-sm">
          This invitation is for <strong>{invitation.email}</strong>, and you are signed in as{" "}
          <strong>{signedInAs}</strong>. Sign out, then open the link again to accept it as {invitation.email}.
        </p>
        <Form method="post" action="/auth/sign-out">
          <Button type="submit" variant="outline" className="w-full">
            Sign out
          </Button>
        </Form>
      </AuthCard>
    );
  }
  if (signedInAs) {
    return (
      <AuthCard title={title} description={description} back={{ to: "/electrify/dashboard", label: "Not now" }}>
        <Form method="post" className="grid gap-3">
          <FormError>{errors.form}</FormError>
          <Button type="submit" name="intent" value="accept" disabled={busy}>
            Accept and join {invitation.company}
          </Button>
        </Form>
      </AuthCard>
    );
  }
  if (invitation.accountExists) {
    const next = new URLSearchParams({ redirectTo: `/invitations/${token}` });
    return (
      <AuthCard title={title} description={description} back={back}>
        <p className="text-sm">{invitation.email} already has an Electrify account. Sign in with it to accept.</p>
        <Button asChild>
          <Link to={`/auth?${next}`}>Sign in to accept</Link>
        </Button>
      </AuthCard>
    );
  }
  return (
    <AuthCard title={title} description={description} back={back}>
      <Form method="post" className="grid gap-4">
        <FormError>{errors.form}</FormError>
        <p className="text-sm">
          Create your account for <strong>{invitation.email}</strong>.
        </p>
        <TextField name="name" label="Your name" autoComplete="name" required error={errors.name} />
        <TextField
          name="password"
          label="Password"
          type="password"
          autoComplete="new-password"
          required
          error={errors.password}
        />
        <TextField
          name="confirmPassword"
          label="Confirm password"
          type="password"
          autoComplete="new-password"
          required
          error={errors.confirmPassword}
        />
        <Button type="submit" name="intent" value="create" disabled={busy}>
          Create account and join
        </Button>
      </Form>
    </AuthCard>
  );
}
