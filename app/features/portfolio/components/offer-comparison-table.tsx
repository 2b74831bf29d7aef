import { Link } from "react-router";

import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "~/components/ui/table";
import { OFFER_KIND_LABELS } from "~/features/connections";
import { cn } from "~/lib/utils";

import type { ComparedConnection } from "../offer-comparison";
import { batteryText, riskText, signedPounds, ukDay, wholePounds } from "../roadmap-labels";

/** The row labels stay in view, narrow, while a phone scrolls across the connections. */
const ROW_HEAD = "sticky left-0 z-10 w-24 min-w-24 whitespace-normal bg-card font-medium sm:w-auto sm:min-w-44";

/**
 * A depot's connection offers side by side (issue 60): rows for when each comes, its cost, each year's vehicles it
 * charges in full (red where it leaves one short), the risk and battery from its outlook, and the money against
 * staying diesel. Columns are the present connection and each offer, so that a phone scrolls across few columns.
 */
export function OfferComparisonTable({
  depotId,
  depotName,
  offers,
  endYear,
}: {
  depotId: number;
  depotName: string;
  offers: ComparedConnection[];
  endYear: number;
}) {
  if (offers.length === 0) return null;
  const row = (label: string, cell: (c: ComparedConnection) => React.ReactNode) => (
    <TableRow>
      <TableHead scope="row" className={ROW_HEAD}>
        {label}
      </TableHead>
      {offers.map((c) => (
        <TableCell key={c.id ?? "present"} className="text-right">
          {cell(c)}
        </TableCell>
      ))}
    </TableRow>
  );
  return (
    <section aria-labelledby={`offers-${depotId}`} className="grid gap-2">
      <h3 id={`offers-${depotId}`} className="text-base font-semibold">
        Connection offers compared
      </h3>
      <p className="text-sm text-muted-foreground">
        Vehicles charged in full each year, on the present connection until an offer is energised; a profile&apos;s
        tighter season at every hour. Risk and battery are from each offer&apos;s outlook on the depot&apos;s plan (
        <Link className="underline underline-offset-4" to={`/electrify/portfolio/${depotId}/connection`}>
          work them out on the connection page
        </Link>
        ).
      </p>
      <Table scrollLabel={`${depotName}'s offers compared`} className="whitespace-nowrap">
        <TableHeader>
          <TableRow>
            <TableHead className={ROW_HEAD}>
              <span className="sr-only">Figure</span>
            </TableHead>
            {offers.map((c) => (
              <TableHead key={c.id ?? "present"} className="text-right">
                {c.name}
                {c.chosen ? " (chosen)" : ""}
                <span className="block text-xs font-normal">
                  {c.kind === "present" ? "waiting" : OFFER_KIND_LABELS[c.kind]}
                </span>
              </TableHead>
            ))}
          </TableRow>
        </TableHeader>
        <TableBody>
          {row("Energised", (c) => (c.energiseOn ? ukDay(c.energiseOn) : "today"))}
          {row("Cost", (c) => (c.id === null ? "—" : wholePounds(c.costPounds)))}
          {offers[0]!.years.map(({ year }, i) => (
            <TableRow key={year}>
              <TableHead scope="row" className={ROW_HEAD}>
                {year}
              </TableHead>
              {offers.map((c) => {
                const { served, electric } = c.years[i]!;
                return (
                  <TableCell
                    key={c.id ?? "present"}
                    className={cn("text-right", served < electric && "font-semibold text-red-700")}
                  >
                    {electric === 0 ? "—" : `${served} of ${electric}`}
                    {served < electric ? <span className="sr-only"> (vehicles short)</span> : null}
                  </TableCell>
                );
              })}
            </TableRow>
          ))}
          {row("Shortfall on the plan", riskText)}
          {row("Battery for the worst", batteryText)}
          {row(`Against diesel to ${endYear}`, (c) => signedPounds(c.againstDieselPounds))}
        </TableBody>
      </Table>
    </section>
  );
}
