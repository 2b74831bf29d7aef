/**
 * What the operations dashboard shows of a depot, read from what the chargers
 * told the endpoint: each charger's connection and connectors, the site's
 * load against its limit over the last 24 hours, today's sessions with their
 * energy and cost, faults, and each day against the plan. All from the
 * database, so a reload shows exactly what the live page showed.
 */
import { DateTime } from "luxon";

import {
  chargingAccessOf,
  depotChargers,
  getOcppEndpoint,
  recentChargerEvents,
} from "~/features/chargers/index.server";
import { buildingKwAt } from "~/features/charging-records";
import { readDepotRecords } from "~/features/charging-records/index.server";
import { requireDepot, type DepotViewer } from "~/features/depots/index.server";
import { connectionInForceView, siteLimitKw, type DepotSite } from "~/features/live-control";
import { depotSite } from "~/features/live-control/index.server";
import { vehiclesDueBack } from "~/features/vehicles";
import { vehicleTagsByKey } from "~/features/vehicles/index.server";
import { toIsoString } from "~/lib/db/dialect.server";
import type { Runtime } from "~/lib/runtime.server";
import { UK_ZONE } from "~/lib/uk-dates";

import { chargerViews, DAY_MS, dayViews, loadSeries, sessionViews } from "./operations-views";
import { depotReadiness } from "./readiness-view.server";

type Deps = Pick<Runtime, "database">;

/** The depot's operations page for a principal who may read it (404 otherwise): the depot and everything it shows. */
export async function depotOperations(deps: Deps, viewer: DepotViewer, depotId: number, now = Date.now()) {
  const depot = await requireDepot(deps.database.db, viewer, depotId, "operations.read");
  return { depot, ...(await depotSnapshot(deps, depot.id, now)) };
}

/**
 * Everything the depot's operations page shows, read in one go: for the page (depotOperations, which asks the policy
 * first) and for the background's own reads (a depot's alerts), which act for no one.
 */
export async function depotSnapshot(deps: Deps, depotId: number, now = Date.now()) {
  const db = deps.database.db;
  const [site, tagsByKey, sessionRecords, chargersRead, events, chargingAccess] = await Promise.all([
    depotSite(deps, depotId, now),
    vehicleTagsByKey(deps, depotId),
    readDepotRecords(deps, depotId, now - 7 * DAY_MS),
    depotChargers(db, depotId),
    recentChargerEvents(db, depotId),
    chargingAccessOf(deps, depotId),
  ]);
  const records = { ...sessionRecords, ...chargersRead };
  const sessions = sessionViews(records, site.tariff, tagsByKey, now);
  const load = loadSeries(sessions, (at) => siteLimitKw(site, at), now);
  const endpoint = getOcppEndpoint();
  const chargers = chargerViews(records, sessions, (id) => endpoint?.isConnected(id) ?? false);
  const todayStart = DateTime.fromMillis(now, { zone: UK_ZONE }).startOf("day").toMillis();
  const open = sessions.filter(({ row }) => !row.stopped_at);
  return {
    chargers,
    chargingAccess,
    loadKw: chargers.reduce((sum, c) => sum + c.powerKw, 0),
    limitKw: siteLimitKw(site, now),
    connection: connectionInForceView(site, now),
    meter: meterView(site, now),
    tariff: { name: site.tariff.name, fromPlan: site.tariffFromPlan },
    tags: [...tagsByKey.values()],
    groups: (site.inputs?.vehicles ?? []).map((g) => ({ id: g.id, name: g.name })),
    load: load.filter((p) => Date.parse(p.at) > now - DAY_MS),
    sessionsToday: sessions
      .filter(({ view }) => !view.stoppedAt || Date.parse(view.stoppedAt) >= todayStart)
      .map((s) => s.view)
      .slice(0, 200),
    events: events.map((e) => ({
      id: e.id,
      kind: e.kind,
      detail: e.detail,
      charger: e.charger,
      at: toIsoString(e.created_at),
    })),
    days: dayViews(sessions, load, now),
    planPerDay: site.planPerDay,
    // The plan's vehicles away on duty that the live controller keeps room for (depot-decision.server.ts).
    dueBack: vehiclesDueBack(
      site.inputs,
      { tags: open.map(({ row }) => row.id_tag), named: tagsByKey },
      now,
      now + DAY_MS,
      records.points.filter((p) => p.role === "charger").reduce((sum, p) => sum + p.connectors, 0) - open.length,
    ).map((d) => ({ group: d.group, vehicles: d.vehicles, at: new Date(d.arrivesAt).toISOString() })),
    readiness: await depotReadiness(
      deps,
      depotId,
      {
        site,
        tags: [...tagsByKey.values()],
        open: open.map((s) => ({ row: s.row, powerKw: s.view.powerKw })),
        chargers,
      },
      now,
    ),
  };
}

/** The site meter as the page says it: the building's real load, or that it is silent and what is counted instead. */
function meterView(site: DepotSite, now: number) {
  const meter = site.meter;
  if (!meter || site.connectionKw === null) return null;
  const hour = DateTime.fromMillis(now, { zone: UK_ZONE }).hour;
  const planKw = site.buildingKwByHour[hour] ?? 0;
  return {
    readAt: new Date(meter.readAt).toISOString(),
    buildingKw: meter.silent ? null : meter.buildingKw,
    silentSince: meter.silent ? new Date(meter.readAt).toISOString() : null,
    // What the controller counts for the building now (while the meter is silent, the higher of the plan's and its last
    // reading, plus a margin).
    countedKw: buildingKwAt(meter, planKw, site.connectionKw, now),
  };
}

export type DepotOperations = Awaited<ReturnType<typeof depotSnapshot>>;
