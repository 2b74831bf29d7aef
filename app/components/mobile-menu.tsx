import type { MouseEvent, ReactNode, RefObject } from "react";
import { Link } from "react-router";

import { navigationLinkClass } from "~/components/ui/navigation-menu";
import { Sheet, SheetContent, SheetDescription, SheetTitle } from "~/components/ui/sheet";

export type MenuLink = { to: string; title: string };

/** The marketing menu as a right-side drawer (under 768 px). Loaded on first open. */
export default function MobileMenu({
  open,
  onOpenChange,
  solutions,
  actions,
  returnFocusTo,
}: {
  returnFocusTo: RefObject<HTMLButtonElement | null>;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  solutions: MenuLink[];
  actions: ReactNode;
}) {
  const close = (_event: MouseEvent) => onOpenChange(false);
  return (
    <Sheet open={open} onOpenChange={onOpenChange}>
      <SheetContent
        aria-describedby={undefined}
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          returnFocusTo.current?.focus();
        }}
      >
        <SheetTitle>Menu</SheetTitle>
        <SheetDescription className="sr-only">Site navigation</SheetDescription>
        <nav aria-label="Mobile" className="flex flex-col gap-1">
          <Link to="/products" className={`${navigationLinkClass} justify-start`} onClick={close}>
            Products
          </Link>
          <p className="px-4 pt-2 text-xs font-semibold tracking-wide text-muted-foreground uppercase">Solutions</p>
          {solutions.map((solution) => (
            <Link
              key={solution.to}
              to={solution.to}
              className={`${navigationLinkClass} justify-start pl-8`}
              onClick={close}
            >
              {solution.title}
            </Link>
          ))}
          <Link to="/about-us" className={`${navigationLinkClass} justify-start`} onClick={close}>
            About us
          </Link>
        </nav>
        <div className="mt-4 flex flex-col gap-2">{actions}</div>
      </SheetContent>
    </Sheet>
  );
}
