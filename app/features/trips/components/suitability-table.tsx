import { Link } from "react-router";

import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "~/components/ui/table";
import { cn } from "~/lib/utils";

import { distance, formatDay } from "../format";
import { VERDICT_LABELS, type Verdict } from "../suitability";
import type { TripView } from "../trip-figures.server";

const BADGES: Record<Verdict, string> = {
  ready: "border-green-300 bg-green-50 text-green-900",
  "ready-with-top-up": "border-amber-300 bg-amber-50 text-amber-900",
  "not-yet": "border-red-300 bg-red-50 text-red-900",
};
/** The vehicle stays in view while a phone scrolls the figures sideways. */
const firstColumn = "sticky left-0 z-10 bg-background whitespace-nowrap";

export function SuitabilityTable({ view, depotId }: { view: TripView; depotId: number }) {
  const miles = view.summary.distanceUnit === "mi";
  const pct = (share: number) => `${Math.round(share * 100)}%`;
  return (
    <div className="rounded-md border">
      <Table aria-label="Suitability by vehicle" scrollLabel="Suitability by vehicle, scrolls sideways">
        <TableHeader>
          <TableRow>
            <TableHead className={firstColumn}>Vehicle</TableHead>
            <TableHead>Verdict</TableHead>
            <TableHead className="text-right">Days driven</TableHead>
            <TableHead className="text-right">Depot charging alone</TableHead>
            <TableHead>Worst day</TableHead>
            <TableHead className="text-right">Top-ups</TableHead>
            <TableHead className="text-right">Nights away</TableHead>
            <TableHead className="text-right">A year</TableHead>
            <TableHead className="text-right">Saving a year</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {view.vehicles.map((v) => (
            <TableRow key={v.vehicle}>
              <TableCell className={cn(firstColumn, "font-medium")}>{v.vehicle}</TableCell>
              <TableCell>
                <span
                  className={cn(
                    "inline-flex rounded-full border px-2 py-0.5 text-xs font-semibold whitespace-nowrap",
                    BADGES[v.verdict],
                  )}
                >
                  {VERDICT_LABELS[v.verdict]}
                </span>
              </TableCell>
              <TableCell className="text-right">{v.days}</TableCell>
              <TableCell className="text-right">{pct(v.depotOnlyShare)} of days</TableCell>
              <TableCell className="whitespace-nowrap">
                {v.worstDay
                  ? `${formatDay(v.worstDay.day)}: ${distance(v.worstDay.km, miles)}, ${Math.round(v.worstDay.energyKwh).toLocaleString("en-GB")} kWh`
                  : "–"}
              </TableCell>
              <TableCell className="text-right whitespace-nowrap">
                {v.topUpDays ? (
                  <>
                    {`${v.topUpDays} ${v.topUpDays === 1 ? "day" : "days"}, ${Math.round(v.topUpKwh).toLocaleString("en-GB")} kWh`}
                    <br />
                    {/* Where it could take that on the road: the hubs near its stops (the hub finder, from these trips). */}
                    <Link to={`/electrify/hubs?from=${depotId}#stops`} className="text-xs underline underline-offset-2">
                      Hubs where it stops
                    </Link>
                  </>
                ) : (
                  "none"
                )}
              </TableCell>
              <TableCell className="text-right">{v.nightsAway}</TableCell>
              <TableCell className="text-right whitespace-nowrap">{distance(v.annualKm, miles)}</TableCell>
              <TableCell className="text-right">
                {v.savingPoundsPerYear === null ? "–" : `£${Math.round(v.savingPoundsPerYear).toLocaleString("en-GB")}`}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </div>
  );
}
