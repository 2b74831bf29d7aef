import { createHash, timingSafeEqual } from "node:crypto";
import { createCookie, type Cookie } from "react-router";

import { getRuntime } from "~/lib/runtime.server";

/** How long an unlock lasts; closing the dialog ends it sooner. */
export const GRANT_MINUTES = 15;
/** Unlock attempts allowed per client address per window. */
export const UNLOCK_RATE_LIMIT = { max: 10, windowSeconds: 15 * 60 };
/** The specification keeps an 800 ms pause after a wrong password. */
export const WRONG_PASSWORD_DELAY_MS = 800;

const digest = (value: string) => createHash("sha256").update(value, "utf8").digest();

/**
 * Compares in constant time: both sides are hashed to the same length first,
 * so neither the content nor the length of the password leaks through timing.
 */
export function investorPasswordMatches(configured: string | undefined, candidate: string): boolean {
  if (!configured) return false;
  return timingSafeEqual(digest(configured), digest(candidate));
}

let grantCookie: Cookie | undefined;

function investorGrantCookie(): Cookie {
  const { env } = getRuntime();
  grantCookie ??= createCookie("electrify_investor", {
    path: "/investors",
    httpOnly: true,
    sameSite: "strict",
    secure: env.SECURE_COOKIES,
    secrets: [env.AUTH_SECRET],
    maxAge: GRANT_MINUTES * 60,
  });
  return grantCookie;
}

/**
 * Records a new grant and returns its cookie. The grant lives in the
 * database, so closing the room (revokeInvestorGrant) ends it at once on
 * every server process, even if a copy of the cookie was kept.
 */
export async function issueInvestorGrant(now = Date.now()): Promise<string> {
  const { database } = getRuntime();
  const id = crypto.randomUUID();
  const expiresAt = now + GRANT_MINUTES * 60_000;
  // Expired grants are cleared as new ones are made; there are only ever a few.
  await database.db.deleteFrom("investor_grants").where("expires_at", "<=", now).execute();
  await database.db.insertInto("investor_grants").values({ id, expires_at: expiresAt }).execute();
  return investorGrantCookie().serialize({ id, expiresAt });
}

/** Ends the request's grant on the server and clears its cookie. */
export async function revokeInvestorGrant(request: Request): Promise<string> {
  const grant = await grantOf(request);
  if (grant) await getRuntime().database.db.deleteFrom("investor_grants").where("id", "=", grant.id).execute();
  return investorGrantCookie().serialize("", { maxAge: 0 });
}

async function grantOf(request: Request): Promise<{ id: string; expiresAt: number } | null> {
  const value: unknown = await investorGrantCookie().parse(request.headers.get("Cookie"));
  if (typeof value !== "object" || value === null || !("id" in value) || !("expiresAt" in value)) return null;
  if (typeof value.id !== "string" || typeof value.expiresAt !== "number") return null;
  return { id: value.id, expiresAt: value.expiresAt };
}

/** True when the request carries an unexpired grant signed by this server that has not been revoked. */
export async function hasInvestorGrant(request: Request, now = Date.now()): Promise<boolean> {
  const grant = await grantOf(request);
  if (!grant || grant.expiresAt <= now) return false;
  const row = await getRuntime()
    .database.db.selectFrom("investor_grants")
    .select("expires_at")
    .where("id", "=", grant.id)
    .executeTakeFirst();
  return row !== undefined && Number(row.expires_at) > now;
}
