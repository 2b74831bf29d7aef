import { useFetcher } from "react-router";

import { TextField } from "~/components/text-field";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import type { ActionResult } from "~/lib/action-result";
import { useFetcherToast } from "~/lib/use-fetcher-toast";

import { FIRST_ROADMAP_YEAR, LAST_ROADMAP_YEAR } from "../roadmap-settings";

export type SettingsView = {
  endYear: number;
  phaseOut: { upTo26t: number; over26t: number };
  reminderMonths: number;
  battery: { poundsPerKwh: number; poundsPerKw: number };
  leadTimes: { operator: string; name: string; months: number }[];
};

/** The roadmap's end year, the phase-out marks, each network operator's lead time, the reminder and the battery's prices. */
export function RoadmapSettingsCard({ settings }: { settings: SettingsView }) {
  const fetcher = useFetcher<ActionResult>();
  useFetcherToast(fetcher.data);
  const errors = fetcher.data?.errors ?? {};
  const year = {
    type: "number",
    min: FIRST_ROADMAP_YEAR,
    max: LAST_ROADMAP_YEAR,
    step: 1,
    inputMode: "numeric",
  } as const;
  return (
    <Card>
      <CardHeader>
        <CardTitle>Roadmap settings</CardTitle>
        <CardDescription>
          New non-zero-emission HGVs end in {settings.phaseOut.upTo26t} up to 26 t and in {settings.phaseOut.over26t}{" "}
          heavier: both marks can be changed. A connection takes one to four years to deliver; set each network
          operator&apos;s lead time from its quotes.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <fetcher.Form method="post" className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          <input type="hidden" name="intent" value="settings" />
          <TextField
            label="Roadmap to (year)"
            name="endYear"
            defaultValue={settings.endYear}
            error={errors.endYear}
            {...year}
          />
          <TextField
            label="Phase-out up to 26 t (year)"
            name="upTo26t"
            defaultValue={settings.phaseOut.upTo26t}
            error={errors.upTo26t}
            {...year}
          />
          <TextField
            label="Phase-out over 26 t (year)"
            name="over26t"
            defaultValue={settings.phaseOut.over26t}
            error={errors.over26t}
            {...year}
          />
          <TextField
            label="E-mail me this many months before an apply-by date"
            name="reminderMonths"
            type="number"
            min={0}
            max={24}
            defaultValue={settings.reminderMonths}
            error={errors.reminderMonths}
          />
          {settings.leadTimes.map((lead) => (
            <TextField
              key={lead.operator}
              label={`Lead time, ${lead.name} (months)`}
              name={`lead-${lead.operator}`}
              type="number"
              min={0}
              max={120}
              defaultValue={lead.months}
              error={errors[`lead-${lead.operator}`]}
            />
          ))}
          <TextField
            label="Site battery, £ per kWh"
            name="batteryPoundsPerKwh"
            type="number"
            min={0}
            step="any"
            defaultValue={settings.battery.poundsPerKwh}
            error={errors.batteryPoundsPerKwh}
          />
          <TextField
            label="Site battery, £ per kW"
            name="batteryPoundsPerKw"
            type="number"
            min={0}
            step="any"
            defaultValue={settings.battery.poundsPerKw}
            error={errors.batteryPoundsPerKw}
          />
          <div className="flex items-end">
            <Button type="submit" disabled={fetcher.state !== "idle"}>
              {fetcher.state !== "idle" ? "Saving…" : "Save settings"}
            </Button>
          </div>
        </fetcher.Form>
      </CardContent>
    </Card>
  );
}
