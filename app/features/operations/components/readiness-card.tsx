import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import type { StateSource } from "~/features/vehicles";
import { clockTime } from "~/lib/uk-dates";
import { kw, kwh } from "~/lib/units";

import type { BoardRowView } from "../readiness-view.server";
import { SetStateForm } from "./set-state-form";

type Readiness = {
  rows: BoardRowView[];
  unnamed: { group: string; count: number }[];
  vehicles: { id: number; vehicle: string }[];
};

const SOURCE: Record<StateSource, string> = {
  charger: "from the charger",
  vehicle: "told by the vehicle",
  fleet: "from the fleet's system",
  hand: "set by hand",
  plan: "the plan's duty",
  booking: "its booking at the hub",
};

/** The status as a badge: text and colour together (the colour is never the only sign), each at AA contrast. */
function StatusBadge({ row }: { row: BoardRowView }) {
  const [label, style] =
    row.status === "short"
      ? ["Will be short", "bg-red-100 text-red-900 border-red-300"]
      : row.status === "at risk"
        ? ["At risk", "bg-amber-100 text-amber-950 border-amber-300"]
        : row.status === "ready"
          ? [row.charger ? "Ready" : "On track", "bg-emerald-100 text-emerald-900 border-emerald-300"]
          : ["No duty known", "bg-muted text-foreground border-border"];
  return <span className={`rounded-full border px-2 py-0.5 text-xs font-semibold ${style}`}>{label}</span>;
}

/** What to do about the row, or why it is as it is, in one sentence. */
function reasonOf(row: BoardRowView): string {
  const plugIn = row.plugInBy ? ` Plug it in by ${clockTime(row.plugInBy)}.` : "";
  if (row.status === "unknown")
    return "Nothing tells when it leaves or what it needs: set it below, or put its tag in one of the plan's groups.";
  if (row.charger) {
    if (row.status === "short")
      return `It will leave ${kwh(row.shortKwh)} short: the site cannot give every vehicle all it needs, and those leaving first are charged first. Set a later departure or a lower target if you can, or move it to a free charger.`;
    if (row.status === "at risk")
      return "Its charger is offline or faulted, so it is not charging. Move it to another charger.";
    return "Charging to be ready when it leaves.";
  }
  if (row.status === "short")
    return `Even plugged in ${row.backAt ? "as soon as it is back" : "now"} on the fastest charger it would leave ${kwh(row.shortKwh)} short.`;
  if (row.plugInBy === null) return "Charged enough for its next duty.";
  return `${row.status === "at risk" ? "Time is running out." : "Time enough."}${plugIn}`;
}

function Fact({ term, children }: { term: string; children: React.ReactNode }) {
  return (
    <div>
      <dt className="text-xs text-muted-foreground">{term}</dt>
      <dd className="text-sm font-medium">{children}</dd>
    </div>
  );
}

function BoardRow({ row }: { row: BoardRowView }) {
  const where = row.charger
    ? `${row.charger}${row.powerKw ? `, ${kw(row.powerKw)}` : ""}`
    : row.backAt
      ? `On the road, back ${clockTime(row.backAt)}`
      : "Not plugged in";
  return (
    <li className="rounded-md border p-3" aria-label={`${row.vehicle}: ${row.status}`}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="font-medium">
          {row.vehicle}
          {row.group ? <span className="font-normal text-muted-foreground"> · {row.group}</span> : null}
        </p>
        <StatusBadge row={row} />
      </div>
      <dl className="mt-2 grid grid-cols-2 gap-x-4 gap-y-2 sm:grid-cols-5">
        <Fact term="Where">{where}</Fact>
        <Fact term="Charge now">
          {row.soc ? (
            <>
              {Math.round(row.soc.pct)} %{" "}
              <span className="font-normal text-muted-foreground">
                at {clockTime(row.soc.at)}, {SOURCE[row.soc.source]}
              </span>
            </>
          ) : (
            <span className="font-normal text-muted-foreground">Not told</span>
          )}
        </Fact>
        <Fact term="Leaves">
          {row.departsAt ? (
            <>
              {clockTime(row.departsAt)}{" "}
              <span className="font-normal text-muted-foreground">{SOURCE[row.departsFrom]}</span>
            </>
          ) : (
            "—"
          )}
        </Fact>
        <Fact term="Target">{row.targetPct !== null ? `${Math.round(row.targetPct)} %` : "The energy told"}</Fact>
        <Fact term="Leaves with">
          {row.leavesWithPct !== null
            ? `${Math.round(row.leavesWithPct)} %`
            : row.status === "unknown"
              ? "—"
              : row.shortKwh > 0
                ? `${kwh(row.shortKwh)} short`
                : "All it needs"}
        </Fact>
      </dl>
      <p className="mt-2 text-sm text-muted-foreground">{reasonOf(row)}</p>
    </li>
  );
}

/** Every vehicle expected to leave within the day, the ones at risk first; live with the rest of the page. */
export function ReadinessCard({ readiness, canChange }: { readiness: Readiness; canChange: boolean }) {
  const atRisk = readiness.rows.filter((r) => r.status === "short" || r.status === "at risk").length;
  return (
    <Card>
      <CardHeader>
        <CardTitle>Readiness</CardTitle>
        <CardDescription>
          Every vehicle leaving in the next 24 hours, plugged in or not: its charge now, when it leaves, and the charge
          it will leave with. {atRisk === 1 ? "1 needs attention." : atRisk > 1 ? `${atRisk} need attention.` : null}
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {readiness.rows.length === 0 ? (
          <p className="text-sm text-muted-foreground">
            No vehicle is expected in the next 24 hours. Name the depot&apos;s vehicles on the Vehicle tags card and
            give them a group of the plan (or tell their departures below or through the fleet API).
          </p>
        ) : (
          <ul className="grid gap-3" aria-label="Vehicles leaving in the next 24 hours">
            {readiness.rows.map((row) => (
              <BoardRow key={row.key} row={row} />
            ))}
          </ul>
        )}
        {readiness.unnamed.length > 0 ? (
          <p className="text-sm text-muted-foreground">
            The plan has vehicles with no tag here ({readiness.unnamed.map((u) => `${u.count} ${u.group}`).join(", ")}
            ): the controller keeps room for them, but the board can follow only named vehicles.
          </p>
        ) : null}
        {canChange && readiness.vehicles.length > 0 ? <SetStateForm vehicles={readiness.vehicles} /> : null}
      </CardContent>
    </Card>
  );
}
