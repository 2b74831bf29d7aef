import { Suspense } from "react";
import { data, Link, useNavigate } from "react-router";

import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { AlertsCard } from "~/features/alerts";
import { listDepotAlerts } from "~/features/alerts/index.server";
import { COMMAND_LABELS, OCPP_PATH } from "~/features/chargers";
import {
  operationsOverview,
  registerChargePoint,
  registerChargersFromCsv,
  removeChargePoint,
  resetChargePointPassword,
  sendChargerCommand,
  setChargingAccess,
} from "~/features/chargers/index.server";
import { setNeedsByHand } from "~/features/charging-records/index.server";
import { DepotPicker } from "~/features/depots";
import { depotResource } from "~/features/depots/index.server";
import { HubVehiclesCard } from "~/features/hubs";
import { depotHubVehicles } from "~/features/hubs/index.server";
import {
  ChargersCard,
  ChargingAccessCard,
  ConnectionFigure,
  DaysCard,
  EventsCard,
  Figure,
  LoadChart,
  MeterFigure,
  ReadinessCard,
  RegisterCharger,
  RegisterMany,
  SessionsCard,
  useLiveDepot,
  VehicleNeedsCard,
  VehicleTagsCard,
} from "~/features/operations";
import { depotOperations } from "~/features/operations/index.server";
import { addVehicleTag, removeVehicleTag, setStateByHand } from "~/features/vehicles/index.server";
import { allowed } from "~/lib/access/access.server";
import { handleIntent, succeeded } from "~/lib/action-result.server";
import { requireUser } from "~/lib/auth/guards.server";
import { formatPence } from "~/lib/money";
import { parseId } from "~/lib/parse-id";
import { readForm } from "~/lib/request-body.server";
import { getRuntime } from "~/lib/runtime.server";
import { clockTime } from "~/lib/uk-dates";
import { kw, kwh } from "~/lib/units";
import { UserError } from "~/lib/user-error";

import type { Route } from "./+types/depot";

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData?.depot ? `${loaderData.depot.name} | Operations | Electrify` : "Operations | Electrify" },
];

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const user = requireUser(context, request);
  const runtime = getRuntime();
  const depots = await operationsOverview(runtime, user);
  let loaded;
  try {
    loaded = await depotOperations(runtime, user, parseId(params.depotId));
  } catch (error) {
    if (!(error instanceof UserError)) throw error;
    return data(
      { depot: null, depots, operations: null, atHubs: [], alerts: [], endpoint: "", canChange: false },
      { status: 404 },
    );
  }
  const { depot, ...operations } = loaded;
  const url = new URL(runtime.env.APP_URL);
  const endpoint = `${url.protocol === "https:" ? "wss" : "ws"}://${url.host}${OCPP_PATH}`;
  // An admin reaches any depot; keep it in the picker even before it has chargers.
  const listed = depots.some((d) => d.id === depot.id) ? depots : [...depots, { id: depot.id, name: depot.name }];
  return {
    depot: { id: depot.id, name: depot.name },
    depots: listed.map((d) => ({ id: d.id, name: d.name })),
    operations,
    atHubs: await depotHubVehicles(runtime, user, depot.id),
    alerts: await listDepotAlerts(runtime, depot.id),
    endpoint,
    // A viewer reads the page without the forms that change it (the server refuses them anyway).
    canChange: allowed(user, "operations.change", depotResource(depot)),
  };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const user = requireUser(context, request);
  const form = await readForm(request);
  const runtime = getRuntime();
  const depotId = parseId(params.depotId);
  const fields = Object.fromEntries([...form].filter(([, v]) => typeof v === "string")) as Record<string, string>;
  const chargePointId = parseId(fields.chargePointId);
  // Each intent's door asks the policy about this depot (a charger named in the form must be at it).
  return handleIntent(form, runtime, {
    register: async () => {
      const { identity, password } = await registerChargePoint(runtime, user, depotId, fields);
      return succeeded(`Charger ${identity} registered`, { credentials: { identity, password } }, "register");
    },
    "register-many": async () => {
      const made = await registerChargersFromCsv(runtime, user, depotId, fields.csv);
      return succeeded(`${made.length} chargers registered`, { registered: made }, "register-many");
    },
    "new-password": async () => {
      const { said, ...credentials } = await resetChargePointPassword(runtime, user, depotId, chargePointId, {
        revoke: fields.revoke === "on",
      });
      return succeeded(`New password for ${credentials.identity}: ${said}`, { credentials }, "new-password");
    },
    remove: async () => {
      const removed = await removeChargePoint(runtime, user, depotId, chargePointId);
      return succeeded(`Charger ${removed.identity} removed`, undefined, "remove");
    },
    "vehicle-needs": async () => {
      const { vehicle, cleared } = await setNeedsByHand(runtime, user, depotId, fields);
      return succeeded(
        cleared ? `${vehicle ?? "The vehicle"} is back to the plan` : `Saved for ${vehicle ?? "the vehicle"}`,
        undefined,
        "vehicle-needs",
      );
    },
    "vehicle-state": async () => {
      const done = await setStateByHand(runtime, user, depotId, fields);
      const older = done.ignored.length ? " (an older charge than the last was ignored)" : "";
      return succeeded(`Saved for ${done.vehicle}${older}`, undefined, "vehicle-state");
    },
    "charging-access": async () => {
      const mode = await setChargingAccess(runtime, user, depotId, fields.mode);
      return succeeded(
        mode === "anyone" ? "Anyone may charge here" : "Only your vehicles and booked visitors charge here",
        undefined,
        "charging-access",
      );
    },
    "add-tag": async () => {
      const tag = await addVehicleTag(runtime, user, depotId, fields);
      return succeeded(`${tag.vehicle} added`, undefined, "add-tag");
    },
    "remove-tag": async () => {
      const removed = await removeVehicleTag(runtime, user, depotId, parseId(fields.tagId));
      return succeeded(`${removed.vehicle}'s tag removed`, undefined, "remove-tag");
    },
    command: {
      run: async () => {
        const { command, status } = await sendChargerCommand(runtime, user, depotId, chargePointId, fields);
        return succeeded(`${COMMAND_LABELS[command]}: ${status}`, undefined, "command");
      },
      refusedTitle: "The charger did not take it",
    },
  });
}

