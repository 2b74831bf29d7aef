import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "~/components/ui/table";
import { formatPence } from "~/lib/money";
import { shortDay } from "~/lib/uk-dates";
import { kw, kwh } from "~/lib/units";

import type { DayView } from "../operations-views";

type PlanDay = { strategy: string; energyKwh: number; peakKw: number; costPence: number } | null;

/** Each of the last seven days against the depot's plan (its cost-optimal strategy's average day). */
export function DaysCard({ days, plan, depotId }: { days: DayView[]; plan: PlanDay; depotId: number }) {
  const thisMonth = days.at(-1)!.date.slice(0, 7);
  const [year, month] = thisMonth.split("-").map(Number) as [number, number];
  const lastMonth = month === 1 ? `${year - 1}-12` : `${year}-${String(month - 1).padStart(2, "0")}`;
  return (
    <Card>
      <CardHeader>
        <CardTitle>Actual against plan</CardTitle>
        <CardDescription>
          {plan
            ? `The plan's average day (${plan.strategy}): ${kwh(plan.energyKwh)}, peak ${kw(plan.peakKw)} for the site, ${formatPence(plan.costPence)}.`
            : "Run a charging plan for this depot (Depot Details) to compare each day with it."}
        </CardDescription>
      </CardHeader>
      <CardContent>
        <Table scrollLabel="Actual against plan" stackOnPhone className="whitespace-nowrap">
          <TableHeader>
            <TableRow>
              {/* Against the plan first; on a phone each day is a small card of these (stackOnPhone). */}
              <TableHead>Day</TableHead>
              <TableHead className="text-right">Energy</TableHead>
              {plan ? <TableHead className="text-right">Of the plan</TableHead> : null}
              <TableHead className="text-right">Cost</TableHead>
              <TableHead className="text-right">Charging peak</TableHead>
              <TableHead className="text-right">Sessions</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {days.map((d) => (
              <TableRow key={d.date}>
                <TableCell className="max-sm:col-span-2 max-sm:font-medium">{shortDay(d.date)}</TableCell>
                <TableCell className="text-right" data-label="Energy">
                  {kwh(d.energyKwh)}
                </TableCell>
                {plan ? (
                  <TableCell className="text-right" data-label="Of the plan">
                    {plan.energyKwh > 0 ? `${Math.round((d.energyKwh / plan.energyKwh) * 100)} %` : "—"}
                  </TableCell>
                ) : null}
                <TableCell className="text-right" data-label="Cost">
                  {formatPence(d.costPence)}
                </TableCell>
                <TableCell className="text-right" data-label="Charging peak">
                  {kw(d.peakKw)}
                </TableCell>
                <TableCell className="text-right" data-label="Sessions">
                  {d.sessions}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
        <p className="mt-4 flex flex-wrap gap-x-4 gap-y-1 text-sm">
          <span>Monthly statement (CSV):</span>
          {[thisMonth, lastMonth].map((m) => (
            <a
              key={m}
              className="underline"
              href={`/electrify/operations/${depotId}/statement.csv?month=${m}`}
              download
            >
              {m}
            </a>
          ))}
        </p>
      </CardContent>
    </Card>
  );
}
