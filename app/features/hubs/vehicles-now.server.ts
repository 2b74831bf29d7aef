/**
 * A hub's booked vehicles now (issue 50: "watch them charge"): each of today's visits the viewer may see, expected,
 * charging (its energy so far and power now, from its charger's meter) or left, and how many of the hub's bays are
 * taken. A haulier sees its own vehicles and of the others only that bays are taken; the operator and the admins see
 * every visit.
 */
import { DateTime } from "luxon";

import type { DepotViewer } from "~/features/depots/index.server";
import { toIsoString } from "~/lib/db/dialect.server";
import type { Runtime } from "~/lib/runtime.server";

import { isBookedSession, leaveByOf } from "./booked-session";
import { requireHub, type HubView } from "./hubs.server";
import type { VehicleNowRow } from "./views";

type Deps = Pick<Runtime, "database">;
const ms = (value: Date | string) => Date.parse(toIsoString(value));

export async function hubVehiclesNow(
  deps: Deps,
  viewer: DepotViewer,
  hub: HubView,
  now = Date.now(),
): Promise<{ vehicles: VehicleNowRow[]; baysTaken: number; bays: number }> {
  const db = deps.database.db;
  const today = DateTime.fromMillis(now, { zone: "Europe/London" });
  let bookings = db
    .selectFrom("hub_bookings")
    .innerJoin("expected_visits", "expected_visits.id", "hub_bookings.expected_visit_id")
    .innerJoin("companies", "companies.id", "hub_bookings.company_id")
    .innerJoin("hub_contracts", "hub_contracts.id", "hub_bookings.contract_id")
    .select([
      "hub_bookings.vehicle",
      "hub_bookings.tag",
      "companies.company_name as company",
      "expected_visits.arrives_at as arrivesAt",
      "expected_visits.holds_until as holdsUntil",
      "expected_visits.departs_at as departsAt",
      "expected_visits.needed_kwh as neededKwh",
      "hub_contracts.depart_from as departFrom",
      "hub_contracts.depart_to as departTo",
    ])
    .where("hub_bookings.hub_id", "=", hub.id)
    .where("hub_bookings.status", "=", "booked")
    .where("hub_bookings.visit_date", ">=", today.minus({ days: 1 }).toISODate()!)
    .where("hub_bookings.visit_date", "<=", today.toISODate()!);
  if (hub.as === "haulier") bookings = bookings.where("hub_bookings.company_id", "=", viewer.company?.id ?? 0);
  const [rows, sessions, points] = await Promise.all([
    bookings.execute(),
    db
      .selectFrom("charging_sessions")
      .innerJoin("charge_points", "charge_points.id", "charging_sessions.charge_point_id")
      .select([
        "id_tag as tag",
        "started_at as startedAt",
        "stopped_at as stoppedAt",
        "meter_start_wh as startWh",
        "meter_last_wh as lastWh",
        "power_w as powerW",
      ])
      .where("charge_points.depot_id", "=", hub.depotId)
      .where("charging_sessions.started_at", ">=", today.minus({ days: 1 }).toUTC().toISO()!)
      .execute(),
    db
      .selectFrom("charge_points")
      .select((eb) => eb.fn.sum<number | string>("connectors").as("bays"))
      .where("depot_id", "=", hub.depotId)
      .where("role", "=", "charger")
      .executeTakeFirst(),
  ]);
  const vehicles = rows
    .map((b): VehicleNowRow => {
      const arrivesAt = ms(b.arrivesAt);
      const departsAt = ms(b.departsAt);
      const leaveBy = leaveByOf(departsAt, b.departFrom, b.departTo);
      const mine = sessions.filter((s) =>
        isBookedSession({ tag: s.tag, startedAt: ms(s.startedAt) }, { tag: b.tag, arrivesAt, leaveBy }),
      );
      const open = mine.find((s) => s.stoppedAt === null);
      const kwh = mine.reduce((sum, s) => sum + Math.max(0, s.lastWh - s.startWh) / 1000, 0);
      const state = open ? "charging" : mine.length ? "left" : now > ms(b.holdsUntil) ? "no-show" : "expected";
      return {
        vehicle: b.vehicle,
        tag: b.tag,
        company: b.company,
        state,
        kwh,
        kw: open ? open.powerW / 1000 : 0,
        neededKwh: b.neededKwh,
        arrivesAt: new Date(arrivesAt).toISOString(),
        departsAt: new Date(departsAt).toISOString(),
      };
    })
    // Today's and last night's visits still to come or under way, and those that ended in the last hours.
    .filter((v) => Date.parse(v.departsAt) > now - 6 * 3_600_000)
    .sort((a, b) => a.arrivesAt.localeCompare(b.arrivesAt));
  return { vehicles, baysTaken: sessions.filter((s) => s.stoppedAt === null).length, bays: Number(points?.bays ?? 0) };
}

/**
 * The viewer's company's vehicles at hubs today, hub by hub (for its operations page, beside its depots): each hub
 * where it has a visit today or last night, seen as the hub's page shows it to a haulier (its own vehicles, others'
 * only as bays taken).
 */
export async function companyHubVehicles(deps: Deps, viewer: DepotViewer, now = Date.now()) {
  const company = viewer.company?.id;
  if (!company) return [];
  const today = DateTime.fromMillis(now, { zone: "Europe/London" });
  const hubIds = await deps.database.db
    .selectFrom("hub_bookings")
    .select("hub_id")
    .distinct()
    .where("company_id", "=", company)
    .where("status", "=", "booked")
    .where("visit_date", ">=", today.minus({ days: 1 }).toISODate()!)
    .where("visit_date", "<=", today.toISODate()!)
    .execute();
  const hubs = await Promise.all(
    hubIds.map(async ({ hub_id }) => {
      const hub = await requireHub(deps, viewer, hub_id).catch(() => null);
      // Its own hub's vehicles are on that depot's board already.
      if (!hub || hub.as !== "haulier") return null;
      const seen = await hubVehiclesNow(deps, viewer, hub, now);
      return seen.vehicles.length ? { id: hub.id, name: hub.name, ...seen } : null;
    }),
  );
  return hubs.filter((h) => h !== null).sort((a, b) => a.name.localeCompare(b.name));
}
