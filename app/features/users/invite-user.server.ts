import { randomBytes } from "node:crypto";

import { deliverMail, enqueueMail } from "~/lib/mail/outbox.server";
import type { Runtime } from "~/lib/runtime.server";

import { createUser, type CreatedUser } from "./create-user.server";
import type { Role } from "./user-schemas";

/** How long an invitation link works. */
export const INVITATION_DAYS = 7;

/**
 * Creates an account whose password nobody knows and e-mails the person a
 * link to choose one (Better Auth's single-use reset token, valid for a week).
 */
export async function inviteUser(
  deps: Pick<Runtime, "auth" | "database" | "env" | "log">,
  input: { email: string; name?: string; role?: Role },
): Promise<CreatedUser & { emailSent: boolean }> {
  const user = await createUser(deps, { ...input, password: randomBytes(24).toString("base64url") });
  const token = randomBytes(24).toString("base64url");
  const context = await deps.auth.$context;
  await context.internalAdapter.createVerificationValue({
    value: user.id,
    identifier: `reset-password:${token}`,
    expiresAt: new Date(Date.now() + INVITATION_DAYS * 24 * 60 * 60 * 1000),
  });
  const id = await enqueueMail(deps.database.db, {
    to: user.email,
    subject: "Your Electrify account is ready",
    text: `${input.name ? `Hello ${input.name},\n\n` : ""}An Electrify account has been created for you.\n\nChoose your password here (the link works once, for ${INVITATION_DAYS} days):\n${deps.env.APP_URL}/reset-password?token=${encodeURIComponent(token)}\n\nThen sign in at ${deps.env.APP_URL}/auth with ${user.email}.\n\nElectrify`,
  });
  return { ...user, emailSent: await deliverMail(deps, id) };
}
