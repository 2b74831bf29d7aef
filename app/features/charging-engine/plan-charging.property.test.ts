import fc from "fast-check";
import { describe, expect, it } from "vitest";

import { curveKw } from "./curve";
import { randomPlans as plans } from "./fixtures";
import { randomPlansOnProfiles } from "./fixtures/random-depots";
import { MaxFlow } from "./max-flow";
import { planCharging } from "./plan-charging";
import { chargerMinimumKw } from "./stays";
import type { PlanInput } from "./types";

type Result = ReturnType<typeof planCharging>;
const byName = (result: Result, name: string) => result.strategies.find((s) => s.strategy === name)!;
const delivered = (result: Result, name: string) =>
  byName(result, name).vehicles.reduce((sum, v) => sum + v.deliveredKwh, 0);

/**
 * An independent check that a peak can give every flat-curve stay what peak
 * shaving gave it: one flow node per stay and per step (no merging, no
 * segments, no chain), as the plain formulation. Where every need is met this
 * is the need; where some go short, the plan chose who (the trips' energy
 * first, decision 034) and the peak must be the lowest for that choice.
 */
function canDeliver(input: PlanInput, result: Result, peakKw: number) {
  const got = (kw: Float64Array) => kw.reduce((sum, p) => sum + p, 0) * result.stepHours;
  const sessions = byName(result, "peak-shaving")
    .sessions.filter((s) => s.charger && got(s.kw) > 1e-9)
    .map((s) => ({ ...s, deliveredKwh: got(s.kw) }));
  const steps = result.steps;
  const flow = new MaxFlow(2 + sessions.length + steps);
  sessions.forEach((s, i) => {
    flow.addEdge(0, 2 + i, s.deliveredKwh);
    for (let k = 0; k < s.kw.length; k++)
      flow.addEdge(2 + i, 2 + sessions.length + ((s.start + k) % steps), s.capKw * result.stepHours);
  });
  for (let t = 0; t < steps; t++)
    flow.addEdge(
      2 + sessions.length + t,
      1,
      Math.max(0, Math.min(peakKw, result.limitByStep[t]!) - result.buildingByStep[t]!) *
        result.stepHours *
        input.site.chargingEfficiency,
    );
  const energy = sessions.reduce((sum, s) => sum + s.deliveredKwh, 0);
  return flow.run(0, 1) >= energy - 1e-6 * Math.max(1, energy);
}

/**
 * The physics alone, computed independently: each vehicle charging as fast as
 * its curve and charger allow from arrival, carrying its charge from stay to
 * stay, in its repeating cycle. A vehicle short by a little each cycle takes
 * hundreds of cycles to get there, so the cycle's start is found by
 * bisection: a lap from a fuller start never ends emptier, nor fuller by more
 * than the start was, so the lap's gain falls as the start rises.
 */
function mostDeliverable(result: Result, dt: number): Map<string, number> {
  const sessions = result.strategies[0]!.sessions;
  const byVehicle = new Map<string, typeof sessions>();
  for (const s of sessions) byVehicle.set(s.vehicle, [...(byVehicle.get(s.vehicle) ?? []), s]);
  const out = new Map<string, number>();
  for (const [vehicle, stays] of byVehicle) {
    const lap = (start: number) => {
      let kwh = start;
      let total = 0;
      for (const s of stays) {
        kwh = Math.max(0, Math.min(s.targetKwh, kwh) - s.tripKwh);
        if (!s.charger) continue;
        for (let k = 0; k < s.kw.length; k++) {
          const most = Math.min(s.capKw, s.curve ? curveKw(s.curve, (kwh / s.batteryKwh) * 100) : Infinity);
          const add = Math.min(most * dt, s.targetKwh - kwh);
          kwh += add;
          total += add;
        }
      }
      return { end: kwh, total };
    };
    let low = 0;
    let high = stays.at(-1)!.targetKwh;
    if (lap(high).end < high)
      for (let step = 0; step < 200 && high - low > 1e-13 * high; step++) {
        const middle = (low + high) / 2;
        if (lap(middle).end >= middle) low = middle;
        else high = middle;
      }
    else low = high;
    out.set(vehicle, lap(low).total);
  }
  return out;
}

