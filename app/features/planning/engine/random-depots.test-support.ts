// Random depots for the engine's property tests (plan-charging.property.test.ts, simulate.test.ts).
import fc from "fast-check";

import type { PlanInput } from "./types";

/** Small random depots: 1–3 vehicle types, 1–4 groups with random shifts, chargers, building load, tariff bands. */
export const plans = fc
  .record({
    types: fc.array(
      fc.record({
        batteryKwh: fc.integer({ min: 40, max: 500 }),
        consumption: fc.double({ min: 0.2, max: 1.5, noNaN: true }),
        maxKw: fc.integer({ min: 7, max: 350 }),
        // Some types taper (or even dip) with their state of charge.
        curve: fc.option(fc.array(fc.integer({ min: 1, max: 350 }), { minLength: 2, maxLength: 5 }), {
          nil: undefined,
        }),
      }),
      { minLength: 1, maxLength: 3 },
    ),
    groups: fc.array(
      fc.record({
        type: fc.nat(),
        count: fc.integer({ min: 1, max: 6 }),
        depart: fc.integer({ min: 0, max: 23 }),
        hoursOut: fc.integer({ min: 2, max: 20 }),
        km: fc.integer({ min: 0, max: 400 }),
        days: fc.array(fc.boolean(), { minLength: 7, maxLength: 7 }),
        target: fc.integer({ min: 50, max: 100 }),
      }),
      { minLength: 1, maxLength: 4 },
    ),
    chargers: fc.array(
      fc.record({
        count: fc.integer({ min: 1, max: 8 }),
        powerKw: fc.integer({ min: 7, max: 350 }),
        // Some chargers cannot go below a floor (the default for their power when not given).
        minKw: fc.option(fc.integer({ min: 0, max: 12 }), { nil: undefined }),
      }),
      { minLength: 1, maxLength: 3 },
    ),
    connectionKva: fc.integer({ min: 20, max: 3000 }),
    building: fc.array(fc.integer({ min: 0, max: 60 }), { minLength: 24, maxLength: 24 }),
    cheap: fc.record({
      from: fc.integer({ min: 0, max: 23 }),
      hours: fc.integer({ min: 1, max: 12 }),
      pence: fc.integer({ min: 5, max: 20 }),
    }),
    battery: fc.option(
      fc.record({
        capacityKwh: fc.integer({ min: 1, max: 2000 }),
        powerKw: fc.integer({ min: 1, max: 1000 }),
        roundTripEfficiency: fc.double({ min: 0.5, max: 1, noNaN: true }),
      }),
      { nil: undefined },
    ),
    days: fc.integer({ min: 1, max: 7 }),
    step: fc.constantFrom(15 as const, 30 as const, 60 as const),
  })
  .map((r): PlanInput => ({
    vehicleTypes: r.types.map((t, i) => ({
      id: `t${i}`,
      name: `Type ${i}`,
      batteryKwh: t.batteryKwh,
      consumptionKwhPerKm: t.consumption,
      maxChargeKw: t.maxKw,
      ...(t.curve
        ? { chargeCurve: t.curve.map((kw, k, all): [number, number] => [(100 * k) / (all.length - 1), kw]) }
        : {}),
    })),
    vehicles: r.groups.map((g, i) => {
      const duty = { depart: g.depart * 60, return: ((g.depart + g.hoursOut) % 24) * 60, km: g.km };
      return {
        id: `g${i}`,
        name: `Group ${i}`,
        typeId: `t${g.type % r.types.length}`,
        count: g.count,
        week: g.days.map((works) => (works ? duty : null)),
        targetSocPct: g.target,
      };
    }),
    chargers: r.chargers.map((c, i) => ({
      id: `c${i}`,
      name: `Charger ${i}`,
      count: c.count,
      powerKw: c.powerKw,
      ...(c.minKw !== undefined ? { minKw: Math.min(c.minKw, c.powerKw) } : {}),
      serves: "all" as const,
    })),
    site: {
      connectionKva: r.connectionKva,
      powerFactor: 0.95,
      buildingKw: r.building,
      chargingEfficiency: 0.9,
      ...(r.battery ? { battery: r.battery } : {}),
    },
    tariff: {
      name: "Random",
      defaultPencePerKwh: 30,
      bands: [
        {
          days: [0, 1, 2, 3, 4, 5, 6],
          from: r.cheap.from * 60,
          to: ((r.cheap.from + r.cheap.hours) % 24) * 60,
          pencePerKwh: r.cheap.pence,
        },
      ],
      standingPencePerDay: 100,
      capacityPencePerKvaPerMonth: 150,
    },
    horizon: { days: r.days, stepMinutes: r.step, startWeekday: 0 },
  }));
