import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { clockTime } from "~/lib/uk-dates";

import type { VehicleNowRow } from "../views";
import { StatusPill } from "./status-pill";

const STATE = {
  expected: { label: "Expected", tone: "waiting" },
  charging: { label: "Charging", tone: "good" },
  left: { label: "Left", tone: "settled" },
  "no-show": { label: "No-show", tone: "settled" },
} as const;

const kwh = (value: number) => value.toLocaleString("en-GB", { maximumFractionDigits: 1 });

/**
 * Today's booked vehicles at the hub: expected, charging (energy so far against its contract's, power now) or left.
 * A haulier sees its own and of the others only that bays are taken.
 */
export function VehiclesNowCard({
  vehicles,
  baysTaken,
  bays,
  as,
}: {
  vehicles: VehicleNowRow[];
  baysTaken: number;
  bays: number;
  as: "operator" | "haulier" | "admin";
}) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>{as === "haulier" ? "Your vehicles here today" : "Booked vehicles today"}</CardTitle>
        <CardDescription>
          {bays === 0
            ? "The hub's chargers are not connected to Box Charge yet."
            : `${baysTaken} of ${bays} bays taken now. Reload the page for the latest.`}
        </CardDescription>
      </CardHeader>
      <CardContent>
        {vehicles.length === 0 ? (
          <p className="text-sm text-muted-foreground">No booked visit today.</p>
        ) : (
          <ul className="grid gap-2" aria-label="Booked vehicles today">
            {vehicles.map((v) => (
              <li key={`${v.vehicle}-${v.arrivesAt}`} className="grid gap-1 rounded-md border p-3 text-sm">
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <span className="font-medium">{as === "haulier" ? v.vehicle : `${v.vehicle} · ${v.company}`}</span>
                  <StatusPill tone={STATE[v.state].tone}>{STATE[v.state].label}</StatusPill>
                </div>
                <span>
                  {`${kwh(v.kwh)} of ${kwh(v.neededKwh)} kWh`}
                  {v.state === "charging" ? ` · ${kwh(v.kw)} kW now` : ""}
                  {` · due ${clockTime(v.arrivesAt)}, leaves ${clockTime(v.departsAt)}`}
                </span>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
