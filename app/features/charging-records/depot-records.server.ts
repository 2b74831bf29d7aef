import type { Kysely } from "kysely";

import type { Database } from "~/lib/db/schema";
import type { Runtime } from "~/lib/runtime.server";

type Deps = Pick<Runtime, "database">;

/** The depot's sessions open or ended since `from`, and their readings since then (the operations page's). */
export async function readDepotRecords(deps: Deps, depotId: number, from: number) {
  const db = deps.database.db;
  const sessionRows = await db
    .selectFrom("charging_sessions")
    .selectAll()
    .where("depot_id", "=", depotId)
    .where((eb) => eb.or([eb("stopped_at", "is", null), eb("stopped_at", ">=", new Date(from).toISOString())]))
    .orderBy("started_at", "desc")
    .limit(2000)
    .execute();
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
  return { sessionRows, readings };
}
export type DepotRecords = Awaited<ReturnType<typeof readDepotRecords>>;

/** The depot's open sessions as the live controller reads them, within its transaction (under the depot's lock). */
export async function openSessionsAt(db: Kysely<Database>, depotId: number) {
  return db
    .selectFrom("charging_sessions")
    .select([
      "id",
      "charge_point_id as chargePointId",
      "transaction_ref as ref",
      "connector_id as connectorId",
      "id_tag as tag",
      "meter_start_wh as startWh",
      "meter_last_wh as lastWh",
      "soc_pct as socPct",
      "soc_read_at as socReadAt",
      "power_w as powerW",
      "limit_w as limitW",
      "limit_schedule as scheduleJson",
      "ignores_limit as ignores",
      "short_kwh as shortKwh",
      "short_reason as shortReason",
      "ev_departs_at as evDepartsAt",
      "ev_needed_wh as evNeededWh",
      "ev_needed_from_wh as evNeededFromWh",
      "updated_at as updatedAt",
    ])
    .where("depot_id", "=", depotId)
    .where("stopped_at", "is", null)
    .execute();
}
export type OpenSessionRecord = Awaited<ReturnType<typeof openSessionsAt>>[number];

/** The sessions that started at the depot in [from, to) (ms), and each one's energy readings (a month's statement). */
export async function depotMonthSessions(deps: Deps, depotId: number, from: number, to: number) {
  const sessions = await deps.database.db
    .selectFrom("charging_sessions")
    .select([
      "id",
      "id_tag as tag",
      "started_at as startedAt",
      "stopped_at as stoppedAt",
      "updated_at as updatedAt",
      "meter_start_wh as startWh",
      "meter_last_wh as lastWh",
    ])
    .where("depot_id", "=", depotId)
    .where("started_at", ">=", new Date(from).toISOString())
    .where("started_at", "<", new Date(to).toISOString())
    .execute();
  const readings = sessions.length
    ? await deps.database.db
        .selectFrom("meter_readings")
        .select(["session_id", "read_at", "energy_wh"])
        .where(
          "session_id",
          "in",
          sessions.map((s) => s.id),
        )
        .where("energy_wh", "is not", null)
        .execute()
    : [];
  const readingsOf = Map.groupBy(readings, (r) => r.session_id!);
  return { sessions, readingsOf };
}

/** The session open at the depot for a vehicle's tag (any case), if it is on charge now. */
export async function openSessionOfTag(db: Kysely<Database>, depotId: number, tag: string) {
  return db
    .selectFrom("charging_sessions")
    .select(["id", "meter_last_wh as lastWh"])
    .where("depot_id", "=", depotId)
    .where("stopped_at", "is", null)
    .where((eb) => eb(eb.fn("lower", ["id_tag"]), "=", tag.toLowerCase()))
    .executeTakeFirst();
}

/** A session still open on this charger, by its id: the one a remote stop ends. */
export async function openSessionOn(db: Kysely<Database>, chargePointId: number, sessionId: number) {
  return db
    .selectFrom("charging_sessions")
    .select(["id", "transaction_ref as ref"])
    .where("id", "=", sessionId)
    .where("charge_point_id", "=", chargePointId)
    .where("stopped_at", "is", null)
    .executeTakeFirst();
}
