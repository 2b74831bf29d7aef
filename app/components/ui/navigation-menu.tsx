import { ChevronDownIcon } from "lucide-react";
import { useEffect, useId, useRef, useState, type ReactNode } from "react";
import { useLocation } from "react-router";

import { cn } from "~/lib/utils";

export const navigationLinkClass =
  "inline-flex h-10 items-center justify-center rounded-md px-4 py-2 text-sm font-medium transition-colors hover:bg-accent hover:text-accent-foreground focus-visible:outline-none focus-visible:ring-[3px] focus-visible:ring-ring/60";

/**
 * A dropdown in a site's navigation, as the W3C "disclosure navigation"
 * pattern: a button with aria-expanded showing a list of links. Opens on a
 * click or on hovering the button; closes on Escape (focus back on the
 * button), on a click or focus elsewhere, and on moving to another page.
 * Hand-made rather than Radix's NavigationMenu: the marketing pages load it,
 * and this is a few hundred bytes where that was about 12 KB.
 */
export function NavDropdown({ label, children }: { label: string; children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const id = useId();
  const root = useRef<HTMLLIElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const hover = useRef<ReturnType<typeof setTimeout>>(undefined);
  // A click just after hovering opened it means "open", not "close again".
  const hoverOpenedAt = useRef(0);
  const { pathname } = useLocation();

  // Another page: closed (adjusted while rendering, as React advises, rather than in an effect).
  const [shownOn, setShownOn] = useState(pathname);
  if (shownOn !== pathname) {
    setShownOn(pathname);
    setOpen(false);
  }
  useEffect(() => {
    if (!open) return;
    const outside = (event: Event) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    const escape = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      setOpen(false);
      button.current?.focus();
    };
    document.addEventListener("pointerdown", outside);
    document.addEventListener("focusin", outside);
    document.addEventListener("keydown", escape);
    return () => {
      document.removeEventListener("pointerdown", outside);
      document.removeEventListener("focusin", outside);
      document.removeEventListener("keydown", escape);
    };
  }, [open]);

  const later = (next: boolean) => {
    clearTimeout(hover.current);
    hover.current = setTimeout(
      () => {
        if (next) hoverOpenedAt.current = Date.now();
        setOpen(next);
      },
      next ? 150 : 300,
    );
  };
  return (
    <li
      ref={root}
      className="relative"
      onPointerEnter={(event) => event.pointerType === "mouse" && later(true)}
      onPointerLeave={(event) => event.pointerType === "mouse" && later(false)}
    >
      <button
        ref={button}
        type="button"
        aria-expanded={open}
        aria-controls={id}
        className={cn(navigationLinkClass, "group gap-1")}
        onClick={() => {
          clearTimeout(hover.current);
          setOpen((was) => !was || Date.now() - hoverOpenedAt.current < 1000);
        }}
      >
        {label}
        <ChevronDownIcon className="size-3 transition-transform group-aria-expanded:rotate-180" aria-hidden="true" />
      </button>
      <div
        id={id}
        hidden={!open}
        className="absolute top-full left-0 z-50 mt-2 w-64 rounded-md border bg-popover p-2 text-popover-foreground shadow-md"
      >
        {children}
      </div>
    </li>
  );
}
