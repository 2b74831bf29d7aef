import { PlayIcon } from "lucide-react";
import { Form, useNavigation, useSearchParams } from "react-router";

import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { NativeSelect } from "~/components/ui/native-select";
import { cn } from "~/lib/utils";

import { formatDay, whole } from "../format";
import type { TripView } from "../trip-figures.server";
import { SuitabilityTable } from "./suitability-table";
import { TripImport } from "./trip-import";

/**
 * The Trips tab: the fleet's own trip export in, and out of it which
 * vehicles can go electric now on depot charging, and a charging plan built
 * from the days as they were recorded (or a typical week of them).
 */
export function TripsTab({
  depotId,
  view,
  types,
  maxFileMb,
  planRefusal,
}: {
  depotId: number;
  view: TripView | null;
  types: { id: string; name: string }[];
  maxFileMb: number;
  /** Why the last "Plan from recorded days" or "Plan a typical week" was not run (every reason). */
  planRefusal?: string[];
}) {
  return (
    <div className="grid grid-cols-1 gap-6">
      {view ? <RecordCard view={view} /> : null}
      {view ? <ChoicesCard view={view} types={types} /> : null}
      {view ? <FleetCard view={view} depotId={depotId} planRefusal={planRefusal} /> : null}
      <TripImport maxFileMb={maxFileMb} hasTrips={view !== null} />
    </div>
  );
}

function RecordCard({ view }: { view: TripView }) {
  const { summary, period } = view;
  return (
    <Card>
      <CardHeader>
        <CardTitle>The record</CardTitle>
        <CardDescription data-testid="trip-record">
          {summary.trips.toLocaleString("en-GB")} trips of {summary.vehicles} vehicles from {view.fileName}
          {period
            ? `, ${formatDay(period.firstDay)} to ${formatDay(addDays(period.firstDay, period.days - 1))} (${period.days} days)`
            : ""}
          .{summary.anonymised ? " Anonymised on import." : ""}
        </CardDescription>
      </CardHeader>
      <CardContent className="grid grid-cols-1 gap-3 text-sm">
        <p>
          {view.rule.kind === "radius"
            ? `A trip ends at the depot when it ends within ${whole(view.rule.radiusM)} m of the depot's location.`
            : view.rule.why === "no-positions"
              ? "The export has no positions, so the last trip of each day is taken to end at the depot."
              : "The depot has no location yet (set it on the Energy to Depot map), so the last trip of each day is taken to end at the depot."}
        </p>
        {summary.problemCount > 0 ? (
          <details className="rounded-md border p-3">
            <summary className="cursor-pointer">
              {summary.problemCount.toLocaleString("en-GB")} of {summary.rowsRead.toLocaleString("en-GB")} rows could
              not be read and were left out
            </summary>
            <ul className="mt-2 grid gap-1" aria-label="Rows left out">
              {summary.problems.map((p) => (
                <li key={p.line}>
                  Row {p.line}: {p.reason}
                </li>
              ))}
              {summary.problemCount > summary.problems.length ? (
                <li>…and {summary.problemCount - summary.problems.length} more</li>
              ) : null}
            </ul>
          </details>
        ) : null}
      </CardContent>
    </Card>
  );
}

