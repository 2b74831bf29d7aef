/**
 * A hub's booked vehicles now (issue 50: "watch them charge"): each of today's visits the viewer may see, expected,
 * charging (its energy so far and power now, from its charger's meter) or left. A customer sees its own vehicles only;
 * the operator and the admins every customer's visit and how many bays are taken. Nothing of the operator's own fleet
 * is shown to a customer (issue 58). Sessions are read through operations' door.
 */
import { DateTime } from "luxon";

import { depotConnectors } from "~/features/chargers/index.server";
import { sessionsAtDepot } from "~/features/charging-records/index.server";
import { requireDepot, type DepotViewer } from "~/features/depots/index.server";
import { depotsWithVehicles, listVehicleTags } from "~/features/vehicles/index.server";
import { customerRowsWhere } from "~/lib/access/access.server";
import { toIsoString } from "~/lib/db/dialect.server";
import type { Runtime } from "~/lib/runtime.server";
import { UK_ZONE } from "~/lib/uk-dates";

import { isBookedSession, leaveByOf } from "./booked-session";
import { readHub, seesEveryCustomer, type HubView } from "./hubs.server";
import type { VehicleNowRow } from "./views";

type Deps = Pick<Runtime, "database">;
const ms = (value: Date | string) => Date.parse(toIsoString(value));
/** A visit due within this long is listed already, whatever its date: at 23:30 a van due by 00:30 is tonight's. */
const DUE_SOON_MS = 6 * 3_600_000;

/** The visit dates that may be under way or due soon at `now`: yesterday's (overnight), today's and tomorrow's. */
function visitDates(now: number) {
  const today = DateTime.fromMillis(now, { zone: UK_ZONE });
  return { from: today.minus({ days: 1 }).toISODate()!, to: today.plus({ days: 1 }).toISODate()! };
}

/** Today's and last night's booked visits at the hub, of every customer or of one (`tags` narrows to some vehicles). */
async function visitsNow(deps: Deps, hub: HubView, now: number, own: DepotViewer | null, companyOfDepot?: number) {
  const dates = visitDates(now);
  let query = deps.database.db
    .selectFrom("hub_bookings")
    .innerJoin("companies", "companies.id", "hub_bookings.company_id")
    .innerJoin("hub_contracts", "hub_contracts.id", "hub_bookings.contract_id")
    .select([
      "hub_bookings.vehicle",
      "hub_bookings.tag",
      "companies.company_name as company",
      "hub_bookings.arrives_at as arrivesAt",
      "hub_bookings.holds_until as holdsUntil",
      "hub_bookings.departs_at as departsAt",
      "hub_bookings.needed_kwh as neededKwh",
      "hub_bookings.visit_date as visitDate",
      "hub_contracts.depart_from as departFrom",
      "hub_contracts.depart_to as departTo",
    ])
    .where("hub_bookings.hub_id", "=", hub.id)
    .where("hub_bookings.status", "=", "booked")
    .where("hub_bookings.arrives_at", "is not", null)
    .where("hub_bookings.visit_date", ">=", dates.from)
    .where("hub_bookings.visit_date", "<=", dates.to);
  if (own) query = query.where(customerRowsWhere(own, "hub_bookings.company_id"));
  if (companyOfDepot !== undefined) query = query.where("hub_bookings.company_id", "=", companyOfDepot);
  return query.execute();
}

/** The hub's visits now as the viewer may see them (a customer its own), and the bays taken (the operator's view). */
export async function hubVehiclesNow(
  deps: Deps,
  viewer: DepotViewer,
  hub: HubView,
  now = Date.now(),
): Promise<{ vehicles: VehicleNowRow[]; baysTaken: number | null; bays: number }> {
  const all = seesEveryCustomer(viewer, hub.facts);
  const [rows, sessions, bays] = await Promise.all([
    visitsNow(deps, hub, now, all ? null : viewer),
    sessionsAtDepot(deps, hub.depotId, { from: now - 2 * 86_400_000 }),
    depotConnectors(deps, hub.depotId),
  ]);
  return {
    vehicles: rowsNow(rows, sessions, now),
    baysTaken: all ? sessions.filter((s) => s.stoppedAt === null).length : null,
    bays,
  };
}

