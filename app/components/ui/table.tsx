import { createContext, useContext, type ComponentProps } from "react";

import { cn } from "~/lib/utils";

/**
 * A wide table scrolls sideways; give it scrollLabel so keyboard users can focus and scroll it (a labelled region).
 * Or give it stackOnPhone: below the `sm` width each row becomes a small grid of its cells, each cell headed by its
 * `data-label` (cells without one, e.g. the row's name, stand alone; `max-sm:col-span-2` widens a cell). The table's
 * roles are then given explicitly, because a browser drops a table's semantics once its rows are no longer laid out
 * as rows.
 */
export function Table({
  className,
  scrollLabel,
  stackOnPhone = false,
  ...props
}: ComponentProps<"table"> & { scrollLabel?: string; stackOnPhone?: boolean }) {
  return (
    <div
      data-slot="table-container"
      className="relative w-full overflow-x-auto focus-visible:outline-2 focus-visible:outline-ring"
      {...(scrollLabel ? { tabIndex: 0, role: "region", "aria-label": scrollLabel } : {})}
    >
      <Stacked.Provider value={stackOnPhone}>
        <table
          data-slot="table"
          className={cn("w-full caption-bottom text-sm", stackOnPhone && STACKED, className)}
          {...(stackOnPhone ? { role: "table" } : {})}
          {...props}
        />
      </Stacked.Provider>
    </div>
  );
}

const Stacked = createContext(false);
/** Explicit roles for a stacked table's parts (see Table). */
const useRole = (role: string) => (useContext(Stacked) ? { role } : {});

const STACKED = [
  "max-sm:block max-sm:whitespace-normal max-sm:[&_thead]:sr-only max-sm:[&_tbody]:block",
  "max-sm:[&_tr]:grid max-sm:[&_tr]:grid-cols-2 max-sm:[&_tr]:gap-x-4 max-sm:[&_tr]:gap-y-2 max-sm:[&_tr]:py-3",
  "max-sm:[&_td]:p-0 max-sm:[&_td]:text-left",
  "max-sm:[&_td]:before:block max-sm:[&_td]:before:text-xs max-sm:[&_td]:before:text-muted-foreground",
  "max-sm:[&_td]:before:content-[attr(data-label)]",
].join(" ");

export function TableHeader({ className, ...props }: ComponentProps<"thead">) {
  return (
    <thead data-slot="table-header" className={cn("[&_tr]:border-b", className)} {...useRole("rowgroup")} {...props} />
  );
}

export function TableBody({ className, ...props }: ComponentProps<"tbody">) {
  return (
    <tbody
      data-slot="table-body"
      className={cn("[&_tr:last-child]:border-0", className)}
      {...useRole("rowgroup")}
      {...props}
    />
  );
}

export function TableRow({ className, ...props }: ComponentProps<"tr">) {
  return (
    <tr
      data-slot="table-row"
      className={cn("border-b transition-colors hover:bg-muted/50", className)}
      {...useRole("row")}
      {...props}
    />
  );
}

export function TableHead({ className, ...props }: ComponentProps<"th">) {
  return (
    <th
      data-slot="table-head"
      className={cn("h-10 px-3 text-left align-middle font-medium whitespace-nowrap text-foreground", className)}
      {...useRole("columnheader")}
      {...props}
    />
  );
}

export function TableCell({ className, ...props }: ComponentProps<"td">) {
  return <td data-slot="table-cell" className={cn("p-3 align-middle", className)} {...useRole("cell")} {...props} />;
}

export function TableCaption({ className, ...props }: ComponentProps<"caption">) {
  return (
    <caption data-slot="table-caption" className={cn("mt-4 text-sm text-muted-foreground", className)} {...props} />
  );
}
