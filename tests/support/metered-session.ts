import type { Runtime } from "~/lib/runtime.server";

const QUARTER = 15 * 60_000;
const iso = (ms: number) => new Date(ms).toISOString();

/**
 * A finished charging session on a charger that drew a steady `kw` for `hours` from `start`, its meter read every
 * quarter of an hour (what a flexibility request's delivery and historical baseline read back).
 */
export async function insertSteadySession(
  runtime: Pick<Runtime, "database">,
  session: { depotId: number; pointId: number; ref: string; start: number; hours: number; kw: number },
) {
  const { depotId, pointId, ref, start, hours, kw } = session;
  const stop = start + hours * 3_600_000;
  const row = await runtime.database.db
    .insertInto("charging_sessions")
    .values({
      charge_point_id: pointId,
      depot_id: depotId,
      connector_id: 1,
      transaction_ref: ref,
      id_tag: null,
      started_at: iso(start),
      stopped_at: iso(stop),
      meter_start_wh: 0,
      meter_last_wh: kw * hours * 1000,
      soc_pct: null,
      stop_reason: "EVDisconnected",
      updated_at: iso(stop),
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  await runtime.database.db
    .insertInto("meter_readings")
    .values(
      Array.from({ length: hours * 4 + 1 }, (_, k) => ({
        charge_point_id: pointId,
        session_id: row.id,
        connector_id: 1,
        read_at: iso(start + k * QUARTER),
        energy_wh: (k * kw * 1000) / 4,
        power_w: kw * 1000,
        soc_pct: null,
      })),
    )
    .execute();
}
