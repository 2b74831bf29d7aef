import { useFetcher } from "react-router";

import { CLOCK_FIELD, TextField } from "~/components/text-field";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import type { ActionResult } from "~/lib/action-result";
import { clockTime } from "~/lib/uk-dates";
import { useFetcherToast } from "~/lib/use-fetcher-toast";

import type { SessionView } from "../operations-views";

/**
 * Each vehicle on charge that is not named on the depot, with its departure and need to set by hand (a phone at the
 * yard) or clear; a named one is set on the readiness board, which follows it plugged in or not.
 */
export function VehicleNeedsCard({ sessions }: { sessions: SessionView[] }) {
  const open = sessions.filter((s) => !s.stoppedAt && !s.named);
  if (open.length === 0) return null;
  return (
    <Card>
      <CardHeader>
        <CardTitle>Departures and needs</CardTitle>
        <CardDescription>
          For a vehicle on charge that is not named here: when it leaves and the energy it needs, where you know better
          than the plan (or the vehicle did not say). The chargers are shared again at once. Clear both to go back to
          the plan. Named vehicles are set on the readiness board above.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <ul className="grid gap-4" aria-label="Departures and needs">
          {open.map((s) => (
            <NeedsForm key={s.id} session={s} />
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}

function NeedsForm({ session }: { session: SessionView }) {
  const fetcher = useFetcher<ActionResult>();
  useFetcherToast(fetcher.data);
  const errors = fetcher.state === "idle" && fetcher.data?.ok === false ? fetcher.data.errors : {};
  const vehicle = session.vehicle ?? "Unknown vehicle";
  const departs = session.told?.departsAt ? clockTime(session.told.departsAt) : "";
  const needed = session.told?.neededKwh != null ? String(Math.round(session.told.neededKwh * 10) / 10) : "";
  return (
    <li className="rounded-md border p-3">
      <fetcher.Form
        method="post"
        className="grid gap-3 sm:grid-cols-[1fr_9rem_9rem_auto] sm:items-end"
        aria-label={`Departure and need of ${vehicle}`}
      >
        <input type="hidden" name="intent" value="vehicle-needs" />
        <input type="hidden" name="sessionId" value={session.id} />
        <p className="text-sm font-medium sm:self-center">
          {vehicle} <span className="font-normal text-muted-foreground">on {session.charger}</span>
        </p>
        <TextField label="Leaves at" name="departs" {...CLOCK_FIELD} defaultValue={departs} error={errors.departs} />
        <TextField
          label="Needs (kWh)"
          name="neededKwh"
          inputMode="decimal"
          defaultValue={needed}
          error={errors.neededKwh}
        />
        <Button type="submit" variant="outline" disabled={fetcher.state !== "idle"}>
          Save
        </Button>
      </fetcher.Form>
    </li>
  );
}