function rowsNow(
  rows: Awaited<ReturnType<typeof visitsNow>>,
  sessions: Awaited<ReturnType<typeof sessionsAtDepot>>,
  now: number,
): VehicleNowRow[] {
  const today = DateTime.fromMillis(now, { zone: UK_ZONE }).toISODate()!;
  return (
    rows
      // Tomorrow's visits only once due within hours (at 23:30, a van due by 00:30 is tonight's).
      .filter((b) => b.visitDate <= today || ms(b.arrivesAt!) <= now + DUE_SOON_MS)
      .map((b): VehicleNowRow => {
        const arrivesAt = ms(b.arrivesAt!);
        const departsAt = ms(b.departsAt!);
        const leaveBy = leaveByOf(departsAt, b.departFrom, b.departTo);
        const mine = sessions.filter((s) => isBookedSession(s, { tag: b.tag, arrivesAt, leaveBy }));
        const open = mine.find((s) => s.stoppedAt === null);
        const kwh = mine.reduce((sum, s) => sum + Math.max(0, s.lastWh - s.startWh) / 1000, 0);
        const state = open ? "charging" : mine.length ? "left" : now > ms(b.holdsUntil!) ? "no-show" : "expected";
        return {
          vehicle: b.vehicle,
          tag: b.tag,
          company: b.company,
          state,
          kwh,
          kw: open ? open.powerW / 1000 : 0,
          neededKwh: b.neededKwh ?? 0,
          arrivesAt: new Date(arrivesAt).toISOString(),
          departsAt: new Date(departsAt).toISOString(),
        };
      })
      // Last night's, today's and tonight's visits still to come or under way, and those that ended in the last hours.
      .filter((v) => Date.parse(v.departsAt) > now - 6 * 3_600_000)
      .sort((a, b) => a.arrivesAt.localeCompare(b.arrivesAt))
  );
}

/**
 * A depot's own vehicles (by its tags) at other companies' hubs today, hub by hub, for its operations page: the
 * depot's company's visits, whoever asks (a depot manager sees their depot's, an admin that company's).
 */
export async function depotHubVehicles(deps: Deps, viewer: DepotViewer, depotId: number, now = Date.now()) {
  const depot = await requireDepot(deps.database.db, viewer, depotId, "operations.read");
  const tags = new Set((await listVehicleTags(deps, depot.id)).map((t) => t.tag.toUpperCase()));
  if (!tags.size) return [];
  const dates = visitDates(now);
  const hubIds = await deps.database.db
    .selectFrom("hub_bookings")
    .select("hub_id")
    .distinct()
    .where("company_id", "=", depot.companyId)
    .where("tag", "in", [...tags])
    .where("status", "=", "booked")
    .where("visit_date", ">=", dates.from)
    .where("visit_date", "<=", dates.to)
    .execute();
  const hubs = await Promise.all(
    hubIds.map(async ({ hub_id }) => {
      const hub = await readHub(deps, hub_id, viewer);
      if (!hub) return null;
      const [rows, sessions, bays] = await Promise.all([
        visitsNow(deps, hub, now, null, depot.companyId),
        sessionsAtDepot(deps, hub.depotId, { from: now - 2 * 86_400_000 }),
        depotConnectors(deps, hub.depotId),
      ]);
      const vehicles = rowsNow(
        rows.filter((r) => tags.has(r.tag.toUpperCase())),
        sessions,
        now,
      );
      return vehicles.length ? { id: hub.id, name: hub.name, vehicles, baysTaken: null, bays } : null;
    }),
  );
  return hubs.filter((h) => h !== null).sort((a, b) => a.name.localeCompare(b.name));
}

/** The vehicles of the depots the viewer may read at other companies' hubs today, hub by hub (Operations' overview). */
export async function companyHubVehicles(deps: Deps, viewer: DepotViewer, now = Date.now()) {
  const depots = await depotsWithVehicles(deps, viewer);
  const byHub = new Map<number, Awaited<ReturnType<typeof depotHubVehicles>>[number]>();
  for (const depot of depots.filter((d) => d.vehicles.length > 0))
    for (const hub of await depotHubVehicles(deps, viewer, depot.id, now)) {
      const seen = byHub.get(hub.id);
      byHub.set(hub.id, seen ? { ...seen, vehicles: [...seen.vehicles, ...hub.vehicles] } : hub);
    }
  return [...byHub.values()].sort((a, b) => a.name.localeCompare(b.name));
}
