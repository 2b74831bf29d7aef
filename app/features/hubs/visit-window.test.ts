import fc from "fast-check";
import { describe, expect, it } from "vitest";

import { TARIFF_PRESETS, type PlanInput } from "~/features/charging-engine";

import { contractRequestSchema } from "./hub-schemas";
import { checkWeek, type Demand } from "./hub-week";
import { describeHours, shortestStay, visitsOf, WEEK_MINUTES, windowProblems, withinOpening } from "./visit-window";

const quarter = fc.integer({ min: 0, max: 95 }).map((q) => q * 15);
const hhmmOf = (m: number) => `${String(Math.floor(m / 60)).padStart(2, "0")}:${String(m % 60).padStart(2, "0")}`;
const windowArb = fc.record({
  days: fc.uniqueArray(fc.integer({ min: 0, max: 6 }), { maxLength: 7 }),
  arriveFrom: quarter,
  arriveTo: quarter,
  departFrom: quarter,
  departTo: quarter,
});

describe("a contract's visit window", () => {
  it("accepts only windows whose visits are each at least 30 minutes, end within a day, and never overlap the next", () => {
    fc.assert(
      fc.property(windowArb, (w) => {
        const parsed = contractRequestSchema.safeParse({
          vehicleType: "default:van",
          vehicles: 1,
          energyKwh: 10,
          days: w.days,
          arriveFrom: hhmmOf(w.arriveFrom),
          arriveTo: hhmmOf(w.arriveTo),
          departFrom: hhmmOf(w.departFrom),
          departTo: hhmmOf(w.departTo),
        });
        expect(parsed.success).toBe(windowProblems(w).length === 0);
        if (!parsed.success) return;
        const visits = visitsOf(w);
        expect(visits).toHaveLength(w.days.length);
        for (const [i, v] of visits.entries()) {
          expect(v.leave - v.arrive).toBe(shortestStay(w));
          expect(v.leave - v.arrive).toBeGreaterThanOrEqual(30);
          // The last departure (the departure window's end) is within a day of the latest arrival.
          expect(v.leave - v.arrive + ((w.departTo - w.departFrom + 1440) % 1440)).toBeLessThanOrEqual(1440);
          const next = visits[(i + 1) % visits.length]!.arrive + (i + 1 === visits.length ? WEEK_MINUTES : 0);
          if (visits.length > 1) expect(v.leave).toBeLessThanOrEqual(next);
        }
      }),
      { numRuns: 2000 },
    );
  });

  it("keeps visits within the hub's opening, overnight and across the week's end", () => {
    const night = { days: [6], arriveFrom: 20 * 60, arriveTo: 21 * 60, departFrom: 5 * 60, departTo: 6 * 60 };
    expect(withinOpening(night, { days: [6], from: 19 * 60, to: 7 * 60 })).toBe(true);
    expect(withinOpening(night, { days: [5], from: 19 * 60, to: 7 * 60 })).toBe(false);
    expect(withinOpening(night, { days: [0, 1, 2, 3, 4, 5, 6], from: 8 * 60, to: 20 * 60 })).toBe(false);
    const early = { days: [0], arriveFrom: 1 * 60, arriveTo: 2 * 60, departFrom: 4 * 60, departTo: 5 * 60 };
    // Sunday's overnight opening runs into Monday morning.
    expect(withinOpening(early, { days: [6], from: 22 * 60, to: 6 * 60 })).toBe(true);
    expect(describeHours([167, 0, 1, 30, 47])).toBe("Tue 06:00–07:00, Tue 23:00–Wed 00:00, Sun 23:00–Mon 02:00");
  });
});

/** A hub of 6 chargers of 22 kW and a 60 kW connection, with no fleet of its own. */
const hub: PlanInput = {
  vehicleTypes: [],
  vehicles: [],
  chargers: [{ id: "c", name: "AC 22", count: 6, powerKw: 22, serves: "all" }],
  site: { connectionKva: 60, powerFactor: 1, buildingKw: 0, chargingEfficiency: 1 },
  tariff: TARIFF_PRESETS.flat,
  horizon: { days: 7, stepMinutes: 15, startWeekday: 0 },
};
const demandArb = fc.record({
  vehicles: fc.integer({ min: 1, max: 5 }),
  energyKwh: fc.integer({ min: 5, max: 60 }),
  arrive: fc.integer({ min: 0, max: 23 }),
  stay: fc.integer({ min: 1, max: 12 }),
  days: fc.uniqueArray(fc.integer({ min: 0, max: 6 }), { minLength: 1, maxLength: 7 }),
});
const toDemand = (
  d: { vehicles: number; energyKwh: number; arrive: number; stay: number; days: number[] },
  key: string,
): Demand => ({
  key,
  vehicles: d.vehicles,
  batteryKwh: 100,
  maxKw: 11,
  energyKwh: Math.min(d.energyKwh, 11 * d.stay),
  window: {
    days: d.days,
    arriveFrom: d.arrive * 60,
    arriveTo: d.arrive * 60,
    departFrom: ((d.arrive + d.stay) % 24) * 60,
    departTo: ((d.arrive + d.stay) % 24) * 60,
  },
});

describe("the hub's week", () => {
  it("never fits worse with fewer vehicles, and never promises more than the connection or the chargers", () => {
    fc.assert(
      fc.property(fc.array(demandArb, { minLength: 1, maxLength: 3 }), (raw) => {
        const demands = raw.map((d, i) => toDemand(d, `d${i}`));
        const check = checkWeek(hub, demands);
        if (check.fits) {
          expect(check.peakKw).toBeLessThanOrEqual(60 + 1e-6);
          expect(check.byHour.every((h) => h.chargersFree >= 0)).toBe(true);
          const fewer = demands.map((d) => ({ ...d, vehicles: Math.max(1, d.vehicles - 1) }));
          expect(checkWeek(hub, fewer).fits).toBe(true);
        }
        // Every vehicle present together needs a charger: more than six at once never fits.
        const most = Math.max(...check.byHour.map((h) => 6 - h.chargersFree));
        if (most > 6) expect(check.fits).toBe(false);
      }),
      { numRuns: 60 },
    );
  });
});
