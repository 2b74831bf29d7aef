import fc from "fast-check";
import { describe, expect, it } from "vitest";

import { mixedFleet, randomPlans as plans, tightMixedFleet } from "./fixtures";
import { prepare } from "./prepare";
import { delivered, emptySchedule } from "./schedule";
import { simulate } from "./simulate";
import { simulateStepped } from "./simulate-stepped";
import type { PlanInput } from "./types";
import { repeatingWeek } from "./week-cycle";

/** The index of the first number that differs (Object.is: bit for bit, -0 and NaN included), or -1. */
function firstDifference(a: ArrayLike<number>, b: ArrayLike<number>): number {
  if (a.length !== b.length) return 0;
  for (let k = 0; k < a.length; k++) if (!Object.is(a[k], b[k])) return k;
  return -1;
}

/** Both simulations of a depot, each on a fresh schedule; every stay's kW at every step and the chain must be equal bit for bit. */
function expectSame(input: PlanInput, mode: "uncontrolled" | "balanced", cycles: number) {
  const p = prepare(input);
  const rows = emptySchedule(p.stays);
  const event = simulate(p.stays, p.vehicles, p.steps, p.dt, p.headroom, mode, cycles, rows);
  // A week run on its own is compared with the whole cycle below (decision 044), not here.
  if (event.oneWeek) return event;
  const stepped = simulateStepped(p.stays, p.vehicles, p.steps, p.dt, p.headroom, mode, cycles, emptySchedule(p.stays));
  for (let i = 0; i < p.stays.length; i++) {
    const k = firstDifference(rows[i]!, stepped.schedule[i]!);
    if (k >= 0)
      expect.fail(
        `${mode}: stay ${i} (${p.stays[i]!.vehicleName}) step ${k}: ${rows[i]![k]} kW, stepped ${stepped.schedule[i]![k]} kW`,
      );
    // The pieces give each stay's row on their own too (as the figures read them).
    expect(firstDifference(event.pieces.writeRow(i, new Float64Array(rows[i]!.length)), rows[i]!)).toBe(-1);
  }
  for (const part of ["arrivalKwh", "needKwh", "topUpKwh", "previousDepartureKwh"] as const)
    expect(firstDifference(event.chain[part], stepped.chain[part]), `${mode}: chain's ${part}`).toBe(-1);
  return event;
}

describe("the event-driven simulation (decision 030)", () => {
  it("equals the step-by-step one bit for bit on random depots, where the connection binds and where it does not", () => {
    // The depots' connections run from 20 to 3,000 kVA against hourly building loads up to 60 kW, so many bind for
    // part of the day (stepped there), and chargers have random floors (vehicles switched off when scaled below them).
    fc.assert(
      fc.property(plans, fc.integer({ min: 1, max: 4 }), (input, cycles) => {
        for (const mode of ["uncontrolled", "balanced"] as const) expectSame(input, mode, cycles);
      }),
      { numRuns: 300, seed: 20261125 },
    );
  }, 60_000);

  it.each([
    { fleet: "vans and cars", curved: false, days: 14 },
    { fleet: "with curves and swap times", curved: true, days: 28 },
  ])(
    "equals it on a connection that binds every day: $fleet, $days days",
    ({ curved, days }) => {
      const input = tightMixedFleet(days, curved);
      // One cycle and three: the second lap of each (stays that run past the end of the cycle) meets the room the first left.
      for (const cycles of [1, 3])
        for (const mode of ["uncontrolled", "balanced"] as const) expectSame(input, mode, cycles);
      // A correctness check, not a timed one: the stepped reference takes seconds on a slow or busy machine.
    },
    60_000,
  );
});

describe("a cycle of weeks that repeat, simulated as one week (decision 044)", () => {
  it("gives the plan of the whole cycle where the connection never binds", () => {
    // Random depots over two to four weeks on a connection no fleet of theirs fills; the step-by-step simulation of the
    // whole cycle, run until it repeats, is the reference.
    const weekly = fc.tuple(plans, fc.integer({ min: 2, max: 4 })).map(([input, weeks]) => ({
      ...input,
      site: { ...input.site, connectionKva: 100_000 },
      horizon: { ...input.horizon, days: 7 * weeks },
    }));
    fc.assert(
      fc.property(weekly, (input) => {
        const p = prepare(input);
        fc.pre(repeatingWeek(p.stays, p.vehicles, p.steps, p.dt, p.headroom) !== null);
        for (const mode of ["uncontrolled", "balanced"] as const) {
          const rows = emptySchedule(p.stays);
          const week = simulate(p.stays, p.vehicles, p.steps, p.dt, p.headroom, mode, 2, rows);
          const whole = simulateStepped(
            p.stays,
            p.vehicles,
            p.steps,
            p.dt,
            p.headroom,
            mode,
            30,
            emptySchedule(p.stays),
          );
          // Both run the cycle from a start that repeats to a millionth of the charge (repeating-start.ts; the week
          // from its own, the whole cycle from one its last week carries round): equal to that, each stay's energy and
          // arrival. (Not bit for bit: the whole cycle's later weeks start from sums over the earlier ones.)
          const off: string[] = [];
          const within = (a: number, b: number, i: number) =>
            Math.abs(a - b) <= 2e-6 * Math.max(1, p.stays[i]!.batteryKwh);
          for (let i = 0; i < p.stays.length; i++) {
            if (!within(delivered(rows[i]!, p.dt), delivered(whole.schedule[i]!, p.dt), i))
              off.push(`${mode}: stay ${i}'s energy`);
            if (!within(week.chain.arrivalKwh[i]!, whole.chain.arrivalKwh[i]!, i))
              off.push(`${mode}: stay ${i}'s arrival`);
          }
          expect(off).toEqual([]);
        }
      }),
      { numRuns: 150, seed: 20261127 },
    );
  }, 60_000);
});

