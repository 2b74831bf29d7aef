/**
 * A depot's charging sessions as other features read them (a hub's statements and its vehicles now): the records
 * room's door onto its own table, so no other feature reads `charging_sessions` itself.
 */
import { toIsoString } from "~/lib/db/dialect.server";
import type { Runtime } from "~/lib/runtime.server";

type Deps = Pick<Runtime, "database">;

/** A session at a depot's chargers as other features read it (a hub's statements and its vehicles now). */
export type DepotSession = {
  id: number;
  tag: string | null;
  startedAt: number;
  stoppedAt: number | null;
  startWh: number;
  lastWh: number;
  powerW: number;
};

/** The sessions that started at the depot's chargers in [from, to), finished ones only when `finished`. */
export async function sessionsAtDepot(
  deps: Deps,
  depotId: number,
  window: { from: number; to?: number; finished?: boolean },
): Promise<DepotSession[]> {
  let query = deps.database.db
    .selectFrom("charging_sessions")
    .select([
      "charging_sessions.id",
      "charging_sessions.id_tag as tag",
      "charging_sessions.started_at as startedAt",
      "charging_sessions.stopped_at as stoppedAt",
      "charging_sessions.meter_start_wh as startWh",
      "charging_sessions.meter_last_wh as lastWh",
      "charging_sessions.power_w as powerW",
    ])
    .where("charging_sessions.depot_id", "=", depotId)
    .where("charging_sessions.started_at", ">=", new Date(window.from).toISOString());
  if (window.to !== undefined)
    query = query.where("charging_sessions.started_at", "<", new Date(window.to).toISOString());
  if (window.finished) query = query.where("charging_sessions.stopped_at", "is not", null);
  return (await query.execute()).map((r) => ({
    ...r,
    startedAt: Date.parse(toIsoString(r.startedAt)),
    stoppedAt: r.stoppedAt === null ? null : Date.parse(toIsoString(r.stoppedAt)),
  }));
}