const addDays = (isoDay: string, days: number) =>
  new Date(Date.parse(`${isoDay}T12:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

function ChoicesCard({ view, types }: { view: TripView; types: { id: string; name: string }[] }) {
  const [params] = useSearchParams();
  const field = (name: string, label: string, value: number, props: { min: number; max: number; step: number }) => (
    <div className="grid gap-1">
      <Label htmlFor={`trips-${name}`}>{label}</Label>
      <Input id={`trips-${name}`} name={name} type="number" inputMode="decimal" defaultValue={value} {...props} />
    </div>
  );
  return (
    <Card>
      <CardHeader>
        <CardTitle>Checked against</CardTitle>
        <CardDescription>
          The electric model each vehicle is checked against and the depot charger it gets; the figures update when you
          apply them.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <Form method="get" className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" key={params.toString()}>
          <div className="grid gap-1">
            <Label htmlFor="trips-type">Electric model</Label>
            <NativeSelect id="trips-type" name="type" defaultValue={view.model.typeId}>
              {types.map((t) => (
                <option key={t.id} value={t.id}>
                  {t.name}
                </option>
              ))}
            </NativeSelect>
          </div>
          {field("chargerKw", "Depot charger (kW)", view.settings.chargerKw, { min: 1, max: 1000, step: 1 })}
          {field("targetSocPct", "Leaves charged to (%)", view.settings.targetSocPct, { min: 20, max: 100, step: 1 })}
          {field("winterUpliftPct", "Winter uplift, Dec–Feb (%)", view.settings.winterUpliftPct, {
            min: 0,
            max: 100,
            step: 1,
          })}
          {field("payloadFactor", "Payload factor", view.settings.payloadFactor, { min: 0.5, max: 2, step: 0.05 })}
          {view.rule.kind === "radius"
            ? field("radiusM", "At the depot within (m)", view.rule.radiusM, { min: 50, max: 10_000, step: 50 })
            : null}
          <p className="text-sm text-muted-foreground sm:col-span-2 lg:col-span-3">
            {view.model.name}: {whole(view.model.batteryKwh)} kWh battery, {view.model.consumptionKwhPerKm} kWh/km, up
            to {whole(view.model.maxChargeKw)} kW. Saving against diesel at {view.costs.pencePerKwh} p/kWh (the
            tariff&apos;s cheapest rate): {view.costs.dieselPencePerKm.toFixed(1)} p/km diesel,{" "}
            {view.costs.electricPencePerKm.toFixed(1)} p/km electric, from the business case.
          </p>
          <div>
            <Button type="submit" variant="outline">
              Apply
            </Button>
          </div>
        </Form>
      </CardContent>
    </Card>
  );
}

function FleetCard({ view, depotId, planRefusal }: { view: TripView; depotId: number; planRefusal?: string[] }) {
  const navigation = useNavigation();
  const [params] = useSearchParams();
  const busy = navigation.state !== "idle";
  const stat = (label: string, value: string, tone: string) => (
    <div className={cn("rounded-md border p-3", tone)}>
      <dt className="text-sm">{label}</dt>
      <dd className="text-2xl font-semibold">{value}</dd>
    </div>
  );
  return (
    <Card>
      <CardHeader>
        <CardTitle>Which vehicles can go electric</CardTitle>
        <CardDescription>
          Each vehicle&apos;s recorded days replayed on the electric model: it leaves with its charge, each tour takes
          its energy, and it charges at the depot between tours. Most suitable first.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid grid-cols-1 gap-4">
        <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4" aria-label="Fleet summary">
          {stat("Ready", String(view.fleet.ready), "border-green-300 bg-green-50 text-green-950")}
          {stat("Ready with a top-up", String(view.fleet.topUp), "border-amber-300 bg-amber-50 text-amber-950")}
          {stat("Not yet", String(view.fleet.notYet), "border-red-300 bg-red-50 text-red-950")}
          {stat("Saving a year (ready ones)", `£${whole(view.fleet.savingPoundsPerYear)}`, "")}
        </dl>
        <SuitabilityTable view={view} depotId={depotId} />
        <Form method="post" action={`/electrify/depots/${depotId}/trips`} className="flex flex-wrap gap-3">
          {[...params.entries()].map(([name, value]) => (
            <input key={name} type="hidden" name={name} value={value} />
          ))}
          <Button type="submit" name="intent" value="plan-recorded" disabled={busy}>
            <PlayIcon aria-hidden="true" /> Plan from recorded days
          </Button>
          <Button type="submit" name="intent" value="plan-typical" variant="outline" disabled={busy}>
            Plan a typical week from them
          </Button>
          <p className="basis-full text-sm text-muted-foreground">
            Both use the depot&apos;s chargers, connection and tariff from the Charging Plan tab, and open it with the
            result.
          </p>
          {planRefusal?.length && !busy ? (
            <div role="alert" className="basis-full text-sm font-medium text-destructive" data-testid="plan-refusal">
              {planRefusal.length === 1 ? (
                <p>The plan was not run: {planRefusal[0]}</p>
              ) : (
                <>
                  <p>The plan was not run:</p>
                  <ul className="list-disc pl-5">
                    {planRefusal.map((message) => (
                      <li key={message}>{message}</li>
                    ))}
                  </ul>
                </>
              )}
            </div>
          ) : null}
        </Form>
      </CardContent>
    </Card>
  );
}
