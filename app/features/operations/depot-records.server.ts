import type { Runtime } from "~/lib/runtime.server";

type Deps = Pick<Runtime, "database">;

/** The depot's chargers, their connectors, the sessions open or ended since `from`, their readings and recent faults. */
export async function readDepotRecords(deps: Deps, depotId: number, from: number) {
  const db = deps.database.db;
  const points = await db
    .selectFrom("charge_points")
    .select([
      "id",
      "identity",
      "name",
      "connectors",
      "max_kw",
      "current_type",
      "protocol",
      "model",
      "connected_at",
      "disconnected_at",
      "last_seen_at",
      "profiles_refused",
      "profiles_refused_until",
      "role",
    ])
    .where("depot_id", "=", depotId)
    .orderBy("name")
    .execute();
  const ids = points.map((p) => p.id);
  const [connectors, sessionRows, events] = ids.length
    ? await Promise.all([
        db.selectFrom("charge_point_connectors").selectAll().where("charge_point_id", "in", ids).execute(),
        db
          .selectFrom("charging_sessions")
          .selectAll()
          .where("charge_point_id", "in", ids)
          .where((eb) => eb.or([eb("stopped_at", "is", null), eb("stopped_at", ">=", new Date(from).toISOString())]))
          .orderBy("started_at", "desc")
          .limit(2000)
          .execute(),
        db
          .selectFrom("charge_point_events")
          .innerJoin("charge_points", "charge_points.id", "charge_point_events.charge_point_id")
          .select([
            "charge_point_events.id",
            "charge_point_events.kind",
            "charge_point_events.detail",
            "charge_point_events.created_at",
            "charge_points.name as charger",
          ])
          .where("charge_point_events.charge_point_id", "in", ids)
          .where("charge_point_events.kind", "in", ["fault", "boot", "disconnected"])
          .orderBy("charge_point_events.id", "desc")
          .limit(12)
          .execute(),
      ])
    : [[], [], []];
  const sessionIds = sessionRows.map((s) => s.id);
  const readings = sessionIds.length
    ? await db
        .selectFrom("meter_readings")
        .select(["session_id", "read_at", "energy_wh", "power_w"])
        .where("session_id", "in", sessionIds)
        .where("read_at", ">=", new Date(from).toISOString())
        .orderBy("read_at")
        .execute()
    : [];
  return { points, connectors, sessionRows, events, readings };
}
export type DepotRecords = Awaited<ReturnType<typeof readDepotRecords>>;
