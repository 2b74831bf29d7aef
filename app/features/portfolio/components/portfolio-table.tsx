import { Link } from "react-router";

import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "~/components/ui/table";
import { cn } from "~/lib/utils";

import { COSTLY_PER_VEHICLE, READY_DWELL_HOURS, type PortfolioRow, type PortfolioSort } from "../portfolio";
import { ukDay, wholeKw, wholePounds } from "../roadmap-labels";

const SORT_LABELS: Record<PortfolioSort, string> = {
  readiness: "Readiness",
  headroom: "Headroom",
  dwell: "Dwell time",
  cost: "Cost per vehicle",
  name: "Name",
};

function SortLink({ sort, current }: { sort: PortfolioSort; current: PortfolioSort }) {
  const active = sort === current;
  return (
    <Link
      to={`?sort=${sort}`}
      preventScrollReset
      aria-current={active ? "true" : undefined}
      className={cn(
        "rounded-md border px-3 py-1.5 text-sm outline-none focus-visible:ring-[3px] focus-visible:ring-ring/60",
        active ? "border-primary bg-primary/10 font-medium text-primary" : "hover:bg-accent",
      )}
    >
      {SORT_LABELS[sort]}
    </Link>
  );
}

const score = (value: number | null) => (value === null ? "—" : String(value));

function planText(row: PortfolioRow) {
  if (row.planStatus === "none") return "No plan yet";
  if (row.planStatus === "running") return "Planning…";
  if (row.planStatus === "failed") return "Plan did not finish";
  if (row.vehiclesShort === null) return "Run the plan again";
  return row.vehiclesShort === 0 ? "Every vehicle charged" : `${row.vehiclesShort} short`;
}

/** The company's depots side by side, sorted by the score the user picks (server-side, so it works before scripts load). */
export function PortfolioTable({ rows, sort }: { rows: PortfolioRow[]; sort: PortfolioSort }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Your depots</CardTitle>
        <CardDescription>
          Readiness is the mean of three scores out of 100: the nearest substation&apos;s headroom, the hours vehicles
          stay ({READY_DWELL_HOURS} or more a working day scores 100) and the depot&apos;s cost per vehicle (
          {wholePounds(COSTLY_PER_VEHICLE)} or more scores 0).
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <nav aria-label="Sort depots by" className="flex flex-wrap items-center gap-2">
          <span className="text-sm text-muted-foreground">Sort by</span>
          {(["readiness", "headroom", "dwell", "cost", "name"] as const).map((s) => (
            <SortLink key={s} sort={s} current={sort} />
          ))}
        </nav>
        <Table scrollLabel="Your depots" className="whitespace-nowrap">
          <TableHeader>
            <TableRow>
              <TableHead>Depot</TableHead>
              <TableHead className="text-right">Vehicles</TableHead>
              <TableHead>Managed peak / connection</TableHead>
              <TableHead>Nearest substation</TableHead>
              <TableHead>Latest plan</TableHead>
              <TableHead className="text-right">Payback</TableHead>
              <TableHead className="text-right">Headroom</TableHead>
              <TableHead className="text-right">Dwell</TableHead>
              <TableHead className="text-right">Cost</TableHead>
              <TableHead className="text-right">Readiness</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {rows.map((row) => (
              <TableRow key={row.id}>
                <TableCell className="font-medium">
                  <Link className="underline-offset-4 hover:underline" to={`/electrify/depots/${row.id}/plan`}>
                    {row.name}
                  </Link>
                </TableCell>
                <TableCell className="text-right">{row.vehicles ?? "—"}</TableCell>
                <TableCell>
                  {row.managedPeakKw !== null && row.connectionKw !== null ? (
                    <span className={cn(row.managedPeakKw > row.connectionKw + 1e-9 && "font-medium text-red-700")}>
                      {wholeKw(row.managedPeakKw)} / {wholeKw(row.connectionKw)}
                    </span>
                  ) : (
                    "—"
                  )}
                </TableCell>
                <TableCell>
                  {row.substation ? (
                    <>
                      {row.substation.name}:{" "}
                      {row.substation.availablePercent === null
                        ? "no figures"
                        : `${row.substation.availablePercent}% available`}
                      {row.substation.dataDate ? (
                        <span className="text-muted-foreground"> ({ukDay(row.substation.dataDate)})</span>
                      ) : null}
                    </>
                  ) : (
                    <span className="text-muted-foreground">{row.substationNote}</span>
                  )}
                </TableCell>
                <TableCell>{planText(row)}</TableCell>
                <TableCell className="text-right">
                  {row.paybackYear === null ? "—" : `Year ${row.paybackYear}`}
                </TableCell>
                <TableCell className="text-right">{score(row.scores.headroom)}</TableCell>
                <TableCell className="text-right">
                  {row.dwellHours === null ? "—" : `${row.dwellHours.toFixed(1)} h`}
                  <span className="sr-only">, score {score(row.scores.dwell)}</span>
                </TableCell>
                <TableCell className="text-right">
                  {row.costPerVehicle === null ? "—" : wholePounds(row.costPerVehicle)}
                  <span className="sr-only">, score {score(row.scores.cost)}</span>
                </TableCell>
                <TableCell className="text-right font-semibold">{score(row.readiness)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </CardContent>
    </Card>
  );
}
