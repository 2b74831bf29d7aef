import { Link } from "react-router";

import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "~/components/ui/table";
import { cn } from "~/lib/utils";

import type { CompanyDepot } from "../company-roadmap";
import { capitalOf } from "../roadmap-costs";
import { flagReason, flagText, wholeKw, wholePounds } from "../roadmap-labels";
import { chargersText } from "../roadmap-report-data";
import { GroupYearsForm } from "./group-years-form";
import { OfferComparisonTable } from "./offer-comparison-table";

const TONES = {
  ok: "border-green-700 bg-green-50 text-green-900",
  warn: "border-amber-600 bg-amber-50 text-amber-950",
  late: "border-red-700 bg-red-50 text-red-900",
} as const;

/** One depot's path: its connection's flag, its groups' years (movable), and each year's fleet, chargers, peak and spend. */
export function DepotRoadmapCard({ depot, endYear }: { depot: CompanyDepot; endYear: number }) {
  if (!depot.planned)
    return (
      <Card>
        <CardHeader>
          <CardTitle>{depot.name}</CardTitle>
          <CardDescription>
            No charging plan yet: the roadmap plans each depot from its latest plan.{" "}
            <Link className="underline underline-offset-4" to={`/electrify/depots/${depot.id}/plan`}>
              Make {depot.name}&apos;s plan
            </Link>
          </CardDescription>
        </CardHeader>
      </Card>
    );
  const flag = flagText(depot.flag, endYear, depot.chosenOffer);
  const headingId = `depot-${depot.id}-roadmap`;
  return (
    <Card aria-labelledby={headingId}>
      <CardHeader>
        <div className="flex flex-wrap items-center justify-between gap-3">
          <CardTitle id={headingId}>{depot.name}</CardTitle>
          <span className={cn("rounded-md border px-2.5 py-1 text-sm font-medium", TONES[flag.tone])}>{flag.text}</span>
        </div>
        <CardDescription>{flagReason(depot.flag, depot)}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-5">
        {depot.neededKva ? (
          <p className="text-sm">
            By {endYear} the depot needs a connection of <strong>{depot.neededKva.toLocaleString("en-GB")} kVA</strong>{" "}
            (today {depot.connectionKva.toLocaleString("en-GB")} kVA).{" "}
            <Link
              className="font-medium underline underline-offset-4"
              to={`/electrify/portfolio/${depot.id}/connection`}
            >
              Track {depot.name}&apos;s connection application
            </Link>
          </p>
        ) : (
          <p className="text-sm">
            <Link className="underline underline-offset-4" to={`/electrify/portfolio/${depot.id}/connection`}>
              {depot.name}&apos;s connection application
            </Link>
          </p>
        )}
        {depot.bridge !== undefined ? (
          <p className="rounded-md border border-amber-600 bg-amber-50 p-3 text-sm text-amber-950">
            {depot.bridge === null
              ? "No site battery can bridge the late years: the depot's days take more above the connection than the nights can put back. Move a group later, or bring the connection forward."
              : `To bridge ${depot.bridge.years.join(" and ")} until the upgrade: a site battery of ${Math.ceil(depot.bridge.capacityKwh).toLocaleString("en-GB")} kWh and ${Math.ceil(depot.bridge.powerKw).toLocaleString("en-GB")} kW, about ${wholePounds(depot.bridge.pounds)}. The peaks are already peak shaving's, the lowest that charges every vehicle.`}
          </p>
        ) : null}
        <OfferComparisonTable depotId={depot.id} depotName={depot.name} offers={depot.offers} endYear={endYear} />
        <GroupYearsForm depotId={depot.id} groups={depot.groups} />
        <Table scrollLabel={`${depot.name} by year`} className="whitespace-nowrap">
          <TableHeader>
            <TableRow>
              <TableHead>Year</TableHead>
              <TableHead className="text-right">Electric</TableHead>
              <TableHead>Chargers needed</TableHead>
              <TableHead className="text-right">Managed peak</TableHead>
              <TableHead className="text-right">Connection</TableHead>
              <TableHead>Buy</TableHead>
              <TableHead className="text-right">Spend</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {depot.years.map((row, i) => {
              const spend = depot.spend[i];
              const buys = [
                spend?.vehiclesBought ? `${spend.vehiclesBought} vehicles` : null,
                spend?.chargersBought.length ? chargersText(spend.chargersBought) : null,
                spend?.connectionPounds
                  ? depot.connectionEstimated
                    ? "connection (estimate)"
                    : "connection (quote)"
                  : null,
                spend?.batteryPounds ? "battery" : null,
              ].filter(Boolean);
              return (
                <TableRow key={row.year}>
                  <TableCell className="font-medium">{row.year}</TableCell>
                  <TableCell className="text-right">
                    {row.electric} of {depot.vehicles}
                  </TableCell>
                  <TableCell>{chargersText(row.chargers)}</TableCell>
                  <TableCell className={cn("text-right", !row.enough && "font-semibold text-red-700")}>
                    {wholeKw(row.peakKw)}
                  </TableCell>
                  <TableCell className="text-right">
                    {wholeKw(row.connectionKw)}
                    {row.enough ? null : <span className="ml-1 font-semibold text-red-700">short</span>}
                  </TableCell>
                  <TableCell>{buys.length ? buys.join(", ") : "—"}</TableCell>
                  <TableCell className="text-right">
                    {spend && capitalOf(spend) > 0 ? wholePounds(capitalOf(spend)) : "—"}
                  </TableCell>
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
        {depot.years.some((r) => r.vehiclesShort > 0) ? (
          <p className="text-sm text-muted-foreground">
            Some vehicles cannot be charged in some years whatever the connection (their time at the depot, or no
            charger is powerful enough): see the depot&apos;s plan.
          </p>
        ) : null}
      </CardContent>
    </Card>
  );
}
