import { Outlet } from "react-router";

import { redirectAdminsMiddleware } from "~/lib/auth/guards.server";

import type { Route } from "./+types/layout";

/** Admins review every submission from /admin; the /depots pages are the haulier's own view. */
export const middleware: Route.MiddlewareFunction[] = [redirectAdminsMiddleware];

export default function DepotsLayout() {
  return <Outlet />;
}
