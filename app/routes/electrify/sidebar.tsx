import {
  Building2Icon,
  GaugeIcon,
  HomeIcon,
  LayoutDashboardIcon,
  LogOutIcon,
  MapIcon,
  MilestoneIcon,
  PanelLeftIcon,
  PencilRulerIcon,
  PlugZapIcon,
  UsersIcon,
  UtilityPoleIcon,
} from "lucide-react";
import { useCallback, useEffect, useState } from "react";
import { NavLink, useLocation } from "react-router";

import { Sheet, SheetContent, SheetDescription, SheetTitle } from "~/components/ui/sheet";
import { useSignOut } from "~/components/use-sign-out";
import { cn } from "~/lib/utils";

import { SIDEBAR_COOKIE, SIDEBAR_COOKIE_MAX_AGE } from "./sidebar-state";

const ENTRIES = [
  { to: "/electrify/dashboard", label: "Dashboard", icon: LayoutDashboardIcon },
  { to: "/electrify/company-setup", label: "Company Setup", icon: Building2Icon },
  { to: "/electrify/energy-map", label: "Energy to Depot", icon: MapIcon },
  // Also lit inside a depot's workspace, which it opens.
  { to: "/electrify/depot-details", label: "Depot Details", icon: PencilRulerIcon, within: "/electrify/depots/" },
  { to: "/electrify/portfolio", label: "Portfolio and Roadmap", icon: MilestoneIcon },
  { to: "/electrify/operations", label: "Operations", icon: PlugZapIcon },
  { to: "/electrify/hubs", label: "Charging Hubs", icon: UtilityPoleIcon },
  { to: "/electrify/team", label: "Team", icon: UsersIcon },
] as const;

const MOBILE_QUERY = "(max-width: 767px)";

function SidebarLinks({ collapsed, onNavigate }: { collapsed: boolean; onNavigate?: () => void }) {
  const { signOut, pending, label } = useSignOut("/auth");
  const { pathname } = useLocation();
  const item =
    "flex h-10 items-center gap-3 rounded-md px-3 text-sm font-medium outline-none hover:bg-accent hover:text-accent-foreground focus-visible:ring-[3px] focus-visible:ring-ring/60";
  return (
    <nav aria-label="Electrify" className="flex flex-1 flex-col gap-1 p-2">
      {ENTRIES.map((entry) => (
        <NavLink
          key={entry.to}
          to={entry.to}
          onClick={onNavigate}
          title={collapsed ? entry.label : undefined}
          className={({ isActive }) =>
            cn(
              item,
              (isActive || ("within" in entry && pathname.startsWith(entry.within))) && "bg-primary/10 text-primary",
              collapsed && "justify-center px-0",
            )
          }
        >
          <entry.icon className="size-4 shrink-0" aria-hidden="true" />
          <span className={cn(collapsed && "sr-only")}>{entry.label}</span>
        </NavLink>
      ))}
      {/* Home leaves the workspace with a full page load (specification §2). */}
      <a href="/" title={collapsed ? "Home" : undefined} className={cn(item, collapsed && "justify-center px-0")}>
        <HomeIcon className="size-4 shrink-0" aria-hidden="true" />
        <span className={cn(collapsed && "sr-only")}>Home</span>
      </a>
      <button
        type="button"
        onClick={signOut}
        disabled={pending}
        title={collapsed ? label : undefined}
        className={cn(item, "mt-auto text-left", collapsed && "justify-center px-0")}
      >
        <LogOutIcon className="size-4 shrink-0" aria-hidden="true" />
        <span className={cn(collapsed && "sr-only")}>{label}</span>
      </button>
    </nav>
  );
}

/**
 * The Electrify sidebar: 16rem wide, 3rem when collapsed, a drawer of 18rem
 * under 768 px. The state is kept in a cookie for 7 days so the server
 * renders it the same way; Ctrl or Cmd + B toggles it.
 */
export function ElectrifySidebar({
  initiallyCollapsed,
  children,
}: {
  initiallyCollapsed: boolean;
  children: React.ReactNode;
}) {
  const [collapsed, setCollapsed] = useState(initiallyCollapsed);
  const [mobileOpen, setMobileOpen] = useState(false);

  const toggle = useCallback(() => {
    if (window.matchMedia(MOBILE_QUERY).matches) {
      setMobileOpen((open) => !open);
      return;
    }
    setCollapsed((value) => {
      const next = !value;
      document.cookie = `${SIDEBAR_COOKIE}=${next ? "collapsed" : "expanded"}; path=/; max-age=${SIDEBAR_COOKIE_MAX_AGE}; samesite=lax`;
      return next;
    });
  }, []);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key.toLowerCase() === "b" && (event.ctrlKey || event.metaKey) && !event.altKey && !event.shiftKey) {
        event.preventDefault();
        toggle();
      }
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [toggle]);

  return (
    <div className="flex flex-1">
      <aside
        id="electrify-sidebar"
        aria-label="Electrify sidebar"
        className={cn(
          "hidden shrink-0 flex-col border-r bg-muted/30 transition-[width] duration-200 motion-reduce:transition-none md:flex",
          collapsed ? "w-12" : "w-64",
        )}
      >
        {/* The aside runs the page's full height (its background meets the footer); its contents stay in view below the sticky header. */}
        <div className="sticky top-16 flex h-[calc(100vh-4rem)] flex-col">
          <p
            className={cn(
              "flex h-12 items-center border-b px-4 text-lg font-bold text-primary",
              collapsed && "justify-center px-0",
            )}
          >
            {collapsed ? <GaugeIcon className="size-5" aria-label="Electrify" /> : "Electrify"}
          </p>
          <SidebarLinks collapsed={collapsed} />
        </div>
      </aside>
      <Sheet open={mobileOpen} onOpenChange={setMobileOpen}>
        <SheetContent className="left-0 right-auto w-72 border-r border-l-0 p-0 sm:max-w-72">
          <SheetTitle className="flex h-12 items-center border-b px-4 text-lg font-bold text-primary">
            Electrify
          </SheetTitle>
          <SheetDescription className="sr-only">Electrify workspace navigation</SheetDescription>
          <SidebarLinks collapsed={false} onNavigate={() => setMobileOpen(false)} />
        </SheetContent>
      </Sheet>
      <div className="flex min-w-0 flex-1 flex-col">
        <div className="flex h-12 items-center gap-2 border-b px-2">
          <button
            type="button"
            onClick={toggle}
            aria-controls="electrify-sidebar"
            aria-expanded={!collapsed}
            className="inline-flex size-9 items-center justify-center rounded-md hover:bg-accent focus-visible:ring-[3px] focus-visible:ring-ring/60 focus-visible:outline-none"
          >
            <PanelLeftIcon className="size-4" aria-hidden="true" />
            <span className="sr-only">Toggle sidebar (Ctrl+B)</span>
          </button>
          <span className="text-sm text-muted-foreground">Electrify workspace</span>
        </div>
        {children}
      </div>
    </div>
  );
}
