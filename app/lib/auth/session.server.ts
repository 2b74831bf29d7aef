import { createContext, type MiddlewareFunction } from "react-router";

import type { CurrentCompany } from "~/lib/company-roles";
import { requestInfoContext } from "~/lib/request-context";
import { getRuntime } from "~/lib/runtime.server";

export type SessionUser = {
  id: string;
  email: string;
  isAdmin: boolean;
  /** The current session's id (absent outside a request, e.g. in the CLI). */
  sessionId?: string;
  twoFactorEnabled?: boolean;
  /** The company they are working in now and their role there, a depot manager with their depots (features/team's middleware sets it). */
  company?: CurrentCompany & { depots?: readonly number[] };
};

export const sessionUserContext = createContext<SessionUser | null>(null);

/** Set when the session could not be checked (as opposed to there being none); the sign-in page explains it. */
export const sessionErrorContext = createContext<string | null>(null);

/**
 * Resolves the signed-in user once per request (root middleware), so every
 * guard and loader below reads the same answer. A session that Better Auth
 * refreshes sends its renewed cookie back with the response.
 */
export const sessionMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  const { auth, log } = getRuntime();
  let refreshedCookies: string[] = [];
  try {
    const result = await auth.api.getSession({ headers: request.headers, returnHeaders: true });
    const session = result.response;
    refreshedCookies = result.headers.getSetCookie();
    if (session && !session.user.banned) {
      const info = context.get(requestInfoContext);
      if (info) info.userId = session.user.id;
      context.set(sessionUserContext, {
        id: session.user.id,
        email: session.user.email,
        isAdmin: session.user.role === "admin",
        sessionId: session.session.id,
        twoFactorEnabled: session.user.twoFactorEnabled === true,
      });
    }
  } catch (error) {
    // The visitor is treated as signed out; the sign-in page says why.
    log.error({ err: error }, "session lookup failed");
    context.set(
      sessionErrorContext,
      error instanceof Error && error.message
        ? `Session check error: ${error.message}`
        : "An unexpected error occurred. Please try again.",
    );
  }
  const response = await next();
  appendCookiesNotAlreadySet(response.headers, refreshedCookies);
  return response;
};

/** A response that already sets a cookie (sign-in, sign-out) decides it; a refresh must not override it. */
export function appendCookiesNotAlreadySet(headers: Headers, cookies: string[]): void {
  if (cookies.length === 0) return;
  const alreadySet = new Set(headers.getSetCookie().map(cookieName));
  for (const cookie of cookies) {
    if (!alreadySet.has(cookieName(cookie))) headers.append("Set-Cookie", cookie);
  }
}

function cookieName(setCookie: string): string {
  return setCookie.slice(0, setCookie.indexOf("=")).trim();
}