describe("a cycle of weeks that repeat where the connection binds, run whole with its repeating weeks jumped over (decision 078)", () => {
  it("equals the step-by-step simulation of every week bit for bit", () => {
    // Random depots over three to six weeks on connections from 10 to 200 kVA, so the connection binds in many: the
    // week cannot be run on its own, and the whole cycle jumps once a week starts as the one before it did.
    const weekly = fc
      .tuple(plans, fc.integer({ min: 3, max: 6 }), fc.integer({ min: 10, max: 200 }))
      .map(([input, weeks, kva]) => ({
        ...input,
        site: { ...input.site, connectionKva: kva },
        horizon: { ...input.horizon, days: 7 * weeks },
      }));
    let runs = 0;
    let jumped = 0;
    fc.assert(
      fc.property(weekly, fc.integer({ min: 1, max: 3 }), (input, cycles) => {
        const p = prepare(input);
        fc.pre(repeatingWeek(p.stays, p.vehicles, p.steps, p.dt, p.headroom) !== null);
        for (const mode of ["uncontrolled", "balanced"] as const) {
          const event = expectSame(input, mode, cycles);
          if (event.oneWeek) continue;
          runs++;
          if (event.weeksSkipped > 0) jumped++;
        }
      }),
      { numRuns: 50, seed: 20261129 },
    );
    // The jump is what is under test: most of these depots settle into a week that repeats.
    expect(jumped).toBeGreaterThan(runs / 4);
  }, 120_000);

  it("does not jump while one vehicle still changes from week to week", () => {
    // A van on the one charger, on a connection below its power (so it binds and the cycle runs whole), and a car the
    // charger does not serve, losing a little charge every week: at the depot when each week starts (its charge then
    // tells this week from the last), or out on a trip then (only what it last left with does).
    const sunday = (depart: number, back: number, km: number) =>
      [null, null, null, null, null, null, { depart, return: back, km }] as PlanInput["vehicles"][number]["week"];
    const vehicle = (id: string, typeId: string, week: PlanInput["vehicles"][number]["week"]) => ({
      id,
      name: id,
      typeId,
      count: 1,
      week,
      targetSocPct: 50,
    });
    const input: PlanInput = {
      vehicleTypes: [
        { id: "van", name: "Van", batteryKwh: 40, consumptionKwhPerKm: 0.2, maxChargeKw: 7 },
        { id: "car", name: "Car", batteryKwh: 40, consumptionKwhPerKm: 0.2, maxChargeKw: 7 },
      ],
      vehicles: [
        vehicle("van", "van", sunday(0, 120, 100)),
        vehicle("in", "car", sunday(0, 120, 1)),
        vehicle("out", "car", sunday(23 * 60, 60, 1)),
      ],
      chargers: [{ id: "c0", name: "Charger", count: 1, powerKw: 7, serves: ["van"] }],
      site: { connectionKva: 5, powerFactor: 0.95, buildingKw: new Array<number>(24).fill(0), chargingEfficiency: 0.9 },
      tariff: mixedFleet().tariff,
      horizon: { days: 35, stepMinutes: 15, startWeekday: 0 },
    };
    // (Uncontrolled: balanced charging spreads the van's charge over its week, below the connection.)
    for (const car of input.vehicles.slice(1))
      for (const cycles of [1, 2]) {
        const event = expectSame({ ...input, vehicles: [input.vehicles[0]!, car] }, "uncontrolled", cycles);
        expect(event.oneWeek).toBe(false);
      }
  });

  it("jumps over most of a year of the mixed fleet on a connection uncontrolled charging meets", () => {
    const fleet = mixedFleet(0);
    const p = prepare({ ...fleet, site: { ...fleet.site, connectionKva: 400 } });
    const event = simulate(p.stays, p.vehicles, p.steps, p.dt, p.headroom, "uncontrolled", 2);
    // 52 weeks: a run that jumps at the start of week b skips 52 − b of them.
    expect(event.weeksSkipped).toBeGreaterThanOrEqual(45);
  });
});