export default function DepotOperationsPage({ loaderData }: Route.ComponentProps) {
  const { depot, depots, operations, alerts, endpoint, canChange, atHubs } = loaderData;
  const navigate = useNavigate();
  return (
    <section className="w-full px-4 py-8 sm:px-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <h1 className="text-3xl font-bold tracking-tight">Operations</h1>
        <DepotPicker
          depots={depots}
          current={depot ? depot.id : null}
          onPick={(id) => navigate(`/electrify/operations/${id}`)}
        />
      </div>
      {depot && operations ? (
        <DepotOperations
          key={depot.id}
          depotId={depot.id}
          operations={operations}
          alerts={alerts}
          atHubs={atHubs}
          endpoint={endpoint}
          canChange={canChange}
        />
      ) : (
        <p className="mt-6 rounded-md border p-8 text-center text-muted-foreground">
          Depot not found. Choose one of your depots above.
        </p>
      )}
    </section>
  );
}

function DepotOperations({
  depotId,
  operations,
  alerts,
  atHubs,
  endpoint,
  canChange,
}: {
  depotId: number;
  atHubs: Route.ComponentProps["loaderData"]["atHubs"];
  operations: NonNullable<Route.ComponentProps["loaderData"]["operations"]>;
  alerts: Route.ComponentProps["loaderData"]["alerts"];
  endpoint: string;
  canChange: boolean;
}) {
  const live = useLiveDepot(depotId);
  const today = operations.days.at(-1)!;
  const over = operations.limitKw !== null && operations.loadKw > operations.limitKw + 1e-6;
  return (
    <div className="mt-6 grid grid-cols-1 gap-6 [&>*]:min-w-0">
      <p className="text-sm text-muted-foreground" aria-live="polite">
        {live ? "Live: updates as the chargers report." : "Connecting to live updates…"}
      </p>
      <AlertsCard alerts={alerts} />
      <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4" aria-label="The depot now">
        <Figure
          title="Load now"
          value={kw(operations.loadKw)}
          note={
            operations.limitKw === null
              ? "No site limit: run a charging plan"
              : `of ${kw(operations.limitKw)} site limit`
          }
          alert={over}
        />
        <Figure
          title="Chargers connected"
          value={`${operations.chargers.filter((c) => c.connected && !c.siteMeter).length} of ${operations.chargers.filter((c) => !c.siteMeter).length}`}
        />
        <Figure
          title="Energy today"
          value={kwh(today.energyKwh)}
          note={`${today.sessions} ${today.sessions === 1 ? "session" : "sessions"}`}
        />
        <Figure title="Cost today" value={formatPence(today.costPence)} />
        {operations.meter ? <MeterFigure meter={operations.meter} /> : null}
        {operations.connection ? <ConnectionFigure connection={operations.connection} /> : null}
      </ul>
      {operations.dueBack.length > 0 && operations.limitKw !== null ? (
        <p className="text-sm text-muted-foreground">
          Room is kept for the vehicles due back from their duty:{" "}
          {operations.dueBack.map((d) => `${d.vehicles} ${d.group} at ${clockTime(d.at)}`).join(", ")}.
        </p>
      ) : null}
      <Card>
        <CardHeader>
          <CardTitle>Load against the site limit</CardTitle>
          <CardDescription>The chargers&apos; load over the last 24 hours, in ten-minute steps.</CardDescription>
        </CardHeader>
        <CardContent>
          <figure aria-label="Charging load over the last 24 hours" className="h-64 w-full">
            <Suspense fallback={<p className="text-sm text-muted-foreground">Loading chart…</p>}>
              <LoadChart points={operations.load} />
            </Suspense>
          </figure>
        </CardContent>
      </Card>
      <ReadinessCard readiness={operations.readiness} canChange={canChange} />
      {atHubs.length ? <HubVehiclesCard hubs={atHubs} title="Its vehicles at hubs today" /> : null}
      <ChargersCard chargers={operations.chargers} endpoint={endpoint} canChange={canChange} />
      <p className="text-sm">
        <Link className="font-medium underline underline-offset-4" to={`/electrify/operations/${depotId}/firmware`}>
          Firmware: versions by model, images and rollouts
        </Link>
        {" · "}
        <Link className="font-medium underline underline-offset-4" to={`/electrify/operations/${depotId}/network`}>
          The network: its limits on the site
        </Link>
      </p>
      <ChargingAccessCard access={operations.chargingAccess} canChange={canChange} />
      <SessionsCard sessions={operations.sessionsToday} tariff={operations.tariff} />
      {canChange ? <VehicleNeedsCard sessions={operations.sessionsToday} /> : null}
      <div className="grid grid-cols-1 gap-6 2xl:grid-cols-2 [&>*]:min-w-0">
        <DaysCard days={operations.days} plan={operations.planPerDay} depotId={depotId} />
        <EventsCard events={operations.events} />
      </div>
      <VehicleTagsCard tags={operations.tags} groups={operations.groups} canChange={canChange} />
      {canChange ? <RegisterCharger endpoint={endpoint} /> : null}
      {canChange ? <RegisterMany /> : null}
    </div>
  );
}
