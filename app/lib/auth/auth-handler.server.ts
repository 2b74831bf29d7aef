import { accountAttemptAllowed, recordAccountAttempt, waitText } from "~/lib/attempt-limits.server";
import { hasRole } from "~/lib/auth/has-role.server";
import { getRuntime } from "~/lib/runtime.server";

import { CLIENT_IP_HEADER } from "./auth.server";
import type { SessionUser } from "./session.server";

const FORWARDED_HEADERS = ["cookie", "user-agent", CLIENT_IP_HEADER];

/**
 * Calls one of Better Auth's endpoints on behalf of a form action, so the same
 * rate limiter, checks and cookies apply as for its own HTTP API. The request
 * already passed our cross-site check, so it is sent with the site's origin.
 */
export async function callAuthEndpoint(request: Request, path: string, body: unknown): Promise<Response> {
  const { auth, env } = getRuntime();
  const headers = new Headers({ "content-type": "application/json", origin: new URL(env.APP_URL).origin });
  for (const name of FORWARDED_HEADERS) {
    const value = request.headers.get(name);
    if (value) headers.set(name, value);
  }
  return auth.handler(
    new Request(`${env.APP_URL}/api/auth${path}`, { method: "POST", headers, body: JSON.stringify(body) }),
  );
}

export function setCookieHeaders(response: Response): Headers {
  const headers = new Headers();
  for (const cookie of response.headers.getSetCookie()) headers.append("Set-Cookie", cookie);
  return headers;
}

export type SignInResult =
  | { ok: true; user: SessionUser; headers: Headers }
  | { ok: "two-factor"; headers: Headers }
  | { ok: false; status: number; error: string };

export async function signInWithPassword(request: Request, email: string, password: string): Promise<SignInResult> {
  const runtime = getRuntime();
  // Wrong passwords are also counted per e-mail address, so guesses spread over many client addresses still stop.
  const allowed = await accountAttemptAllowed(runtime.database.db, "sign-in", email);
  if (!allowed.allowed) {
    return {
      ok: false,
      status: 429,
      error: `Too many sign-in attempts for this account. Please wait ${waitText(allowed.retryAfterSeconds)} and try again.`,
    };
  }
  const response = await callAuthEndpoint(request, "/sign-in/email", { email, password, rememberMe: true });
  if (response.ok) {
    const body = (await response.json()) as { user: { id: string; email: string }; twoFactorRedirect?: boolean };
    if (body.twoFactorRedirect) return { ok: "two-factor", headers: setCookieHeaders(response) };
    const isAdmin = await hasRole(runtime, body.user.id, "admin");
    return {
      ok: true,
      user: { id: body.user.id, email: body.user.email, isAdmin },
      headers: setCookieHeaders(response),
    };
  }
  if (response.status === 429) {
    const seconds = Number(response.headers.get("X-Retry-After")) || 60;
    return {
      ok: false,
      status: 429,
      error: `Too many sign-in attempts. Please wait ${seconds} seconds and try again.`,
    };
  }
  if (response.status === 401 || response.status === 400) {
    await recordAccountAttempt(runtime.database.db, "sign-in", email);
    return { ok: false, status: 401, error: "Invalid email or password" };
  }
  if (response.status === 403) {
    return { ok: false, status: 403, error: "This account has been deactivated. Please contact us to restore access." };
  }
  runtime.log.error({ status: response.status, body: await response.text() }, "sign-in failed unexpectedly");
  return { ok: false, status: 500, error: "An unexpected error occurred. Please try again." };
}

/** Finishes a two-factor sign-in with an authenticator code (6 digits) or a backup code. */
export async function completeTwoFactor(request: Request, code: string): Promise<SignInResult> {
  const runtime = getRuntime();
  const isTotp = /^\d{6}$/.test(code);
  const response = await callAuthEndpoint(
    request,
    isTotp ? "/two-factor/verify-totp" : "/two-factor/verify-backup-code",
    { code, trustDevice: false },
  );
  if (response.ok) {
    const body = (await response.json()) as { user?: { id: string; email: string }; token?: string };
    const userId = body.user?.id;
    if (!userId) return { ok: false, status: 500, error: "An unexpected error occurred. Please try again." };
    const isAdmin = await hasRole(runtime, userId, "admin");
    return { ok: true, user: { id: userId, email: body.user!.email, isAdmin }, headers: setCookieHeaders(response) };
  }
  if (response.status === 429)
    return { ok: false, status: 429, error: "Too many attempts. Please wait a minute and try again." };
  const { code: errorCode } = (await response
    .clone()
    .json()
    .catch(() => ({}))) as { code?: string };
  if (response.status === 401 && errorCode === "INVALID_TWO_FACTOR_COOKIE") {
    return { ok: false, status: 401, error: "This sign-in has expired. Please enter your email and password again." };
  }
  // Better Auth allows five wrong codes per sign-in; after that only a new sign-in gets a new chance.
  if (errorCode === "TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE") {
    return {
      ok: false,
      status: 429,
      error: "Too many wrong codes for this sign-in. Please enter your email and password again.",
    };
  }
  return {
    ok: false,
    status: 401,
    error: isTotp
      ? "That code is not valid. Check your authenticator app and try again."
      : "That backup code is not valid.",
  };
}

export async function signOutSession(request: Request): Promise<{ ok: boolean; headers: Headers }> {
  const response = await callAuthEndpoint(request, "/sign-out", {});
  // Without a valid session there is nothing to end: Better Auth answers 4xx, and the visitor is signed out all the same.
  if (response.status >= 500) {
    getRuntime().log.error({ status: response.status }, "sign-out failed");
    return { ok: false, headers: new Headers() };
  }
  return { ok: true, headers: setCookieHeaders(response) };
}
