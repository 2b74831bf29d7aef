import { LogOutIcon, MenuIcon, ShieldIcon } from "lucide-react";
import { useState } from "react";
import { Link } from "react-router";

import { CompanySwitcher } from "~/components/company-switcher";
import { LogoMark } from "~/components/logo";
import { Avatar, AvatarFallback } from "~/components/ui/avatar";
import { Button } from "~/components/ui/button";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "~/components/ui/dropdown-menu";
import { Sheet, SheetContent, SheetTitle, SheetTrigger } from "~/components/ui/sheet";
import { useSignOut } from "~/components/use-sign-out";
import { initialsFor } from "~/lib/initials";
import { useRootData } from "~/lib/use-root-data";

const menuLinks = [
  { to: "/electrify/dashboard", label: "Electrify Dashboard" },
  { to: "/electrify/company-setup", label: "Company Setup" },
  { to: "/electrify/team", label: "Team" },
  { to: "/depots", label: "Survey Depots" },
  { to: "/account", label: "Account Settings" },
];

/** Every entry of the signed-in menu, for the drawer on small screens. */
const drawerLinks = [
  { to: "/electrify/dashboard", label: "Electrify Dashboard" },
  { to: "/electrify/company-setup", label: "Company Setup" },
  { to: "/electrify/team", label: "Team" },
  { to: "/depots", label: "Survey Depots" },
  { to: "/account", label: "My Account" },
];

/**
 * The signed-in header: logo, 'Electrify', Contact Us, Admin (admins only)
 * and the user menu; under 768 px a menu button opens a drawer with every
 * entry (the header stays one row, opaque and sticky).
 */
export function AppHeader() {
  const { user, contactEmail, companies } = useRootData();
  const current = companies.find((c) => c.current);
  const { signOut, pending, label } = useSignOut("/");
  const [drawerOpen, setDrawerOpen] = useState(false);
  if (!user) return null;
  const displayName = user.name?.trim() || "User";

  return (
    <header className="sticky top-0 z-40 border-b bg-background">
      <div className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-3 px-4 sm:px-6">
        <div className="flex items-center gap-3">
          <Link
            to="/"
            aria-label="Electrify home"
            className="rounded-md focus-visible:ring-[3px] focus-visible:ring-ring/60 focus-visible:outline-none"
          >
            <LogoMark />
          </Link>
          <span className="text-lg font-bold">Electrify</span>
          {current ? (
            <span
              className="hidden max-w-56 truncate border-l pl-3 text-sm text-muted-foreground md:inline"
              title={current.name}
            >
              {current.name}
            </span>
          ) : null}
        </div>

        <nav aria-label="Account" className="hidden items-center gap-2 md:flex">
          <Button asChild variant="ghost">
            <a href={`mailto:${contactEmail}`}>Contact Us</a>
          </Button>
          {user.isAdmin ? (
            <Button asChild variant="ghost">
              <Link to="/admin">
                <ShieldIcon aria-hidden="true" />
                Admin
              </Link>
            </Button>
          ) : null}
          <DropdownMenu modal={false}>
            <DropdownMenuTrigger asChild>
              <Button variant="ghost" className="h-10 gap-2 px-2" aria-label={`User menu for ${displayName}`}>
                <Avatar>
                  <AvatarFallback>{initialsFor(user.name, user.email)}</AvatarFallback>
                </Avatar>
              </Button>
            </DropdownMenuTrigger>
            <DropdownMenuContent align="end" className="w-64" inline>
              <DropdownMenuLabel>
                <span className="block font-medium">{displayName}</span>
                <span className="block truncate text-muted-foreground">{user.email}</span>
                {user.organization ? (
                  <span className="block truncate text-muted-foreground">{user.organization}</span>
                ) : null}
              </DropdownMenuLabel>
              {current ? (
                <>
                  <DropdownMenuSeparator />
                  <div className="px-2 py-1.5">
                    <CompanySwitcher companies={companies} />
                  </div>
                </>
              ) : null}
              <DropdownMenuSeparator />
              {menuLinks.map((link) => (
                <DropdownMenuItem key={link.to} asChild>
                  <Link to={link.to}>{link.label}</Link>
                </DropdownMenuItem>
              ))}
              <DropdownMenuSeparator />
              <DropdownMenuItem
                disabled={pending}
                onSelect={(event) => {
                  event.preventDefault();
                  void signOut();
                }}
              >
                <LogOutIcon aria-hidden="true" />
                {label}
              </DropdownMenuItem>
            </DropdownMenuContent>
          </DropdownMenu>
        </nav>

        <Sheet open={drawerOpen} onOpenChange={setDrawerOpen}>
          <SheetTrigger asChild>
            <Button variant="ghost" size="icon" className="md:hidden" aria-label="Open menu">
              <MenuIcon aria-hidden="true" />
            </Button>
          </SheetTrigger>
          <SheetContent aria-describedby={undefined}>
            <SheetTitle>Menu</SheetTitle>
            <div className="text-sm">
              <p className="font-medium">{displayName}</p>
              <p className="truncate text-muted-foreground">{user.email}</p>
            </div>
            <CompanySwitcher companies={companies} />
            <nav aria-label="Account" className="flex flex-col gap-1">
              {drawerLinks.map((link) => (
                <Button key={link.to} asChild variant="ghost" className="justify-start">
                  <Link to={link.to} onClick={() => setDrawerOpen(false)}>
                    {link.label}
                  </Link>
                </Button>
              ))}
              {user.isAdmin ? (
                <Button asChild variant="ghost" className="justify-start">
                  <Link to="/admin" onClick={() => setDrawerOpen(false)}>
                    <ShieldIcon aria-hidden="true" />
                    Admin
                  </Link>
                </Button>
              ) : null}
              <Button asChild variant="ghost" className="justify-start">
                <a href={`mailto:${contactEmail}`}>Contact Us</a>
              </Button>
              <Button
                variant="outline"
                className="mt-2 justify-start"
                disabled={pending}
                onClick={() => void signOut()}
              >
                <LogOutIcon aria-hidden="true" />
                {label}
              </Button>
            </nav>
          </SheetContent>
        </Sheet>
      </div>
    </header>
  );
}
