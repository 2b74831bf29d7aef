import fc from "fast-check";
import { describe, expect, it } from "vitest";

import { loadSeries } from "./operations-views";

const MINUTE = 60_000;
const STEP = 10 * MINUTE;
const HOLDS = 20 * MINUTE;
const now = Date.UTC(2026, 10, 29, 13, 0);
const weekStart = now - 1007 * STEP;

/** A time within the week and a little around it, on a ten-minute step a third of the time (the edges matter). */
const instant = fc.oneof(
  fc.integer({ min: weekStart - 2 * 86_400_000, max: now + 3_600_000 }),
  fc.integer({ min: -300, max: 1010 }).map((k) => weekStart + k * STEP),
);
const session = fc
  .record({
    opened: instant,
    lasts: fc.option(fc.integer({ min: 0, max: 3 * 86_400_000 }), { nil: null }),
    readings: fc.array(
      fc.record({ at: instant, powerW: fc.option(fc.integer({ min: 0, max: 22_000 }), { nil: null }) }),
      {
        maxLength: 12,
      },
    ),
  })
  .map(({ opened, lasts, readings }) => ({
    row: {
      started_at: new Date(opened).toISOString(),
      stopped_at: lasts === null ? null : new Date(opened + lasts).toISOString(),
    },
    own: readings
      .sort((a, b) => a.at - b.at)
      .map((r) => ({ read_at: new Date(r.at).toISOString(), power_w: r.powerW })),
  }));

/** The series by its definition, step by step: each open session at its last power reading that still holds. */
function byDefinition(
  sessions: {
    row: { started_at: string; stopped_at: string | null };
    own: { read_at: string; power_w: number | null }[];
  }[],
) {
  return Array.from({ length: 1008 }, (_, b) => {
    const at = weekStart + b * STEP;
    let w = 0;
    for (const { row, own } of sessions) {
      const open = Date.parse(row.started_at) <= at && (row.stopped_at === null || at < Date.parse(row.stopped_at));
      const last = own.filter((r) => r.power_w !== null && Date.parse(r.read_at) <= at).at(-1);
      if (open && last && at - Date.parse(last.read_at) <= HOLDS) w += last.power_w!;
    }
    return w / 1000;
  });
}

describe("the site's load over the week", () => {
  it("counts each open session at its last power reading while that holds, at every ten-minute step", () => {
    fc.assert(
      fc.property(fc.array(session, { maxLength: 6 }), (sessions) => {
        const series = loadSeries(sessions as never, () => 100, now);
        expect(series).toHaveLength(1008);
        expect(series[1007]!.at).toBe(new Date(now).toISOString());
        expect(series.map((p) => p.kw)).toEqual(byDefinition(sessions));
      }),
      { numRuns: 300 },
    );
  });
});
