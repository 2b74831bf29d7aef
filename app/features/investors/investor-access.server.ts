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

export async function issueInvestorGrant(now = Date.now()): Promise<string> {
  return investorGrantCookie().serialize({ expiresAt: now + GRANT_MINUTES * 60_000 });
}

export async function revokeInvestorGrant(): Promise<string> {
  return investorGrantCookie().serialize("", { maxAge: 0 });
}

/** True when the request carries an unexpired grant signed by this server. */
export async function hasInvestorGrant(request: Request, now = Date.now()): Promise<boolean> {
  const value: unknown = await investorGrantCookie().parse(request.headers.get("Cookie"));
  if (typeof value !== "object" || value === null || !("expiresAt" in value)) return false;
  return typeof value.expiresAt === "number" && value.expiresAt > now;
}
