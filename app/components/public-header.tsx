import { MailIcon, MenuIcon } from "lucide-react";
import { lazy, Suspense, useEffect, useRef, useState, type MouseEvent } from "react";
import { Link, useLocation } from "react-router";

import { useLoginDialog } from "~/components/login-dialog-provider";
import { Logo } from "~/components/logo";
import { Button } from "~/components/ui/button";
import { NavDropdown, navigationLinkClass } from "~/components/ui/navigation-menu";
import { useRootData } from "~/lib/use-root-data";
import { cn } from "~/lib/utils";

const MobileMenu = lazy(() => import("~/components/mobile-menu"));

const solutions = [
  { to: "/electrify", title: "Electrify", text: "Plan and cost the electrification of your depots." },
  { to: "/box-charge", title: "Box Charge", text: "Low-cost smart charging where and when you need it." },
];

function useScrolledPast(offset: number, enabled: boolean): boolean {
  const [scrolled, setScrolled] = useState(false);
  useEffect(() => {
    if (!enabled) return;
    const update = () => setScrolled(window.scrollY > offset);
    update();
    window.addEventListener("scroll", update, { passive: true });
    return () => window.removeEventListener("scroll", update);
  }, [offset, enabled]);
  return scrolled;
}

/**
 * The public header: logo, Login and Contact Us, plus the marketing menu on
 * marketing pages (a right-side drawer under 768 px). On the home page it is
 * fixed and gains a shadow once the page has scrolled more than 10 px.
 */
export function PublicHeader({ showMenu, fixed = false }: { showMenu: boolean; fixed?: boolean }) {
  const { contactEmail, user } = useRootData();
  const { pathname } = useLocation();
  const loginDialog = useLoginDialog();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [drawerRequested, setDrawerRequested] = useState(false);
  const menuButton = useRef<HTMLButtonElement>(null);
  const scrolled = useScrolledPast(10, fixed);
  const mailto = `mailto:${contactEmail}`;

  const openLogin = (event: MouseEvent) => {
    setDrawerOpen(false);
    loginDialog.openFromLink(event);
  };

  // No Login button on the sign-in page itself.
  const onSignIn = pathname === "/auth" || pathname.startsWith("/auth/");
  const account = user ? (
    <Button asChild variant="outline" size="sm" className="sm:h-10 sm:px-4">
      <Link to={user.isAdmin ? "/admin" : "/depots"}>{user.isAdmin ? "Admin Dashboard" : "My Depots"}</Link>
    </Button>
  ) : onSignIn ? null : (
    <Button asChild size="sm" className="sm:h-10 sm:px-4">
      <a href="/auth" onClick={openLogin}>
        Login
      </a>
    </Button>
  );

  return (
    <>
      <header
        data-testid="public-header"
        data-scrolled={scrolled ? "true" : "false"}
        className={cn(
          "z-40 w-full border-b bg-background/95 backdrop-blur",
          fixed ? "fixed inset-x-0 top-0" : "sticky top-0",
          scrolled && "shadow-md",
        )}
      >
        <div className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-4 px-4 sm:px-6">
          <Logo />
          {showMenu ? (
            <nav className="hidden md:flex" aria-label="Main">
              <ul className="flex list-none items-center gap-1">
                <li>
                  <Link to="/products" className={navigationLinkClass}>
                    Products
                  </Link>
                </li>
                <NavDropdown label="Solutions">
                  <ul className="grid gap-1">
                    {solutions.map((solution) => (
                      <li key={solution.to}>
                        <Link
                          to={solution.to}
                          className="block rounded-md p-3 hover:bg-accent focus-visible:bg-accent focus-visible:outline-none"
                        >
                          <span className="block text-sm font-medium">{solution.title}</span>
                          <span className="block text-sm text-muted-foreground">{solution.text}</span>
                        </Link>
                      </li>
                    ))}
                  </ul>
                </NavDropdown>
                <li>
                  <Link to="/about-us" className={navigationLinkClass}>
                    About us
                  </Link>
                </li>
              </ul>
            </nav>
          ) : null}
          {/* Login (or the way back in) stays beside the menu button on a phone; Contact Us shrinks to an icon there, or moves into the menu. */}
          <div className="ml-auto flex items-center gap-2 md:ml-0">
            {account}
            <Button asChild variant="outline" className={showMenu ? "hidden md:inline-flex" : "hidden sm:inline-flex"}>
              <a href={mailto}>Contact Us</a>
            </Button>
            {showMenu ? null : (
              <Button asChild variant="outline" size="icon" className="sm:hidden">
                <a href={mailto} aria-label="Contact Us">
                  <MailIcon aria-hidden="true" />
                </a>
              </Button>
            )}
          </div>
          {showMenu ? (
            <Button
              ref={menuButton}
              variant="ghost"
              size="icon"
              className="md:hidden"
              aria-label="Open menu"
              aria-haspopup="dialog"
              aria-expanded={drawerOpen}
              onClick={() => {
                setDrawerRequested(true);
                setDrawerOpen(true);
              }}
            >
              <MenuIcon aria-hidden="true" />
            </Button>
          ) : null}
        </div>
      </header>
      {fixed ? <div className="h-16" aria-hidden="true" /> : null}
      {showMenu && drawerRequested ? (
        <Suspense fallback={null}>
          <MobileMenu
            open={drawerOpen}
            onOpenChange={setDrawerOpen}
            returnFocusTo={menuButton}
            solutions={solutions}
            actions={
              <>
                {account}
                <Button asChild variant="outline">
                  <a href={mailto}>Contact Us</a>
                </Button>
              </>
            }
          />
        </Suspense>
      ) : null}
    </>
  );
}
