import { useId } from "react";
import { useFetcher } from "react-router";

import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "~/components/ui/table";
import type { ActionResult } from "~/lib/action-result";
import { useFetcherToast } from "~/lib/use-fetcher-toast";

import { formatNumber, formatPounds } from "../format";
import type { PlanRequest } from "../plan-input";
import type { ScenarioRow } from "../scenario-store.server";

const first = "sticky left-0 z-10 bg-background whitespace-nowrap font-medium";

/**
 * Named copies of the plan to compare side by side ("today's layout",
 * "sized", "with battery", "2028 fleet"): save the plan as last run, open a
 * scenario's inputs to change and run again, or delete it.
 */
export function ScenariosCard({
  scenarios,
  canSave,
  onOpen,
}: {
  scenarios: ScenarioRow[];
  canSave: boolean;
  onOpen: (inputs: PlanRequest) => void;
}) {
  const id = useId();
  const saver = useFetcher<ActionResult>();
  const remover = useFetcher<ActionResult>();
  useFetcherToast(saver.data);
  useFetcherToast(remover.data);
  const error = saver.state === "idle" && saver.data && !saver.data.ok ? saver.data.errors : {};
  return (
    <section aria-labelledby={`${id}-title`} className="grid gap-3">
      <h3 id={`${id}-title`} className="text-lg font-semibold">
        Scenarios
      </h3>
      <saver.Form
        method="post"
        className="flex flex-wrap items-end gap-3"
        key={saver.data?.ok ? scenarios.length : "form"}
      >
        <input type="hidden" name="intent" value="save-scenario" />
        <div className="grid gap-1">
          <Label htmlFor={`${id}-name`}>Save this plan as a scenario</Label>
          <Input
            id={`${id}-name`}
            name="name"
            placeholder="e.g. Sized chargers, 2028 fleet"
            className="w-72"
            aria-invalid={Boolean(error.name || error.form)}
            aria-describedby={error.name || error.form ? `${id}-error` : undefined}
          />
        </div>
        <Button type="submit" variant="outline" disabled={!canSave || saver.state !== "idle"}>
          Save scenario
        </Button>
        {error.name || error.form ? (
          <p id={`${id}-error`} role="alert" className="basis-full text-sm text-destructive">
            {error.name ?? error.form}
          </p>
        ) : null}
      </saver.Form>
      {scenarios.length === 0 ? (
        <p className="text-sm text-muted-foreground">
          No scenarios yet. Save the plan as it stands, change it, run it, and save again to compare.
        </p>
      ) : (
        <Table aria-label="Scenarios compared" scrollLabel="Scenarios compared (scrolls sideways)">
          <TableHeader>
            <TableRow>
              <TableHead className={first}>Scenario</TableHead>
              <TableHead>Chargers</TableHead>
              <TableHead className="text-right">Peak (kW)</TableHead>
              <TableHead className="text-right">Connection</TableHead>
              <TableHead className="text-right">Energy a year</TableHead>
              <TableHead className="text-right">Depot cost</TableHead>
              <TableHead className="text-right">Payback</TableHead>
              <TableHead className="text-right">CO2e saved a year</TableHead>
              <TableHead className="text-right">Vehicles short</TableHead>
              <TableHead>
                <span className="sr-only">Actions</span>
              </TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {scenarios.map((s) => (
              <TableRow key={s.id}>
                <TableCell className={first}>{s.name}</TableCell>
                <TableCell className="whitespace-nowrap">{s.chargers}</TableCell>
                <TableCell className="text-right">{formatNumber(s.peakKw)}</TableCell>
                <TableCell className="text-right">
                  {s.connectionKva === null ? "none yet" : `${formatNumber(s.connectionKva)} kVA`}
                </TableCell>
                <TableCell className="text-right">{formatPounds(s.annualEnergyPounds)}</TableCell>
                <TableCell className="text-right">
                  {s.capitalPounds === null ? "—" : formatPounds(s.capitalPounds)}
                </TableCell>
                <TableCell className="text-right whitespace-nowrap">
                  {s.years === null
                    ? "—"
                    : s.paybackYear === null
                      ? `not in ${s.years} years`
                      : `year ${s.paybackYear}`}
                </TableCell>
                <TableCell className="text-right">
                  {s.co2eTonnesPerYear === null ? "—" : `${formatNumber(s.co2eTonnesPerYear, 1)} t`}
                </TableCell>
                <TableCell className="text-right">
                  {s.vehiclesShort === 0 ? "none" : `${s.vehiclesShort} of ${s.vehicles}`}
                </TableCell>
                <TableCell className="whitespace-nowrap">
                  <Button
                    type="button"
                    variant="ghost"
                    size="sm"
                    disabled={s.inputs === null}
                    title={
                      s.inputs === null ? "Too large to open here: its building readings run to a year" : undefined
                    }
                    onClick={() => s.inputs && onOpen(s.inputs)}
                  >
                    Open<span className="sr-only"> {s.name}</span>
                  </Button>
                  <remover.Form method="post" className="inline">
                    <input type="hidden" name="intent" value="delete-scenario" />
                    <input type="hidden" name="scenarioId" value={s.id} />
                    <Button type="submit" variant="ghost" size="sm" disabled={remover.state !== "idle"}>
                      Delete<span className="sr-only"> {s.name}</span>
                    </Button>
                  </remover.Form>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </section>
  );
}
