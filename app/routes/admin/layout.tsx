import { Outlet } from "react-router";

import { requireAdminMiddleware } from "~/lib/auth/guards.server";

import type { Route } from "./+types/layout";

/** Admins only: anyone else is sent to / (or to sign in first). */
export const middleware: Route.MiddlewareFunction[] = [requireAdminMiddleware];

export default function AdminLayout() {
  return <Outlet />;
}
