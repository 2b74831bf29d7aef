/**
 * A depot's chargers as the register holds them: for the operations page, the live controller and a hub's counts.
 * The chargers' room owns these tables; the others read them only through here (issue 58).
 */
import type { Kysely } from "kysely";

import { toIsoString } from "~/lib/db/dialect.server";
import type { Database } from "~/lib/db/schema";
import type { Runtime } from "~/lib/runtime.server";

type Db = Kysely<Database>;

/** The depot's chargers (and its site meter), their connectors' statuses. `db` may be a transaction. */
export async function depotChargers(db: Db, depotId: number) {
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
      "default_limit_w",
      "role",
      "created_at",
      "reservations_unsupported",
    ])
    .where("depot_id", "=", depotId)
    .orderBy("name")
    .execute();
  const ids = points.map((p) => p.id);
  const [connectors, localLists, reservations] = ids.length
    ? await Promise.all([
        db.selectFrom("charge_point_connectors").selectAll().where("charge_point_id", "in", ids).execute(),
        db
          .selectFrom("charger_local_lists")
          .select(["charge_point_id", "version", "tags_digest", "tag_count", "unsupported"])
          .where("charge_point_id", "in", ids)
          .execute(),
        // The connectors held for booked visits now (issue 59).
        db
          .selectFrom("charger_reservations")
          .select(["id", "charge_point_id", "connector_id", "vehicle", "expires_at"])
          .where("charge_point_id", "in", ids)
          .where("status", "=", "reserved")
          .orderBy("expires_at")
          .execute(),
      ])
    : [[], [], []];
  return { points, connectors, localLists, reservations };
}
export type DepotChargers = Awaited<ReturnType<typeof depotChargers>>;

/**
 * What the live controller needs of the chargers its open sessions are on: their power, protocol and limits, whether
 * they are reachable, and their connectors' statuses. Only those chargers, and only those columns: a decision runs
 * every second or so at a busy depot, and reading all 200 chargers with everything the page shows was a third of
 * its reads (decision 082).
 */
export async function chargersInUse(db: Db, chargePointIds: readonly number[]) {
  const ids = [...new Set(chargePointIds)];
  if (ids.length === 0) return { points: [], connectors: [] };
  const [points, connectors] = await Promise.all([
    db
      .selectFrom("charge_points")
      .select(["id", "max_kw", "protocol", "default_limit_w", "connected_at", "disconnected_at", "profiles_refused"])
      .where("id", "in", ids)
      .execute(),
    db
      .selectFrom("charge_point_connectors")
      .select(["charge_point_id", "connector_id", "status"])
      .where("charge_point_id", "in", ids)
      .execute(),
  ]);
  return { points, connectors };
}

/** The depot's chargers' latest faults, restarts and disconnections (the page's history). */
export async function recentChargerEvents(db: Db, depotId: number, limit = 12) {
  return db
    .selectFrom("charge_point_events")
    .innerJoin("charge_points", "charge_points.id", "charge_point_events.charge_point_id")
    .select([
      "charge_point_events.id",
      "charge_point_events.kind",
      "charge_point_events.detail",
      "charge_point_events.created_at",
      "charge_points.name as charger",
    ])
    .where("charge_points.depot_id", "=", depotId)
    .where("charge_point_events.kind", "in", ["fault", "boot", "disconnected", "refused", "list", "reservation"])
    .orderBy("charge_point_events.id", "desc")
    .limit(limit)
    .execute();
}

/** How many connectors the depot's registered chargers have (its site meter is not one). */
export async function depotConnectors(deps: Pick<Runtime, "database">, depotId: number): Promise<number> {
  const row = await deps.database.db
    .selectFrom("charge_points")
    .select((eb) => eb.fn.sum<number | string>("connectors").as("total"))
    .where("depot_id", "=", depotId)
    .where("role", "=", "charger")
    .executeTakeFirst();
  return Number(row?.total ?? 0);
}

/** When the depot's first site meter was registered (ms), or null: a meter that never spoke is silent from then. */
export async function siteMeterRegisteredAt(deps: Pick<Runtime, "database">, depotId: number): Promise<number | null> {
  const row = await deps.database.db
    .selectFrom("charge_points")
    .select("created_at")
    .where("depot_id", "=", depotId)
    .where("role", "=", "site-meter")
    .orderBy("created_at")
    .executeTakeFirst();
  return row ? Date.parse(toIsoString(row.created_at)) : null;
}

/** Every depot with a charger or a site meter registered (the alerts' watch). */
export async function depotsWithChargers(deps: Pick<Runtime, "database">): Promise<number[]> {
  const rows = await deps.database.db.selectFrom("charge_points").select("depot_id").distinct().execute();
  return rows.map((r) => r.depot_id);
}
