import { redirect, type MiddlewareFunction, type RouterContextProvider } from "react-router";

import { may } from "~/lib/access/policy";
import { getRuntime } from "~/lib/runtime.server";

import { SESSION_COOKIE_PATTERN } from "./constants";
import { sessionUserContext, type SessionUser } from "./session.server";

export function landingPathFor(user: SessionUser): string {
  return user.isAdmin ? "/admin" : "/depots";
}

/** A request that still carries a session cookie but has no session: it expired or was ended elsewhere. */
function hadSession(request: Request): boolean {
  return SESSION_COOKIE_PATTERN.test(request.headers.get("Cookie") ?? "");
}

export function signInPathFor(request: Request): string {
  const url = new URL(request.url);
  // A client-side navigation or submission asks for "/page.data?_routes=…"; after signing in the user wants the page.
  url.pathname = url.pathname === "/_root.data" ? "/" : url.pathname.replace(/\.data$/, "");
  url.searchParams.delete("_routes");
  url.searchParams.delete("index");
  const params = new URLSearchParams({ redirectTo: `${url.pathname}${url.search}` });
  if (hadSession(request)) params.set("reason", "expired");
  return `/auth?${params}`;
}

export function getSessionUser(context: Readonly<RouterContextProvider>): SessionUser | null {
  return context.get(sessionUserContext);
}

/** For loaders and actions below a guarded layout: the user, or a redirect to sign in. */
export function requireUser(context: Readonly<RouterContextProvider>, request: Request): SessionUser {
  const user = context.get(sessionUserContext);
  if (!user) throw redirect(signInPathFor(request));
  return user;
}

/** Layout guard: no session → /auth?redirectTo=… */
export const requireUserMiddleware: MiddlewareFunction<Response> = ({ context, request }) => {
  requireUser(context, request);
};

/** Whether the policy lets this user into the consultancy's console. */
const mayConsole = (user: SessionUser) => may(user, "admin.console", { kind: "consultancy" });

/** Layout guard for /admin…: no session → sign in; a non-admin → /; with REQUIRE_ADMIN_2FA, an admin without two-factor sign-in → /account to set it up. */
export const requireAdminMiddleware: MiddlewareFunction<Response> = ({ context, request }) => {
  const user = requireUser(context, request);
  if (!mayConsole(user)) throw redirect("/");
  if (getRuntime().env.REQUIRE_ADMIN_2FA && !user.twoFactorEnabled) throw redirect("/account?twoFactor=required");
};

/** Layout guard for /depots…: admins review submissions in /admin instead. */
export const redirectAdminsMiddleware: MiddlewareFunction<Response> = ({ context }) => {
  if (context.get(sessionUserContext)?.isAdmin) throw redirect("/admin");
};

/** Public pages that a signed-in visitor skips (/, /auth): straight to their landing page. */
export const redirectSignedInToLandingMiddleware: MiddlewareFunction<Response> = ({ context }) => {
  const user = context.get(sessionUserContext);
  if (user) throw redirect(landingPathFor(user));
};

/** For admin loaders and actions: checked again here, not only by the layout, so a route moved elsewhere stays closed. */
export function requireAdmin(context: Readonly<RouterContextProvider>, request: Request): SessionUser {
  const user = requireUser(context, request);
  if (!mayConsole(user)) throw redirect("/");
  return user;
}
