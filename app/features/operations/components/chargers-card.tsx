import { ChevronDownIcon } from "lucide-react";
import { Link, useFetcher } from "react-router";

import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "~/components/ui/dropdown-menu";
import { COMMAND_LABELS, type ChargerCommand } from "~/features/chargers";
import type { ActionResult } from "~/lib/action-result";
import { clockTime } from "~/lib/uk-dates";
import { kw } from "~/lib/units";
import { useFetcherToast } from "~/lib/use-fetcher-toast";
import { cn } from "~/lib/utils";

import type { ChargerView } from "../operations-views";
import { ChargerCredentials, type Credentials } from "./register-charger";

const STATUS_STYLE: Record<string, string> = {
  Available: "border-green-300 bg-green-50 text-green-900",
  Charging: "border-blue-300 bg-blue-50 text-blue-900",
  Occupied: "border-blue-300 bg-blue-50 text-blue-900",
  Faulted: "border-red-300 bg-red-50 text-red-900",
  Unavailable: "border-slate-300 bg-slate-100 text-slate-900",
};

function ConnectorBadge({ id, status, errorCode }: ChargerView["connectors"][number]) {
  return (
    <span
      className={cn(
        "rounded-full border px-2 py-0.5 text-xs font-medium",
        STATUS_STYLE[status] ?? "border-amber-300 bg-amber-50 text-amber-950",
      )}
    >
      {id}: {status}
      {errorCode ? ` (${errorCode})` : ""}
    </span>
  );
}

type Answer = ActionResult & { credentials?: Credentials };

function ChargerActions({ charger, endpoint }: { charger: ChargerView; endpoint: string }) {
  const fetcher = useFetcher<Answer>();
  useFetcherToast(fetcher.data);
  const busy = fetcher.state !== "idle";
  const send = (intent: string, fields: Record<string, string> = {}) =>
    fetcher.submit({ intent, chargePointId: String(charger.id), ...fields }, { method: "post" });
  const commands: ChargerCommand[] = ["reset", "unlock", "make-unavailable", "make-available", "remote-start"];
  return (
    <>
      <DropdownMenu>
        <DropdownMenuTrigger asChild>
          <Button type="button" size="sm" variant="outline" disabled={busy} aria-label={`Actions for ${charger.name}`}>
            {busy ? "Sending…" : "Actions"} <ChevronDownIcon aria-hidden="true" />
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent align="end">
          {commands.map((command) => (
            <DropdownMenuItem
              key={command}
              disabled={!charger.connected}
              onSelect={() => send("command", { command, connectorId: "1" })}
            >
              {COMMAND_LABELS[command]}
            </DropdownMenuItem>
          ))}
          <DropdownMenuSeparator />
          <DropdownMenuItem onSelect={() => send("new-password")}>New password (old one 24 h more)</DropdownMenuItem>
          <DropdownMenuItem
            onSelect={() => {
              if (
                window.confirm(
                  `Stop ${charger.name}'s current password now? It cannot connect until it has the new one.`,
                )
              )
                send("new-password", { revoke: "on" });
            }}
          >
            New password, old one stops now
          </DropdownMenuItem>
          <DropdownMenuItem
            className="text-destructive"
            onSelect={() => {
              if (window.confirm(`Remove ${charger.name} and its sessions?`)) send("remove");
            }}
          >
            Remove
          </DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>
      {fetcher.data?.credentials ? (
        <div className="basis-full">
          <ChargerCredentials credentials={fetcher.data.credentials} endpoint={endpoint} />
        </div>
      ) : null}
    </>
  );
}

/** Which tags the charger may let charge while it cannot reach us. */
function LocalListLine({ list }: { list: NonNullable<ChargerView["localList"]> }) {
  return (
    <p className="text-sm text-muted-foreground">
      {"unsupported" in list
        ? `No local list: ${list.unsupported}. Offline, it decides for itself.`
        : list.tags === null
          ? `Local list: being sent again (version ${list.version})`
          : `Local list: ${list.tags} ${list.tags === 1 ? "tag" : "tags"} (version ${list.version})`}
    </p>
  );
}

