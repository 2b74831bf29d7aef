import type { Kysely } from "kysely";

import type { Database } from "~/lib/db/schema";
import { consumeRateLimit, peekRateLimit, type RateLimitDecision, type RateLimitRule } from "~/lib/rate-limit.server";

/**
 * Failed attempts counted per account, on top of the per-address limits
 * (Better Auth's for sign-in, the investor room's own): an attacker who
 * spreads guesses over many addresses still gets only this many per account
 * per window. Only failures count, so the account's owner signing in as
 * usual is never held up by it; the window is short, so a locked-out owner
 * waits minutes, not days.
 */
export const ACCOUNT_FAILURES: Record<AttemptKind, RateLimitRule> = {
  /** Wrong passwords for one e-mail address at sign-in (whether or not it has an account: the answer must not tell). */
  "sign-in": { max: 10, windowSeconds: 15 * 60 },
  /** Wrong current passwords or authenticator codes by a signed-in user (changing the password, turning two-factor on or off). */
  "account-check": { max: 5, windowSeconds: 15 * 60 },
  /** Reset e-mails to one address (requests, not failures: each one sends mail). */
  "password-reset": { max: 5, windowSeconds: 60 * 60 },
};

export type AttemptKind = "sign-in" | "account-check" | "password-reset";

const keyFor = (kind: AttemptKind, account: string) => `account|${kind}|${account.trim().toLowerCase()}`;

/** Whether the account may try again now (nothing is counted). */
export function accountAttemptAllowed(
  db: Kysely<Database>,
  kind: AttemptKind,
  account: string,
): Promise<RateLimitDecision> {
  return peekRateLimit(db, keyFor(kind, account), ACCOUNT_FAILURES[kind]);
}

/** Counts one failed (or, for password resets, one) attempt against the account; says whether it was still within the limit. */
export function recordAccountAttempt(
  db: Kysely<Database>,
  kind: AttemptKind,
  account: string,
): Promise<RateLimitDecision> {
  return consumeRateLimit(db, keyFor(kind, account), ACCOUNT_FAILURES[kind]);
}

/** "5 minutes" / "1 minute" for a message. */
export function waitText(seconds: number): string {
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  return `${minutes} minute${minutes === 1 ? "" : "s"}`;
}
