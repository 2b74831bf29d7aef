/**
 * A flexibility request's delivery (issue 60, item 4), measured once its window has passed and the chargers' last
 * readings of it are in: what the chargers drew in each of the window's steps, read from their meters, against the
 * baseline the answer gave (the plan's draw there), or, where the request is paid on a historical one, what they drew
 * on like days (decision 079). Kept once; the network is told when the request came from it.
 */
import { depotEnergyIn } from "~/features/charging-records/index.server";
import type { Runtime } from "~/lib/runtime.server";

import { historicalBaseline } from "./flex-baseline.server";
import { storedAnswerSchema, type Delivery } from "./flex-view";

type Deps = Pick<Runtime, "database" | "log">;
/** How long after a window ends its delivery is measured: the chargers' readings of its last minutes are in by then. */
export const MEASURE_AFTER_MS = 10 * 60_000;
const HOUR = 3_600_000;

/** Measures every offered request whose window has passed; answers those measured (depot and id). */
export async function measureDeliveries(deps: Deps, now = Date.now()) {
  const rows = await deps.database.db
    .selectFrom("flex_requests")
    .select(["id", "depot_id", "answer", "baseline"])
    .where("status", "=", "offered")
    .where("measured_at", "is", null)
    .where("ends_at", "<=", new Date(now - MEASURE_AFTER_MS).toISOString())
    .orderBy("ends_at")
    .limit(50)
    .execute();
  const measured: { id: number; depotId: number }[] = [];
  for (const row of rows) {
    const answer = row.answer ? storedAnswerSchema.safeParse(JSON.parse(row.answer)) : null;
    if (!answer?.success) continue;
    const spans = answer.data.segments.map((s) => ({ from: Date.parse(s.from), to: Date.parse(s.to) }));
    const used = await depotEnergyIn(deps, row.depot_id, spans, now);
    // The historical baseline where the request is paid on one and the depot's meters have the history for it.
    const history =
      row.baseline === "historical" ? await historicalBaseline(deps, row.depot_id, row.id, spans, now) : null;
    const historical = history && "kwh" in history ? history : null;
    const segments = answer.data.segments.map((s, k) => ({
      from: s.from,
      to: s.to,
      baselineKwh: historical ? historical.kwh[k]! : (s.baselineKw * (spans[k]!.to - spans[k]!.from)) / HOUR,
      usedKwh: used.kwh[k]!,
    }));
    const baselineKwh = segments.reduce((sum, s) => sum + s.baselineKwh, 0);
    const usedKwh = segments.reduce((sum, s) => sum + s.usedKwh, 0);
    const delivery: Delivery = {
      segments,
      baselineKwh,
      usedKwh,
      deliveredKwh: baselineKwh - usedKwh,
      estimated: used.estimated,
      basis: historical ? "historical" : "nominated",
      likeDays: historical?.days ?? [],
      note: history && "note" in history ? `${history.note} Measured against the nominated baseline.` : null,
    };
    await deps.database.db
      .updateTable("flex_requests")
      .set({ delivery: JSON.stringify(delivery), measured_at: new Date(now).toISOString() })
      .where("id", "=", row.id)
      .where("measured_at", "is", null)
      .execute();
    measured.push({ id: row.id, depotId: row.depot_id });
  }
  return measured;
}
