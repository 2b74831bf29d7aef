import fc from "fast-check";
import { DateTime } from "luxon";
import { describe, expect, it } from "vitest";

import { UK_ZONE } from "~/lib/uk-dates";

import { likeDays, LOOK_BACK_DAYS, middleAverage, shiftedBack, WEEKEND_DAYS, WORKING_DAYS } from "./like-days";

const uk = (ms: number) => DateTime.fromMillis(ms, { zone: UK_ZONE });

describe("a historical baseline's like days (decision 079)", () => {
  it("takes the latest like days not held: working days for a working day, the same weekday at a weekend", () => {
    const instant = fc.integer({ min: Date.UTC(2026, 0, 1), max: Date.UTC(2028, 0, 1) });
    fc.assert(
      fc.property(
        instant,
        fc.uniqueArray(fc.integer({ min: 1, max: LOOK_BACK_DAYS }), { maxLength: 40 }),
        (from, held) => {
          const { wanted, days } = likeDays(from, (back) => held.includes(back));
          const start = uk(from);
          const working = start.weekday <= 5;
          expect(wanted).toBe(working ? WORKING_DAYS : WEEKEND_DAYS);
          const like = (back: number) => {
            const day = start.minus({ days: back });
            return (working ? day.weekday <= 5 : day.weekday === start.weekday) && !held.includes(back);
          };
          // Exactly the latest like days, in order, up to as many as it takes.
          const expected: number[] = [];
          for (let back = 1; back <= LOOK_BACK_DAYS && expected.length < wanted; back++)
            if (like(back)) expected.push(back);
          expect(days.map((d) => d.daysBack)).toEqual(expected);
          for (const d of days) expect(d.day).toBe(start.minus({ days: d.daysBack }).toISODate());
        },
      ),
      { numRuns: 300, seed: 20261129 },
    );
  });

  it("averages the middle four of ten by their window's energy, so the three highest and lowest days move nothing", () => {
    const day = fc.array(fc.double({ min: 0, max: 500, noNaN: true }), { minLength: 3, maxLength: 3 });
    fc.assert(
      fc.property(
        fc.array(day, { minLength: WORKING_DAYS, maxLength: WORKING_DAYS }),
        fc.double({ min: 1, max: 1e4, noNaN: true }),
        (kwh, odd) => {
          const days = kwh.map((k, n) => ({ day: `2026-11-${String(10 + n).padStart(2, "0")}`, kwh: k }));
          const result = middleAverage(days);
          const total = (k: number[]) => k[0]! + k[1]! + k[2]!;
          const ranked = days.map((d, n) => ({ ...d, n })).sort((a, b) => total(a.kwh) - total(b.kwh) || a.n - b.n);
          const middle = ranked.slice(3, 7);
          expect(result.days).toEqual(middle.map((d) => d.day).sort());
          for (let s = 0; s < 3; s++)
            expect(result.kwh[s]).toBeCloseTo(middle.reduce((sum, d) => sum + d.kwh[s]!, 0) / 4, 9);
          // The highest day far higher and the lowest at nothing: the same baseline.
          const wilder = ranked.map((d, rank) =>
            rank === 9 ? { ...d, kwh: d.kwh.map((v) => v + odd) } : rank === 0 ? { ...d, kwh: [0, 0, 0] } : d,
          );
          expect(middleAverage(wilder.sort((a, b) => a.n - b.n)).kwh).toEqual(result.kwh);
        },
      ),
      { numRuns: 300, seed: 20261129 },
    );
    // A weekend's four are averaged whole.
    const four = [1, 2, 3, 10].map((v, n) => ({ day: `2026-11-0${n + 1}`, kwh: [v] }));
    expect(middleAverage(four).kwh).toEqual([4]);
  });

  it("shifts a window back on the UK clock, across a change of the clocks too", () => {
    // Monday 29 Mar 2027 17:00 BST, two days back: Saturday 27 Mar 17:00 GMT (47 hours earlier, not 48).
    const from = DateTime.fromISO("2027-03-29T17:00", { zone: UK_ZONE }).toMillis();
    const [back] = shiftedBack([{ from, to: from + 3_600_000 }], 2);
    expect(uk(back!.from).toFormat("yyyy-MM-dd HH:mm")).toBe("2027-03-27 17:00");
    expect(from - back!.from).toBe(47 * 3_600_000);
    expect(back!.to - back!.from).toBe(3_600_000);
  });
});
