import { Outlet } from "react-router";

import { AppHeader } from "~/components/app-header";
import { AppFooter } from "~/components/footers";
import { requireUserMiddleware } from "~/lib/auth/guards.server";

import type { Route } from "./+types/app-layout";

/** Every page below needs a session; without one the visitor is sent to /auth?redirectTo=… */
export const middleware: Route.MiddlewareFunction[] = [requireUserMiddleware];

export default function AppLayout() {
  return (
    <div className="flex min-h-screen flex-col">
      <AppHeader />
      <main id="main" className="flex-1">
        <Outlet />
      </main>
      <AppFooter />
    </div>
  );
}
