import { ChevronLeftIcon, ChevronRightIcon } from "lucide-react";
import { Link, useSearchParams } from "react-router";

import { buttonVariants } from "~/components/ui/button";
import { cn } from "~/lib/utils";

const count = new Intl.NumberFormat("en-GB");

/** "Showing 26–50 of 1,234 submissions" with Previous/Next links that keep the rest of the URL. */
export function Pagination({
  page,
  pageCount,
  pageSize,
  total,
  noun,
  pageParam,
  label,
}: {
  page: number;
  pageCount: number;
  pageSize: number;
  total: number;
  noun: string;
  pageParam: string;
  label: string;
}) {
  const [searchParams] = useSearchParams();
  const hrefFor = (target: number) => {
    const next = new URLSearchParams(searchParams);
    if (target <= 1) next.delete(pageParam);
    else next.set(pageParam, String(target));
    const query = next.toString();
    return query ? `?${query}` : "?";
  };
  const first = total === 0 ? 0 : (page - 1) * pageSize + 1;
  const last = Math.min(total, page * pageSize);
  const linkClass = buttonVariants({ variant: "outline", size: "sm" });
  return (
    <nav aria-label={label} className="mt-4 flex flex-wrap items-center justify-between gap-3 text-sm">
      <p aria-live="polite">
        {total === 0
          ? `No ${noun}`
          : `Showing ${count.format(first)}–${count.format(last)} of ${count.format(total)} ${noun}`}
      </p>
      <div className="flex items-center gap-2">
        {page > 1 ? (
          <Link to={hrefFor(page - 1)} className={linkClass} preventScrollReset>
            <ChevronLeftIcon aria-hidden="true" /> Previous
          </Link>
        ) : (
          <span className={cn(linkClass, "pointer-events-none opacity-50")} aria-disabled="true">
            <ChevronLeftIcon aria-hidden="true" /> Previous
          </span>
        )}
        <span>
          Page {count.format(page)} of {count.format(pageCount)}
        </span>
        {page < pageCount ? (
          <Link to={hrefFor(page + 1)} className={linkClass} preventScrollReset>
            Next <ChevronRightIcon aria-hidden="true" />
          </Link>
        ) : (
          <span className={cn(linkClass, "pointer-events-none opacity-50")} aria-disabled="true">
            Next <ChevronRightIcon aria-hidden="true" />
          </span>
        )}
      </div>
    </nav>
  );
}
