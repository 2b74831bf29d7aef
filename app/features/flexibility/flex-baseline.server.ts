/**
 * A request's historical baseline (decision 079), read from the chargers' meters on like days (like-days.ts): what
 * the depot drew in the same window then, the days it was held to another request left out.
 */
import { depotEnergyIn, depotMeteredSince } from "~/features/charging-records/index.server";
import { toIsoString } from "~/lib/db/dialect.server";
import type { Runtime } from "~/lib/runtime.server";
import { calendarDay } from "~/lib/uk-dates";

import { likeDays, LOOK_BACK_DAYS, middleAverage, shiftedBack } from "./like-days";

type Deps = Pick<Runtime, "database">;
type Span = { from: number; to: number };
const DAY = 86_400_000;
const iso = (ms: number) => new Date(ms).toISOString();

/** Each step's baseline (kWh) and the days it averaged, or why there is none. */
export async function historicalBaseline(
  deps: Deps,
  depotId: number,
  requestId: number,
  spans: readonly Span[],
  now: number,
): Promise<{ kwh: number[]; days: string[] } | { note: string }> {
  const window = { from: Math.min(...spans.map((s) => s.from)), to: Math.max(...spans.map((s) => s.to)) };
  const others = await deps.database.db
    .selectFrom("flex_requests")
    .select(["starts_at", "ends_at"])
    .where("depot_id", "=", depotId)
    .where("id", "!=", requestId)
    .where("status", "=", "offered")
    .where("starts_at", "<", iso(window.to))
    .where("ends_at", ">", iso(window.from - (LOOK_BACK_DAYS + 1) * DAY))
    .execute();
  const held = others.map((o) => ({
    from: Date.parse(toIsoString(o.starts_at)),
    to: Date.parse(toIsoString(o.ends_at)),
  }));
  const { wanted, days } = likeDays(window.from, (back) => {
    const [then] = shiftedBack([window], back);
    return held.some((h) => h.from < then!.to && h.to > then!.from);
  });
  if (days.length < wanted)
    return {
      note: `Only ${days.length} of the ${wanted} like days it takes in the last ${LOOK_BACK_DAYS} days were not held to another request.`,
    };
  const earliest = shiftedBack([window], days.at(-1)!.daysBack)[0]!.from;
  const since = await depotMeteredSince(deps, depotId);
  if (since === null || since > earliest)
    return {
      note: `Not enough metered history for a historical baseline: ${since === null ? "no charging has been metered here yet" : `the chargers' readings begin on ${calendarDay(iso(since))}`}, and its like days go back to ${calendarDay(iso(earliest))}.`,
    };
  const energies = [];
  for (const d of days)
    energies.push({ day: d.day, kwh: (await depotEnergyIn(deps, depotId, shiftedBack(spans, d.daysBack), now)).kwh });
  return middleAverage(energies);
}