/** The depot's chargers; `canChange` false (a viewer) shows them without their Actions. */
export function ChargersCard({
  chargers,
  endpoint,
  canChange = true,
}: {
  chargers: ChargerView[];
  endpoint: string;
  canChange?: boolean;
}) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Chargers</CardTitle>
        <CardDescription>
          {chargers.filter((c) => c.connected && !c.siteMeter).length} of {chargers.filter((c) => !c.siteMeter).length}{" "}
          connected
          {chargers.some((c) => c.siteMeter) ? "; the site's meter is listed with them" : ""}
        </CardDescription>
      </CardHeader>
      <CardContent>
        {chargers.length === 0 ? (
          <p className="text-sm text-muted-foreground">
            {canChange
              ? "No chargers yet. Register one below, or start the simulated chargers (README)."
              : "No chargers yet."}
          </p>
        ) : (
          <ul className="grid gap-3" aria-label="Chargers">
            {chargers.map((charger) => (
              <li
                key={charger.id}
                className="flex flex-wrap items-center gap-x-4 gap-y-2 border-b pb-3 last:border-b-0 last:pb-0"
              >
                <div className="min-w-0 basis-full sm:basis-0 sm:flex-1">
                  <p className="font-medium">
                    {charger.name} <span className="font-mono text-xs text-muted-foreground">{charger.identity}</span>
                  </p>
                  <p className="text-sm text-muted-foreground">
                    <span className={cn("font-medium", charger.connected ? "text-green-800" : "text-slate-700")}>
                      {charger.connected ? "Connected" : "Offline"}
                    </span>
                    {" · "}
                    {charger.siteMeter
                      ? "Site meter at the connection"
                      : `${kw(charger.powerKw)} of ${kw(charger.maxKw)} ${charger.currentType}`}
                    {charger.protocol ? ` · ${charger.protocol === "ocpp1.6" ? "OCPP 1.6J" : "OCPP 2.0.1"}` : ""}
                    {charger.lastSeenAt ? ` · seen ${clockTime(charger.lastSeenAt)}` : ""}
                  </p>
                  {charger.localList && !charger.siteMeter ? <LocalListLine list={charger.localList} /> : null}
                  {charger.reservations.map((r) => (
                    <p key={r.connectorId} className="text-sm">
                      Connector {r.connectorId} reserved for {r.vehicle} until {clockTime(r.until)}
                    </p>
                  ))}
                  {charger.noReservations && !charger.siteMeter ? (
                    <p className="text-sm text-muted-foreground">
                      {charger.noReservations}: a booked visit keeps its room in the plan, not a connector.
                    </p>
                  ) : null}
                  {charger.notManaged ? (
                    <p className="text-sm text-amber-800">
                      Not managed: {charger.notManaged}. It is counted at its full power and sent no more profiles
                      {charger.notManagedUntil === "transaction"
                        ? " for this vehicle; the next is asked again."
                        : " until it reconnects or restarts."}
                    </p>
                  ) : null}
                </div>
                {charger.connectors.length && !charger.siteMeter ? (
                  <ul className="flex flex-wrap gap-2" aria-label={`Connectors of ${charger.name}`}>
                    {charger.connectors.map((c) => (
                      <li key={c.id}>
                        <ConnectorBadge {...c} />
                      </li>
                    ))}
                  </ul>
                ) : null}
                {charger.siteMeter ? null : (
                  <Link
                    to={`chargers/${charger.id}`}
                    className="text-sm font-medium text-primary underline-offset-4 hover:underline"
                    aria-label={`Configuration of ${charger.name}`}
                  >
                    Configuration
                  </Link>
                )}
                {canChange ? <ChargerActions charger={charger} endpoint={endpoint} /> : null}
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
