import { lazy, Suspense } from "react";

import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "~/components/ui/table";
import { useHydrated } from "~/lib/use-hydrated";

import type { CompanyRoadmap } from "../company-roadmap";
import { wholePounds } from "../roadmap-labels";

const SpendCharts = lazy(() => import("./spend-charts"));

/** The company's spend by year and its cumulative cost against staying diesel: charts, and the same figures as a table. */
export function SpendCard({ roadmap }: { roadmap: CompanyRoadmap }) {
  const hydrated = useHydrated();
  const last = roadmap.cumulative.at(-1);
  const saving = last ? last.dieselPounds - last.transitionPounds : 0;
  const crossing = roadmap.cumulative.find((y) => y.transitionPounds <= y.dieselPounds && y.dieselPounds > 0);
  return (
    <Card>
      <CardHeader>
        <CardTitle>What to buy each year, and what it costs against diesel</CardTitle>
        <CardDescription>
          In today&apos;s prices, from the business case of each depot&apos;s plan: vehicles bought electric (less
          grants) where staying diesel buys diesel, the chargers the sizing adds, connection upgrades in the year they
          come and any bridging battery; running costs from the engine&apos;s managed charging.{" "}
          {last
            ? saving >= 0
              ? `By ${last.year} the roadmap has cost ${wholePounds(saving)} less than staying diesel${crossing ? `, from ${crossing.year}` : ""}.`
              : `By ${last.year} the roadmap has cost ${wholePounds(-saving)} more than staying diesel.`
            : null}
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6">
        {hydrated ? (
          <Suspense fallback={<p className="text-sm text-muted-foreground">Loading charts…</p>}>
            <SpendCharts roadmap={roadmap} />
          </Suspense>
        ) : null}
        <Table scrollLabel="Spend by year" className="whitespace-nowrap">
          <TableHeader>
            <TableRow>
              <TableHead>Year</TableHead>
              <TableHead className="text-right">Vehicles</TableHead>
              <TableHead className="text-right">Chargers</TableHead>
              <TableHead className="text-right">Connections</TableHead>
              <TableHead className="text-right">Batteries</TableHead>
              <TableHead className="text-right">Running</TableHead>
              <TableHead className="text-right">Cumulative</TableHead>
              <TableHead className="text-right">Staying diesel</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {roadmap.spendByYear.map((y, i) => (
              <TableRow key={y.year}>
                <TableCell className="font-medium">
                  {y.year}
                  {y.year === roadmap.phaseOut.upTo26t ? (
                    <span className="block text-xs font-normal text-red-700">New diesel up to 26 t ends</span>
                  ) : null}
                  {y.year === roadmap.phaseOut.over26t ? (
                    <span className="block text-xs font-normal text-red-700">New diesel over 26 t ends</span>
                  ) : null}
                </TableCell>
                <TableCell className="text-right">{wholePounds(y.vehiclesPounds)}</TableCell>
                <TableCell className="text-right">{wholePounds(y.chargersPounds)}</TableCell>
                <TableCell className="text-right">{wholePounds(y.connectionPounds)}</TableCell>
                <TableCell className="text-right">{wholePounds(y.batteryPounds)}</TableCell>
                <TableCell className="text-right">{wholePounds(y.runningPounds)}</TableCell>
                <TableCell className="text-right">{wholePounds(roadmap.cumulative[i]!.transitionPounds)}</TableCell>
                <TableCell className="text-right">{wholePounds(roadmap.cumulative[i]!.dieselPounds)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </CardContent>
    </Card>
  );
}
