import fc from "fast-check";
import { describe, expect, it } from "vitest";

import { planCharging, type PlanInput } from "~/features/charging-engine";

import { capAt, FLEX_LEAST_KWH, flexAnswer, type FlexWindow } from "./flex-answer";
import { flexWindow } from "./flex-window";

const EPS = 1e-6;
/** Vans back at `back` and out at `out` every day (minutes), `kwh` a night each, on 22 kW chargers. */
const depot = (o: {
  count: number;
  back: number;
  out: number;
  kwh: number;
  kva: number;
  peak?: number;
}): PlanInput => ({
  vehicleTypes: [{ id: "van", name: "Van", batteryKwh: 120, consumptionKwhPerKm: 0.3, maxChargeKw: 22 }],
  vehicles: [
    {
      id: "vans",
      name: "Vans",
      typeId: "van",
      count: o.count,
      week: Array.from({ length: 7 }, () => ({ depart: o.out, return: o.back, energyKwh: o.kwh })),
      targetSocPct: 100,
    },
  ],
  chargers: [{ id: "ac", name: "AC", count: o.count, powerKw: 22, minKw: 0, serves: "all" }],
  site: { connectionKva: o.kva, powerFactor: 1, buildingKw: 5, chargingEfficiency: 1 },
  tariff: {
    name: "Peak",
    defaultPencePerKwh: 20,
    // A dearer evening makes the cost-optimal plan avoid it when it can; `peak` pence then.
    bands: [{ days: [0, 1, 2, 3, 4, 5, 6], from: 16 * 60, to: 19 * 60, pencePerKwh: o.peak ?? 20 }],
    standingPencePerDay: 0,
    capacityPencePerKvaPerMonth: 0,
  },
  horizon: { days: 7, stepMinutes: 30, startWeekday: 0 },
});
// Monday 30 November 2026 (UK winter time is UTC).
const monday = Date.UTC(2026, 10, 30);
const at = (hour: number) => monday + hour * 3_600_000;

function planOn(input: PlanInput, kvaByStep: number[], window: FlexWindow) {
  const site = { ...input.site, connectionKva: Math.max(...kvaByStep), connectionKvaByStep: kvaByStep };
  const strategy = planCharging({ ...input, site }, ["cost-optimal"], { sessions: false }).strategies[0]!;
  return {
    shortKwh: strategy.vehicles.reduce((sum, v) => sum + v.shortfallKwh, 0),
    windowKwh: window.steps.reduce((sum, t, k) => sum + strategy.chargingKw[t]! * window.covered[k]! * 0.5, 0),
  };
}
const flat = (input: PlanInput) => new Array<number>(7 * 48).fill(input.site.connectionKva);

describe("what a depot can spare for a flexibility request", () => {
  it("vans back at 17:00 with all night to charge move the whole evening's draw: the site held to its building", () => {
    const input = depot({ count: 4, back: 17 * 60, out: 6 * 60, kwh: 60, kva: 100 });
    const { window } = flexWindow(input.horizon, at(17), at(19));
    const answer = flexAnswer(input, flat(input), window, null);
    // A flat tariff charges as soon as the vans are back: 4 × 22 kW for the two hours.
    expect(answer.baselineKw).toEqual([88, 88, 88, 88]);
    expect(answer.offeredKwh).toBeCloseTo(176, 6);
    expect(answer.offeredKw).toBeCloseTo(88, 6);
    // The building's 5 kW still has to be drawn, so the limit is 5 kVA and not 0.
    expect(answer.capKva).toBe(5);
  });

  it("asked for 30 kW, it offers 30 kW and holds the site no lower than that takes", () => {
    const input = depot({ count: 4, back: 17 * 60, out: 6 * 60, kwh: 60, kva: 100 });
    const { window } = flexWindow(input.horizon, at(17), at(19));
    const answer = flexAnswer(input, flat(input), window, 30);
    expect(answer.offeredKw).toBeCloseTo(30, 9);
    expect(answer.mostKw).toBeCloseTo(88, 6);
    // 58 kW for the vans and 5 kW for the building: the plan under it moves exactly 30 kW.
    expect(answer.capKva).toBe(63);
  });

  it("a plan that already keeps out of a dear evening has nothing to spare then", () => {
    const input = depot({ count: 2, back: 15 * 60, out: 6 * 60, kwh: 40, kva: 100, peak: 40 });
    const { window } = flexWindow(input.horizon, at(16), at(19));
    const answer = flexAnswer(input, flat(input), window, 50);
    expect(answer.baselineKw.every((kw) => kw === 0)).toBe(true);
    expect(answer).toMatchObject({ capKva: null, offeredKwh: 0 });
  });

  it("never leaves a vehicle shorter than the plan does, offers no more than asked and cannot go lower", () => {
    fc.assert(
      fc.property(
        fc.record({
          count: fc.integer({ min: 1, max: 5 }),
          back: fc.integer({ min: 12, max: 22 }),
          stay: fc.integer({ min: 4, max: 14 }),
          kwh: fc.integer({ min: 5, max: 110 }),
          kva: fc.integer({ min: 20, max: 140 }),
          peak: fc.constantFrom(10, 20, 35),
          start: fc.integer({ min: 0, max: 47 }),
          halfHours: fc.integer({ min: 1, max: 12 }),
          asked: fc.option(fc.integer({ min: 1, max: 120 }), { nil: null }),
        }),
        (o) => {
          const input = depot({ ...o, back: o.back * 60, out: ((o.back + o.stay) % 24) * 60 });
          const from = monday + o.start * 1_800_000;
          const { window } = flexWindow(input.horizon, from, from + o.halfHours * 1_800_000);
          const answer = flexAnswer(input, flat(input), window, o.asked);
          const base = planOn(input, flat(input), window);
          if (answer.capKva === null) {
            expect(answer.mostKw * window.hours).toBeLessThan(FLEX_LEAST_KWH);
            return;
          }
          // The building's load is drawn whatever the chargers do: the site is never held below it.
          expect(answer.capKva).toBeGreaterThanOrEqual(5);
          const held = planOn(input, capAt(flat(input), window, answer.capKva), window);
          expect(held.shortKwh).toBeLessThanOrEqual(base.shortKwh + EPS);
          const moved = base.windowKwh - held.windowKwh;
          if (o.asked !== null && answer.mostKw >= o.asked) {
            // Asked for no more than it can spare: it offers what was asked, and the limit moves at least that.
            expect(answer.offeredKw).toBeCloseTo(o.asked, 9);
            expect(moved).toBeGreaterThanOrEqual(answer.offeredKwh - EPS);
          } else expect(answer.offeredKwh).toBeCloseTo(moved, 6);
          if (o.asked === null && answer.capKva - 1.5 >= 5) {
            // Lower by a kVA and a half, some vehicle would go shorter than the plan leaves it.
            const lower = planOn(input, capAt(flat(input), window, answer.capKva - 1.5), window);
            expect(lower.shortKwh).toBeGreaterThan(base.shortKwh + EPS);
          }
        },
      ),
      { numRuns: 40 },
    );
  });
});
