import { ArrowDownIcon, ArrowUpIcon } from "lucide-react";
import { Link, useFetcher, useSearchParams } from "react-router";

import { NativeSelect } from "~/components/ui/native-select";
import { TableHead } from "~/components/ui/table";
import { DEPOT_STATUSES, statusLabel, type DepotStatusValue } from "~/features/depots";
import type { ActionResult } from "~/lib/action-result";
import { useFetcherToast } from "~/lib/use-fetcher-toast";

import type { SubmissionParams } from "../list-params";
import type { SubmissionRow } from "../submissions.server";

export const firstColumn = "sticky left-0 z-10 bg-background";

/** Where a depot came from: a survey from the yard (with its photos) or a line added in Company Setup. */
export function OriginTag({ origin, photos }: Pick<SubmissionRow, "origin" | "photos">) {
  return (
    <span className="mt-1 inline-flex items-center rounded border px-1.5 py-0.5 text-xs font-normal text-muted-foreground">
      {origin === "company-setup"
        ? "Added in Company Setup"
        : `Site survey · ${photos} photo${photos === 1 ? "" : "s"}`}
    </span>
  );
}

export function SortableHead({
  label,
  column,
  params,
  className,
}: {
  label: string;
  column: SubmissionParams["sort"];
  params: SubmissionParams;
  className?: string;
}) {
  const [searchParams] = useSearchParams();
  const active = params.sort === column;
  const nextDir = active ? (params.dir === "desc" ? "asc" : "desc") : column === "date" ? "desc" : "asc";
  const next = new URLSearchParams(searchParams);
  next.delete("page");
  if (column === "date" && nextDir === "desc") {
    next.delete("sort");
    next.delete("dir");
  } else {
    next.set("sort", column);
    next.set("dir", nextDir);
  }
  const Arrow = params.dir === "asc" ? ArrowUpIcon : ArrowDownIcon;
  return (
    <TableHead
      className={className}
      aria-sort={active ? (params.dir === "asc" ? "ascending" : "descending") : undefined}
    >
      <Link
        to={`?${next}`}
        preventScrollReset
        className="inline-flex items-center gap-1 rounded-sm hover:underline focus-visible:ring-[3px] focus-visible:ring-ring/60 focus-visible:outline-none"
      >
        {label}
        {active ? <Arrow className="size-3.5" aria-hidden="true" /> : null}
        <span className="sr-only">
          {active ? `, sorted ${params.dir === "asc" ? "ascending" : "descending"}. Change order` : ", sort"}
        </span>
      </Link>
    </TableHead>
  );
}

/** The row's inline status selector: shows the new status at once, and the stored one again if saving fails. */
export function RowStatus({ id, name, status }: { id: number; name: string; status: DepotStatusValue }) {
  const fetcher = useFetcher<ActionResult>();
  useFetcherToast(fetcher.data);
  // While saving, the chosen status; afterwards the stored one from the loader (the old one again if saving failed).
  const pending = fetcher.state !== "idle" ? (fetcher.formData?.get("status") as DepotStatusValue | null) : null;
  const value = pending ?? status;
  return (
    <NativeSelect
      aria-label={`Status of ${name}`}
      value={value}
      wrapperClassName="w-36"
      className="h-9"
      aria-busy={fetcher.state !== "idle"}
      onChange={(event) =>
        fetcher.submit(
          { intent: "set-status", depotId: String(id), status: event.currentTarget.value },
          { method: "post", action: "/admin?index" },
        )
      }
    >
      {DEPOT_STATUSES.map((option) => (
        <option key={option} value={option}>
          {statusLabel(option)}
        </option>
      ))}
    </NativeSelect>
  );
}
