import { DownloadIcon, SearchIcon } from "lucide-react";
import { useEffect, useRef } from "react";
import { Form, Link, useNavigation, useSearchParams, useSubmit } from "react-router";

import { Pagination } from "~/components/pagination";
import { Button, buttonVariants } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { NativeSelect } from "~/components/ui/native-select";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "~/components/ui/table";
import { DEPOT_STATUSES, StatusBadge, statusLabel, type DepotStatusValue } from "~/features/depots";
import { cn } from "~/lib/utils";

import type { SubmissionParams } from "../list-params";
import type { SubmissionRow } from "../submissions.server";
import { firstColumn, OriginTag, RowStatus, SortableHead } from "./submission-cells";

// Worked out once, not for each of the 25 rows on every render.
const viewLinkClass = buttonVariants({ variant: "outline", size: "sm" });

type Row = SubmissionRow & { submittedLabel: string };

type Props = {
  submissions: { rows: Row[]; total: number; page: number; pageCount: number; pageSize: number; error: string | null };
  params: SubmissionParams;
  /** Depots in each review state, all of them (not just this page). */
  counts: Record<DepotStatusValue, number> | null;
};

/**
 * Submits a GET form a moment after the user stops typing, replacing the
 * history entry. A navigation started meanwhile (a click on View) wins: the
 * pending search is dropped rather than pulling the admin back.
 */
function useDebouncedSubmit(delay = 300) {
  const submit = useSubmit();
  const navigation = useNavigation();
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const navigating = useRef(false);
  useEffect(() => {
    navigating.current = navigation.state !== "idle" && navigation.formMethod === undefined;
    if (navigating.current) clearTimeout(timer.current);
  }, [navigation]);
  useEffect(() => () => clearTimeout(timer.current), []);
  return (form: HTMLFormElement | null, immediately = false) => {
    clearTimeout(timer.current);
    if (!form) return;
    const go = () => {
      if (!navigating.current) void submit(form, { replace: true, preventScrollReset: true });
    };
    if (immediately) go();
    else timer.current = setTimeout(go, delay);
  };
}

export function SubmissionsPanel({ submissions, params, counts }: Props) {
  const formRef = useRef<HTMLFormElement>(null);
  const submitSoon = useDebouncedSubmit();
  const [searchParams] = useSearchParams();
  const exportQuery = new URLSearchParams();
  for (const key of ["q", "status", "sort", "dir"] as const) {
    const value = searchParams.get(key);
    if (value) exportQuery.set(key, value);
  }
  const exportHref = `/admin/submissions.csv${exportQuery.size > 0 ? `?${exportQuery}` : ""}`;

  return (
    <div>
      <div className="flex flex-col gap-3 lg:flex-row lg:items-end lg:justify-between">
        <Form
          ref={formRef}
          method="get"
          role="search"
          aria-label="Depot submissions"
          className="flex flex-col gap-3 sm:flex-row sm:items-end"
          preventScrollReset
        >
          {params.sort !== "date" || params.dir !== "desc" ? (
            <>
              <input type="hidden" name="sort" value={params.sort} />
              <input type="hidden" name="dir" value={params.dir} />
            </>
          ) : null}
          <div className="relative sm:w-80">
            <SearchIcon
              className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
              aria-hidden="true"
            />
            <Input
              type="search"
              name="q"
              aria-label="Search depots by name, address or contact e-mail"
              placeholder="Search depots..."
              defaultValue={params.q}
              maxLength={200}
              className="pl-9"
              onChange={(event) => submitSoon(event.currentTarget.form)}
            />
          </div>
          <NativeSelect
            name="status"
            aria-label="Filter by status"
            defaultValue={params.status}
            wrapperClassName="sm:w-44"
            onChange={(event) => submitSoon(event.currentTarget.form, true)}
          >
            <option value="">All Statuses</option>
            {DEPOT_STATUSES.map((status) => (
              <option key={status} value={status}>
                {statusLabel(status)}
              </option>
            ))}
          </NativeSelect>
          <Button type="submit" variant="secondary">
            Search
          </Button>
        </Form>
        <Button asChild variant="outline">
          <a href={exportHref} download>
            <DownloadIcon aria-hidden="true" /> Export CSV
          </a>
        </Button>
      </div>

      {counts ? <StatusCounts counts={counts} status={params.status} /> : null}

      {submissions.error ? (
        <p
          role="alert"
          className="mt-6 rounded-md border border-destructive/40 bg-destructive/5 p-4 text-sm text-destructive"
        >
          {submissions.error}
        </p>
      ) : submissions.rows.length === 0 ? (
        <p className="mt-6 rounded-md border p-8 text-center text-muted-foreground">No depot submissions found</p>
      ) : (
        <>
          <div className="mt-6 overflow-hidden rounded-xl border">
            <Table aria-label="Depot submissions">
              <TableHeader>
                <TableRow>
                  <SortableHead label="Depot Name" column="name" params={params} className={firstColumn} />
                  <TableHead>Submitted By</TableHead>
                  <SortableHead label="Submission Date" column="date" params={params} />
                  <SortableHead label="Status" column="status" params={params} />
                  <TableHead>Actions</TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {submissions.rows.map((row) => (
                  <TableRow key={row.id}>
                    <TableCell className={cn(firstColumn, "font-medium")}>
                      {row.name}
                      <span className="block text-xs font-normal text-muted-foreground">{row.address}</span>
                      <OriginTag origin={row.origin} photos={row.photos} />
                    </TableCell>
                    <TableCell>
                      {row.contactEmail ?? <span className="text-muted-foreground">Not given</span>}
                    </TableCell>
                    <TableCell className="whitespace-nowrap">
                      <time dateTime={row.submittedAt}>{row.submittedLabel}</time>
                    </TableCell>
                    <TableCell>
                      <div className="flex flex-wrap items-center gap-2">
                        <StatusBadge status={row.status} />
                        <RowStatus id={row.id} name={row.name} status={row.status} />
                      </div>
                    </TableCell>
                    <TableCell>
                      <Link to={`/admin/depot/${row.id}`} aria-label={`View ${row.name}`} className={viewLinkClass}>
                        View
                      </Link>
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </div>
          <Pagination
            page={submissions.page}
            pageCount={submissions.pageCount}
            pageSize={submissions.pageSize}
            total={submissions.total}
            noun={submissions.total === 1 ? "submission" : "submissions"}
            pageParam="page"
            label="Depot submissions pages"
          />
        </>
      )}
    </div>
  );
}

/** The depot's name stays in view while a phone scrolls the table sideways. */

/** How many depots are in each review state, each a link that filters the list to it. */
function StatusCounts({ counts, status: current }: { counts: NonNullable<Props["counts"]>; status: string }) {
  const [searchParams] = useSearchParams();
  return (
    <ul aria-label="Depots by status" className="mt-4 flex flex-wrap gap-2">
      {DEPOT_STATUSES.map((status) => {
        const query = new URLSearchParams(searchParams);
        query.set("status", status);
        query.delete("page");
        return (
          <li key={status}>
            <Link
              to={`?${query}`}
              preventScrollReset
              aria-current={current === status ? "true" : undefined}
              className="flex items-center gap-2 rounded-full border px-2 py-1 text-sm hover:bg-accent aria-[current=true]:border-primary"
            >
              <StatusBadge status={status} />
              <span className="font-semibold tabular-nums">{counts[status].toLocaleString("en-GB")}</span>
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
