import { Outlet } from "react-router";

import { ReadOnlyNote } from "~/features/team";

import type { Route } from "./+types/layout";
import { ElectrifySidebar } from "./sidebar";
import { sidebarCollapsedFromCookie } from "./sidebar-state";

export function loader({ request }: Route.LoaderArgs) {
  return { collapsed: sidebarCollapsedFromCookie(request.headers.get("Cookie")) };
}

/** The Electrify workspace: the sidebar beside every /electrify/… page (the app layout above requires a session). */
export default function ElectrifyLayout({ loaderData }: Route.ComponentProps) {
  return (
    <ElectrifySidebar initiallyCollapsed={loaderData.collapsed}>
      <ReadOnlyNote />
      <Outlet />
    </ElectrifySidebar>
  );
}
