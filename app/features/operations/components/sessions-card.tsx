import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "~/components/ui/table";
import { formatPence } from "~/lib/money";
import { clockTime } from "~/lib/uk-dates";
import { kw, kwh } from "~/lib/units";

import type { SessionView } from "../operations-views";

export function SessionsCard({
  sessions,
  tariff,
}: {
  sessions: SessionView[];
  tariff: { name: string; fromPlan: boolean };
}) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Sessions today</CardTitle>
        <CardDescription>
          Priced at {tariff.name}
          {tariff.fromPlan ? " (the depot's plan)" : " (no plan yet: run one on Depot Details for the depot's tariff)"},
          in force when the energy flowed.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {sessions.length === 0 ? (
          <p className="text-sm text-muted-foreground">No sessions today yet.</p>
        ) : (
          <Table scrollLabel="Sessions today" stackOnPhone className="whitespace-nowrap">
            <TableHeader>
              <TableRow>
                {/* What is happening first; on a phone each session is a small card of these (stackOnPhone). */}
                <TableHead>Vehicle</TableHead>
                <TableHead className="text-right">Now</TableHead>
                <TableHead className="text-right">Energy</TableHead>
                <TableHead className="text-right">Cost</TableHead>
                <TableHead>Planned</TableHead>
                <TableHead>Charger</TableHead>
                <TableHead>From</TableHead>
                <TableHead>To</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {sessions.map((s) => (
                <TableRow key={s.id}>
                  <TableCell className="max-sm:col-span-2 max-sm:font-medium">
                    {s.vehicle ?? "Unknown"}
                    {s.told ? (
                      <span className="block max-w-56 min-w-44 whitespace-normal text-muted-foreground max-sm:max-w-none max-sm:font-normal">
                        {toldText(s.told)}
                      </span>
                    ) : null}
                  </TableCell>
                  <TableCell className="text-right" data-label="Now">
                    {s.stoppedAt
                      ? "—"
                      : s.silentSince
                        ? `no reading since ${clockTime(s.silentSince)}`
                        : `${kw(s.powerKw)}${s.socPct !== null ? `, ${Math.round(s.socPct)} %` : ""}`}
                    {s.shortKwh !== null ? (
                      <span className="block font-medium text-red-800">
                        {kwh(s.shortKwh)} short at departure: {s.shortReason ?? "site limit"}
                      </span>
                    ) : null}
                  </TableCell>
                  <TableCell className="text-right" data-label="Energy">
                    {kwh(s.energyKwh)}
                  </TableCell>
                  <TableCell className="text-right" data-label="Cost">
                    {formatPence(s.costPence)}
                  </TableCell>
                  <TableCell data-label="Planned">{plannedText(s.planned)}</TableCell>
                  <TableCell className="max-sm:col-span-2" data-label="Charger">
                    {s.charger} / {s.connectorId}
                  </TableCell>
                  <TableCell data-label="From">{clockTime(s.startedAt)}</TableCell>
                  <TableCell data-label="To">{s.stoppedAt ? clockTime(s.stoppedAt) : "charging"}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </CardContent>
    </Card>
  );
}

/** The charger's own schedule, as a haulier reads it: when it charges next, and at up to what power. */
function plannedText(planned: SessionView["planned"]): string {
  if (planned === null) return "—";
  if (planned === "none") return "Nothing more planned";
  const from = new Date(planned.from).getTime() <= Date.now() + 60_000 ? "Now" : clockTime(planned.from);
  return `${from}–${planned.to ? clockTime(planned.to) : "on"}, up to ${kw(planned.kw)}`;
}

/** "Told by the vehicle: leaves 18:30, needs 10 kWh more" (or "Set by hand: …"). */
function toldText(told: NonNullable<SessionView["told"]>): string {
  const parts = [
    told.departsAt ? `leaves ${clockTime(told.departsAt)}` : null,
    told.neededKwh !== null ? `needs ${kwh(told.neededKwh)} more` : null,
  ].filter(Boolean);
  return `${told.by === "hand" ? "Set by hand" : "Told by the vehicle"}: ${parts.join(", ")}`;
}