/**
 * Each strategy's vehicles get what physics allows (mostDeliverable), to rounding (a millionth). The simulated
 * strategies used to be allowed 0.1 %: they ran the cycle again from where it ended a fixed number of times, and a
 * vehicle short by a little each cycle was still on its way to its repeating state (0.011 kWh a day short of 95.24 on
 * seed 2 of 1,500 runs); they now search for each vehicle's repeating start (decision 041).
 */
function deliversThePhysics(result: Result) {
  const physics = mostDeliverable(result, result.stepHours);
  for (const strategy of result.strategies) {
    const tolerance = 1e-6;
    for (const v of strategy.vehicles)
      expect({ strategy: strategy.strategy, vehicle: v.vehicle, kwh: v.deliveredKwh }).toEqual({
        strategy: strategy.strategy,
        vehicle: v.vehicle,
        kwh: expect.toSatisfy((kwh: number) => Math.abs(kwh - physics.get(v.vehicle)!) <= tolerance * Math.max(1, kwh)),
      });
  }
}

/** A van out on Tuesdays and Wednesdays whose curve falls to 1 kW above a quarter full, on a charger and a connection it never fills. */
function vanKeptShort(van: { batteryKwh: number; firstKw: number; km: number }): PlanInput {
  const out = { depart: 0, return: 300, km: van.km };
  return {
    vehicleTypes: [
      {
        id: "t0",
        name: "Van",
        batteryKwh: van.batteryKwh,
        consumptionKwhPerKm: 0.2,
        maxChargeKw: 7,
        chargeCurve: [
          [0, van.firstKw],
          [25, 1],
          [50, 1],
          [75, 1],
          [100, 1],
        ],
      },
    ],
    vehicles: [
      {
        id: "g0",
        name: "Van",
        typeId: "t0",
        count: 1,
        week: [null, out, out, null, null, null, null],
        targetSocPct: 87,
      },
    ],
    chargers: [{ id: "c", name: "Charger", count: 1, powerKw: 400, minKw: 0, serves: "all" }],
    site: { connectionKva: 100_000, powerFactor: 0.95, buildingKw: new Array(24).fill(0), chargingEfficiency: 0.9 },
    tariff: {
      name: "Cheap first hour",
      defaultPencePerKwh: 30,
      bands: [{ days: [0, 1, 2, 3, 4, 5, 6], from: 0, to: 60, pencePerKwh: 5 }],
      standingPencePerDay: 100,
      capacityPencePerKvaPerMonth: 150,
    },
    horizon: { days: 3, stepMinutes: 30, startWeekday: 0 },
  };
}

/** Every check that holds on a firm connection holds where its limit changes with time (issue 60). */
const connections = [
  ["", plans, 0],
  [" on a connection whose limit changes with time", randomPlansOnProfiles, 1],
] as const;

