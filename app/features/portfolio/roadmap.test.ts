import fc from "fast-check";
import { describe, expect, it } from "vitest";

import { bridgeBattery, connectionFlag, electricInYear, firstYearOver, groupSpan, latestApplyDate } from "./roadmap";
import { groupReplacementSchema, parseTargets } from "./roadmap-settings";

describe("a group's vehicles over the years", () => {
  it("staggers a replacement cycle: a fifth of ten vans a year over five years, the remainder spread", () => {
    const vans = { count: 10, firstYear: 2027, cycleYears: 5 };
    expect([2026, 2027, 2028, 2029, 2030, 2031, 2032].map((y) => electricInYear(vans, y))).toEqual([
      0, 2, 4, 6, 8, 10, 10,
    ]);
    const three = { count: 3, firstYear: 2027, cycleYears: 5 };
    expect([2027, 2028, 2029, 2030, 2031].map((y) => electricInYear(three, y))).toEqual([1, 2, 2, 3, 3]);
  });

  it("never goes back, replaces at most its share a year, and is all electric by the end of its cycle", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 400 }),
        fc.integer({ min: 2024, max: 2040 }),
        fc.integer({ min: 1, max: 12 }),
        (count, firstYear, cycleYears) => {
          const group = { count, firstYear, cycleYears };
          let previous = 0;
          for (let year = firstYear - 1; year <= firstYear + cycleYears + 1; year++) {
            const electric = electricInYear(group, year);
            expect(electric).toBeGreaterThanOrEqual(previous);
            expect(electric - previous).toBeLessThanOrEqual(Math.ceil(count / cycleYears));
            previous = electric;
          }
          expect(electricInYear(group, firstYear + cycleYears - 1)).toBe(count);
        },
      ),
    );
  });
});

describe("the connection over the years", () => {
  const peaks = new Map([
    [2027, 180],
    [2028, 260],
    [2029, 340],
    [2030, 420],
  ]);

  it("finds the first year the managed peak passes the connection (a connection that suffices until 2028)", () => {
    expect(firstYearOver(350, peaks)).toBe(2030);
    expect(firstYearOver(300, peaks)).toBe(2029);
    expect(firstYearOver(500, peaks)).toBeNull();
  });

  it("gives the latest date to apply from the network operator's lead time", () => {
    expect(latestApplyDate(2030, 36)).toBe("2027-01-01");
    expect(latestApplyDate(2030, 18)).toBe("2028-07-01");
    expect(connectionFlag({ connectionKw: 300, peaks, leadTimeMonths: 30, today: "2026-11-25" })).toEqual({
      kind: "apply-by",
      neededYear: 2029,
      applyBy: "2026-07-01",
      late: true,
    });
    expect(connectionFlag({ connectionKw: 500, peaks, leadTimeMonths: 30, today: "2026-11-25" })).toEqual({
      kind: "enough",
    });
  });

  it("clears the flag with a quote energised in time, and moves it to the months to bridge with a late one", () => {
    const base = { connectionKw: 300, peaks, leadTimeMonths: 30, today: "2026-11-25" };
    expect(connectionFlag({ ...base, energisedBy: "2028-10-01" })).toEqual({
      kind: "quoted-in-time",
      neededYear: 2029,
      energisedBy: "2028-10-01",
    });
    expect(connectionFlag({ ...base, energisedBy: "2029-06-15" })).toEqual({
      kind: "quoted-late",
      neededYear: 2029,
      energisedBy: "2029-06-15",
      monthsLate: 6,
    });
  });
});

describe("a bridge battery", () => {
  const prices = { poundsPerKwh: 300, poundsPerKw: 100 };

  it("is sized to the gap: the most the load goes over, and the day's energy above the connection", () => {
    // A day of hours: 50 kW, and two hours at 120 kW on a 100 kW connection.
    const day = Array.from({ length: 24 }, (_, h) => (h === 18 || h === 19 ? 120 : 50));
    const battery = bridgeBattery(day, 100, 1, prices, 1)!;
    expect(battery).toEqual({ powerKw: 20, capacityKwh: 40, pounds: 40 * 300 + 20 * 100 });
    expect(bridgeBattery(day, 130, 1, prices)).toEqual({ powerKw: 0, capacityKwh: 0, pounds: 0 });
    // A day that never drops below the connection cannot be bridged.
    expect(bridgeBattery(new Array(24).fill(120), 100, 1, prices)).toBeNull();
  });

  it("keeps any day it bridges under the connection, and no smaller one does", () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 200 }), { minLength: 24, maxLength: 96 }),
        fc.integer({ min: 20, max: 200 }),
        fc.constantFrom(0.8, 0.9, 1),
        (day, connectionKw, efficiency) => {
          const stepHours = 24 / day.length;
          const battery = bridgeBattery(day, connectionKw, stepHours, prices, efficiency);
          if (battery === null || battery.capacityKwh === 0) return;
          // Run it from full over three days: the level never goes below empty.
          const lowest = (capacity: number) => {
            let level = capacity;
            let low = capacity;
            for (let d = 0; d < 3; d++)
              for (const kw of day) {
                if (kw > connectionKw) level -= (kw - connectionKw) * stepHours;
                else level = Math.min(capacity, level + (connectionKw - kw) * stepHours * efficiency);
                low = Math.min(low, level);
              }
            return low;
          };
          expect(lowest(battery.capacityKwh)).toBeGreaterThanOrEqual(-1e-9);
          expect(lowest(battery.capacityKwh * 0.99)).toBeLessThan(0);
        },
      ),
    );
  });
});

describe("a group's pace by target shares", () => {
  it("is the latest target's share to the nearest vehicle, and never goes back", () => {
    const group = {
      count: 30,
      firstYear: 2027,
      cycleYears: 5,
      targets: [
        { year: 2028, percent: 25 },
        { year: 2030, percent: 60 },
        { year: 2033, percent: 100 },
      ],
    };
    expect([2027, 2028, 2029, 2030, 2032, 2033, 2040].map((y) => electricInYear(group, y))).toEqual([
      0, 8, 8, 18, 18, 30, 30,
    ]);
    expect(groupSpan(group)).toEqual({ first: 2028, last: 2033 });
    expect(groupSpan({ ...group, targets: [{ year: 2030, percent: 50 }] })).toEqual({ first: 2030, last: null });
    expect(groupSpan({ count: 10, firstYear: 2027, cycleYears: 5 })).toEqual({ first: 2027, last: 2031 });
  });

  it("reads targets as a year and a share, and refuses anything else", () => {
    expect(parseTargets("2028 25%, 2030: 60 ; 2033 100 %")).toEqual([
      { year: 2028, percent: 25 },
      { year: 2030, percent: 60 },
      { year: 2033, percent: 100 },
    ]);
    expect(parseTargets("2028 25%, soon")).toBeNull();
    expect(parseTargets("")).toBeNull();
    // Years must rise and shares never fall.
    expect(
      groupReplacementSchema.safeParse({
        firstYear: 2027,
        cycleYears: 5,
        targets: [
          { year: 2030, percent: 60 },
          { year: 2029, percent: 80 },
        ],
      }).success,
    ).toBe(false);
    expect(
      groupReplacementSchema.safeParse({
        firstYear: 2027,
        cycleYears: 5,
        targets: [
          { year: 2029, percent: 60 },
          { year: 2030, percent: 50 },
        ],
      }).success,
    ).toBe(false);
  });
});
