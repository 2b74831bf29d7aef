import { ArrowRightIcon } from "lucide-react";
import { Link } from "react-router";

import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { clockTime } from "~/lib/uk-dates";

import type { HubRole, VehicleNowRow } from "../views";
import { StatusPill } from "./status-pill";

const STATE = {
  expected: { label: "Expected", tone: "waiting" },
  charging: { label: "Charging", tone: "good" },
  left: { label: "Left", tone: "settled" },
  "no-show": { label: "No-show", tone: "settled" },
} as const;

const kwh = (value: number) => value.toLocaleString("en-GB", { maximumFractionDigits: 1 });

/** Booked vehicles: expected, charging (energy so far against its contract's, power now), left or a no-show. */
function VehicleNowList({
  vehicles,
  withCompany,
  label,
}: {
  vehicles: VehicleNowRow[];
  withCompany: boolean;
  label: string;
}) {
  return (
    <ul className="grid gap-2" aria-label={label}>
      {vehicles.map((v) => (
        <li key={`${v.vehicle}-${v.arrivesAt}`} className="grid gap-1 rounded-md border p-3 text-sm">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <span className="font-medium">{withCompany ? `${v.vehicle} · ${v.company}` : v.vehicle}</span>
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
  );
}

/**
 * Today's booked vehicles at the hub, live. A haulier sees its own and of the others only that bays are taken.
 */
export function VehiclesNowCard({
  vehicles,
  baysTaken,
  bays,
  as,
  live,
}: {
  vehicles: VehicleNowRow[];
  /** Bays taken now: the operator's view (a customer sees only its own vehicles). */
  baysTaken: number | null;
  bays: number;
  as: HubRole;
  /** Whether the page is following the hub's chargers as they report. */
  live: boolean;
}) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>{as === "haulier" ? "Your vehicles here today" : "Booked vehicles today"}</CardTitle>
        <CardDescription>
          {bays === 0
            ? "The hub's chargers are not connected to Box Charge yet."
            : `${baysTaken === null ? "" : `${baysTaken} of ${bays} bays taken now. `}${live ? "Live: updates as your vehicles charge." : "Not following the hub live."}`}
        </CardDescription>
      </CardHeader>
      <CardContent>
        {vehicles.length === 0 ? (
          <p className="text-sm text-muted-foreground">No booked visit today.</p>
        ) : (
          <VehicleNowList vehicles={vehicles} withCompany={as !== "haulier"} label="Booked vehicles today" />
        )}
      </CardContent>
    </Card>
  );
}

/** A haulier's vehicles at hubs today, hub by hub, beside its depots on the operations page. */
export function HubVehiclesCard({
  hubs,
  title = "Your vehicles at hubs today",
}: {
  hubs: { id: number; name: string; vehicles: VehicleNowRow[]; baysTaken: number | null; bays: number }[];
  title?: string;
}) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>{title}</CardTitle>
        <CardDescription>
          Booked visits at charging hubs, each charged to its booking before any walk-in.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {hubs.map((hub) => (
          <section key={hub.id} className="grid gap-2" aria-labelledby={`hub-now-${hub.id}`}>
            <div className="flex flex-wrap items-center justify-between gap-2">
              <h3 id={`hub-now-${hub.id}`} className="font-semibold">
                {hub.name}
                {hub.baysTaken === null ? null : (
                  <span className="ml-2 text-sm font-normal text-muted-foreground">
                    {hub.baysTaken} of {hub.bays} bays taken
                  </span>
                )}
              </h3>
              <Button asChild variant="outline" size="sm">
                <Link to={`/electrify/hubs/${hub.id}`} aria-label={`Open ${hub.name}`}>
                  Open <ArrowRightIcon aria-hidden="true" />
                </Link>
              </Button>
            </div>
            <VehicleNowList vehicles={hub.vehicles} withCompany={false} label={`Your vehicles at ${hub.name}`} />
          </section>
        ))}
      </CardContent>
    </Card>
  );
}
