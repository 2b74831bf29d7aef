/**
 * What a depot's chargers drew over spans of time, read from their meters (issue 60: a flexibility request's delivery
 * is measured so). metered-energy.ts says how a register is read between its readings.
 */
import { toIsoString } from "~/lib/db/dialect.server";
import type { Runtime } from "~/lib/runtime.server";

import { energyInSpans, type Span } from "./metered-energy";

type Deps = Pick<Runtime, "database">;

export async function depotEnergyIn(deps: Deps, depotId: number, spans: readonly Span[], now = Date.now()) {
  if (spans.length === 0) return { kwh: [] as number[], estimated: false };
  const from = Math.min(...spans.map((s) => s.from));
  const to = Math.max(...spans.map((s) => s.to));
  const db = deps.database.db;
  const sessions = await db
    .selectFrom("charging_sessions")
    .select(["id", "started_at", "stopped_at", "meter_start_wh", "meter_last_wh", "power_w"])
    .where("depot_id", "=", depotId)
    .where("started_at", "<", new Date(to).toISOString())
    .where((eb) => eb.or([eb("stopped_at", "is", null), eb("stopped_at", ">", new Date(from).toISOString())]))
    .execute();
  const readings = sessions.length
    ? await db
        .selectFrom("meter_readings")
        .select(["session_id", "read_at", "energy_wh", "power_w"])
        .where(
          "session_id",
          "in",
          sessions.map((s) => s.id),
        )
        .where("energy_wh", "is not", null)
        .orderBy("read_at")
        .execute()
    : [];
  const bySession = Map.groupBy(readings, (r) => r.session_id!);
  return energyInSpans(
    sessions.map((s) => ({
      startedAt: Date.parse(toIsoString(s.started_at)),
      stoppedAt: s.stopped_at === null ? null : Date.parse(toIsoString(s.stopped_at)),
      startWh: s.meter_start_wh,
      lastWh: s.meter_last_wh,
      powerW: s.power_w,
      readings: (bySession.get(s.id) ?? []).map((r) => ({
        at: Date.parse(toIsoString(r.read_at)),
        wh: r.energy_wh!,
        w: r.power_w,
      })),
    })),
    spans,
    now,
  );
}

/** When the depot's chargers' metered history begins (its first charging session), or null without one. */
export async function depotMeteredSince(deps: Deps, depotId: number): Promise<number | null> {
  const row = await deps.database.db
    .selectFrom("charging_sessions")
    .select((eb) => eb.fn.min("started_at").as("first"))
    .where("depot_id", "=", depotId)
    .executeTakeFirst();
  return row?.first ? Date.parse(toIsoString(row.first as Date | string)) : null;
}