describe("charging plan engine on random depots", () => {
  for (const [onConnection, depots, seedOffset] of connections)
    it(`keeps every invariant on every strategy${onConnection}`, () => {
      fc.assert(
        fc.property(depots, (input) => {
          const result = planCharging(input);
          const dt = result.stepHours;
          for (const strategy of result.strategies) {
            const toBatteries = strategy.sessions.reduce((sum, s) => sum + s.kw.reduce((a, kw) => a + kw * dt, 0), 0);
            expect(strategy.chargingEnergyKwh * input.site.chargingEfficiency).toBeCloseTo(toBatteries, 5);
            // Worst cases gathered first (one expect per run keeps 150 runs quick).
            let worstBelowZero = 0;
            let worstOverCap = 0;
            let worstOverTarget = 0;
            let worstBelowFloor = 0;
            let worstCarry = 0;
            let lowestArrival = 100;
            let energyWithoutCharger = 0;
            let overlaps = 0;
            let overLimit = 0;
            const busy = new Map<string, Uint8Array>();
            const departures = new Map<string, number>();
            strategy.sessions.forEach((s, index) => {
              const energy = s.kw.reduce((a, kw) => a + kw * dt, 0);
              const arrival = (s.arrivalSocPct / 100) * s.batteryKwh;
              // Never over the charger, the vehicle, or the curve at the charge the vehicle really has; never below the charger's floor unless off or finishing.
              let soc = arrival;
              const lastOn = s.kw.findLastIndex((kw) => kw > 1e-9);
              s.kw.forEach((kw, k) => {
                const curve = s.curve ? curveKw(s.curve, (soc / s.batteryKwh) * 100) : Infinity;
                worstBelowZero = Math.min(worstBelowZero, kw);
                worstOverCap = Math.max(worstOverCap, kw - s.capKw, kw - curve);
                // (Near full, where the vehicle's curve is below the charger's floor, the vehicle sets what it draws.)
                const floor = s.minKw <= Math.min(s.capKw, curve) + 1e-9 ? s.minKw : 0;
                if (kw > 1e-9 && k !== lastOn) worstBelowFloor = Math.max(worstBelowFloor, floor - kw);
                soc += kw * dt;
              });
              worstOverTarget = Math.max(worstOverTarget, soc - s.targetKwh);
              // The charge carries: each stay starts from how the vehicle left its previous one, less the trip.
              const previous =
                index > 0 && strategy.sessions[index - 1]!.vehicle === s.vehicle
                  ? departures.get(s.vehicle)
                  : undefined;
              const left = (s.previousDepartureSocPct / 100) * s.batteryKwh;
              if (previous !== undefined) worstCarry = Math.max(worstCarry, Math.abs(previous - left));
              worstCarry = Math.max(
                worstCarry,
                Math.abs(arrival - Math.max(0, Math.min(s.targetKwh, left) - s.tripKwh)),
              );
              departures.set(s.vehicle, soc);
              if (!s.charger) energyWithoutCharger += energy;
              lowestArrival = Math.min(lowestArrival, s.arrivalSocPct);
              // No charger over its power: stays on one charger never overlap, and each is capped by the charger's power.
              if (!s.charger) return;
              const used = busy.get(s.charger) ?? new Uint8Array(result.steps);
              for (let k = 0; k < s.kw.length; k++) {
                if (used[(s.start + k) % result.steps]) overlaps++;
                used[(s.start + k) % result.steps] = 1;
              }
              busy.set(s.charger, used);
            });
            for (let t = 0; t < result.steps; t++)
              overLimit = Math.max(
                overLimit,
                strategy.siteKw[t]! - Math.max(result.limitByStep[t]!, result.buildingByStep[t]!),
              );
            // The site battery: within its power, never fuller than full or emptier than empty over the repeating cycle, never exporting, and only ever lowering the peak.
            const battery = input.site.battery;
            if (battery && strategy.battery) {
              let stored = 0;
              let lowest = 0;
              let highest = 0;
              for (const kw of strategy.battery.kw) {
                expect(Math.abs(kw)).toBeLessThanOrEqual(battery.powerKw + 1e-6);
                stored += kw > 0 ? kw * dt * battery.roundTripEfficiency : kw * dt;
                lowest = Math.min(lowest, stored);
                highest = Math.max(highest, stored);
              }
              expect(highest - lowest).toBeLessThanOrEqual(battery.capacityKwh + 1e-6);
              expect(stored).toBeGreaterThanOrEqual(-1e-6);
              expect(Math.min(...strategy.siteKw)).toBeGreaterThanOrEqual(-1e-6);
              expect(strategy.peakKw).toBeLessThanOrEqual(strategy.battery.peakWithoutKw + 1e-6);
            } else if (battery) expect(strategy.strategy).not.toBe("peak-shaving");
            expect({
              worstBelowZero,
              worstOverCap,
              worstOverTarget,
              worstBelowFloor,
              worstCarry,
              lowestArrival,
              energyWithoutCharger,
              overlaps,
              overLimit,
            }).toEqual({
              worstBelowZero: expect.closeTo(0, 6),
              worstOverCap: expect.toSatisfy((v: number) => v <= 1e-6),
              worstOverTarget: expect.toSatisfy((v: number) => v <= 1e-6),
              worstBelowFloor: expect.toSatisfy((v: number) => v <= 1e-6),
              worstCarry: expect.toSatisfy((v: number) => v <= 1e-4),
              lowestArrival: expect.toSatisfy((v: number) => v >= -1e-9),
              energyWithoutCharger: 0,
              overlaps: 0,
              overLimit: expect.toSatisfy((v: number) => v <= 1e-6),
            });
            for (const v of strategy.vehicles) if (v.shortfallKwh > 1e-6) expect(v.reasons.length).toBeGreaterThan(0);
            if (strategy.strategy === "peak-shaving" && strategy.peakLowerBoundKw !== null)
              expect(strategy.peakLowerBoundKw).toBeLessThanOrEqual(strategy.peakKw + 1e-6);
          }
        }),
        { numRuns: 150, seed: 20261122 + seedOffset },
      );
    }, 120_000);

  /** Departures that leave under their target, per strategy. */
  const departuresShort = (result: Result, name: string) =>
    byName(result, name).sessions.filter(
      (s) =>
        (s.arrivalSocPct / 100) * s.batteryKwh + s.kw.reduce((a, kw) => a + kw, 0) * result.stepHours <
        s.targetKwh - 1e-6,
    ).length;
  /** The same depot with every charger's lowest power set by `floor` (undefined: the default for its power). */
  const withFloors = (input: PlanInput, floor: (powerKw: number) => number | undefined): PlanInput => ({
    ...input,
    chargers: input.chargers.map(({ minKw: _, ...c }) => {
      const minKw = floor(c.powerKw);
      return minKw === undefined ? c : { ...c, minKw: Math.min(minKw, c.powerKw) };
    }),
  });
  const floorsOf = (input: PlanInput) =>
    input.chargers.reduce((sum, c) => sum + c.count * chargerMinimumKw(c), 0) / input.site.chargingEfficiency;

  for (const [label, days, numRuns, seed] of [
    // (A week's 1,500 runs take some 16 s on this machine: the suite runs a third of them.)
    ["a week", [1, 7], 500, 20261131],
    ["8 to 12 weeks", [56, 84], 60, 20261132],
  ] as const)
    it(`peak shaving and cost-optimal leave no departure short for chargers' lowest powers over ${label} (issue 31)`, () => {
      const fleets = fc.tuple(
        plans,
        fc.integer({ min: days[0], max: days[1] }),
        fc.integer({ min: 0, max: 2 }),
        fc.integer({ min: 1, max: 12 }),
      );
      fc.assert(
        fc.property(fleets, ([plan, horizonDays, kind, random]) => {
          // Long horizons at hourly steps keep the run short; a week keeps the random step.
          const base: PlanInput = {
            ...plan,
            horizon: {
              ...plan.horizon,
              days: horizonDays,
              stepMinutes: horizonDays > 7 ? 60 : plan.horizon.stepMinutes,
            },
            site: { ...plan.site, battery: undefined },
          };
          const none = withFloors(base, () => 0);
          // AC 6 A per phase and DC 5 kW (the defaults), or one random floor for every charger.
          const floored = withFloors(
            base,
            kind === 0 ? () => undefined : kind === 1 ? () => random : (kw) => (kw > 43 ? 5 : 4.1),
          );
          // Only where the connection can run every charger at its floor at once (else a floor can bind the site).
          fc.pre(
            floored.site.connectionKva * floored.site.powerFactor -
              Math.max(...(floored.site.buildingKw as number[])) >=
              floorsOf(floored),
          );
          const without = planCharging(none, ["peak-shaving", "cost-optimal"], { sessions: true });
          const withIt = planCharging(floored, ["peak-shaving", "cost-optimal"], { sessions: true });
          for (const name of ["peak-shaving", "cost-optimal"])
            if (departuresShort(without, name) === 0)
              expect({ strategy: name, short: departuresShort(withIt, name) }).toEqual({ strategy: name, short: 0 });
        }),
        { numRuns, seed },
      );
    }, 300_000);

  for (const [onConnection, depots, seedOffset] of connections)
    it(`peak shaving finds the exact lowest peak when curves are flat and chargers have no floor${onConnection}`, () => {
      const flat = depots.map((input) => ({
        ...input,
        vehicleTypes: input.vehicleTypes.map(({ chargeCurve: _, ...type }) => type),
        chargers: input.chargers.map((c) => ({ ...c, minKw: 0 })),
      }));
      fc.assert(
        fc.property(flat, (input) => {
          const result = planCharging(input);
          const shaving = byName(result, "peak-shaving");
          const energy = delivered(result, "peak-shaving");
          // It delivers as much as any strategy, where some vehicles must go short too: it meets the trips' energy first and
          // the part of a need that would only be carried to a later stay after (decision 034). (To a millionth: the engine
          // takes a stay within 1e-6 kWh of its need as met.)
          for (const other of result.strategies)
            expect(energy).toBeGreaterThanOrEqual(delivered(result, other.strategy) - 1e-6 * Math.max(1, energy));
          // …and no lower peak could (a plain flow with a node for every stay and every step), before the site battery takes more off.
          const vehiclePeak = shaving.battery ? shaving.battery.peakWithoutKw : shaving.peakKw;
          expect(canDeliver(input, result, vehiclePeak + 1e-6)).toBe(true);
          if (energy > 1e-3 && vehiclePeak > Math.max(...result.buildingByStep) + 0.01)
            expect(canDeliver(input, result, vehiclePeak - 0.01)).toBe(false);
          // Proven optimal, so the bound is the peak.
          if (!shaving.battery) expect(shaving.peakLowerBoundKw).toBeCloseTo(shaving.peakKw, 4);
          const allMet = result.strategies.every((s) => s.vehicles.every((v) => v.shortfallKwh < 1e-6));
          if (allMet)
            for (const other of result.strategies) expect(shaving.peakKw).toBeLessThanOrEqual(other.peakKw + 1e-3);
        }),
        { numRuns: 300, seed: 20261123 + seedOffset },
      );
    }, 60_000);

  it("delivers all that physics allows when the site does not bind, with any falling curve", () => {
    // A charger per vehicle, a connection nobody reaches, and curves that only fall with the charge (as real ones do above their first few %).
    const unbound = plans.map((input) => ({
      ...input,
      vehicleTypes: input.vehicleTypes.map((type) =>
        type.chargeCurve
          ? {
              ...type,
              chargeCurve: type.chargeCurve.map(([soc], k, all): [number, number] => [
                soc,
                Math.min(...all.slice(0, k + 1).map(([, kw]) => kw)),
              ]),
            }
          : type,
      ),
      chargers: [
        {
          id: "c",
          name: "Charger",
          count: input.vehicles.reduce((sum, g) => sum + g.count, 0),
          powerKw: 400,
          minKw: 0,
          serves: "all" as const,
        },
      ],
      site: { ...input.site, connectionKva: 100_000, battery: undefined },
    }));
    fc.assert(
      fc.property(unbound, (input) => deliversThePhysics(planCharging(input))),
      { numRuns: 150, seed: 20261125 },
    );
  });

  it("delivers all that physics allows to a vehicle its curve keeps short every cycle, in its repeating state", () => {
    // Seed 2's 501st of 1,500 runs, shrunk: a curve at 1 kW above a quarter full keeps the van under its target at
    // every departure. The planned strategies walked its cycle to the state their rows repeat in, clipping only, and
    // 0.07 kWh short a cycle became an empty battery at every second arrival: 62.33 kWh where physics gives 62.40.
    // Topped up from that state and walked again, each time from the state the rows then repeat in, it delivers it all.
    deliversThePhysics(planCharging(vanKeptShort({ batteryKwh: 70, firstKw: 37, km: 156 })));
  });

  it("the simulated strategies too, from the repeating start they search for (decision 041)", () => {
    // Seed 2 of 1,500 runs of the property above, shrunk: a van its curve keeps 0.01 kWh a cycle short. Run again
    // from where each cycle ended, uncontrolled and balanced were still on their way to its repeating state when
    // their runs ran out, and credited it with 63.20007 kWh a cycle; physics allows 63.2.
    const input = vanKeptShort({ batteryKwh: 71, firstKw: 58, km: 158 });
    deliversThePhysics(planCharging(input, ["uncontrolled", "balanced"]));
  });

  // (Without a site battery: peak shaving's battery can move the building's own energy to cheaper hours, which is no longer about scheduling the vehicles.)
  it("cost-optimal pays the least for energy when neither the connection nor the chargers bind", () => {
    const unbound = plans.map((input) => {
      const vehicles = input.vehicles.reduce((sum, g) => sum + g.count, 0);
      return {
        ...input,
        vehicleTypes: input.vehicleTypes.map(({ chargeCurve: _, ...type }) => type),
        chargers: [{ id: "c", name: "Charger", count: vehicles, powerKw: 400, minKw: 0, serves: "all" as const }],
        site: { ...input.site, connectionKva: 100_000, battery: undefined },
      };
    });
    fc.assert(
      fc.property(unbound, (input) => {
        const result = planCharging(input);
        const costOptimal = byName(result, "cost-optimal");
        for (const other of result.strategies) {
          if (other.vehicles.some((v) => v.shortfallKwh > 1e-6)) continue;
          expect(costOptimal.cost.energyPounds).toBeLessThanOrEqual(other.cost.energyPounds + 1e-6);
        }
      }),
      { numRuns: 150, seed: 20261124 },
    );
  });
});
