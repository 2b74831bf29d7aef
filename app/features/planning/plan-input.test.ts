import fc from "fast-check";
import { describe, expect, it } from "vitest";

import { planCharging, TARIFF_PRESETS, type PlanInput } from "~/features/charging-engine";
import { randomPlans } from "~/features/charging-engine/fixtures";

import { planInputSchema } from "./plan-input";

const day = { depart: 420, return: 1020, km: 120 };
const valid: PlanInput = {
  vehicleTypes: [{ id: "van", name: "Large van", batteryKwh: 75, consumptionKwhPerKm: 0.35, maxChargeKw: 11 }],
  vehicles: [
    { id: "g", name: "Van", typeId: "van", count: 10, week: [day, day, day, day, day, null, null], targetSocPct: 90 },
  ],
  chargers: [{ id: "c", name: "AC", count: 10, powerKw: 22, serves: "all" }],
  site: { connectionKva: 200, powerFactor: 0.95, buildingKw: 15, chargingEfficiency: 0.9 },
  tariff: TARIFF_PRESETS["red-amber-green"],
  horizon: { days: 7, stepMinutes: 15, startWeekday: 0 },
};

const messages = (input: unknown) => {
  const result = planInputSchema.safeParse(input);
  return result.success ? [] : result.error.issues.map((issue) => issue.message);
};

describe("plan input", () => {
  it("accepts a sensible plan, which the engine then runs", () => {
    expect(messages(valid)).toEqual([]);
    const plan = planCharging(planInputSchema.parse(valid));
    expect(plan.strategies).toHaveLength(4);
  });

  it("refuses what the engine cannot plan, with messages a person understands", () => {
    expect(messages({ ...valid, vehicles: [{ ...valid.vehicles[0]!, typeId: "tractor" }] })).toContain(
      "Van: choose one of the vehicle types",
    );
    expect(messages({ ...valid, chargers: [{ ...valid.chargers[0]!, serves: ["tractor"] }] })).toContain(
      "AC: serves an unknown vehicle type",
    );
    expect(messages({ ...valid, vehicles: [{ ...valid.vehicles[0]!, week: [day] }] })).toContain(
      "A duty pattern has one entry per weekday, Monday first",
    );
    expect(
      messages({
        ...valid,
        vehicles: [
          { ...valid.vehicles[0]!, week: [{ depart: 420, return: 1020 }, null, null, null, null, null, null] },
        ],
      }),
    ).toContain("Give each working day a distance or an energy per trip");
    expect(messages({ ...valid, vehicleTypes: [{ ...valid.vehicleTypes[0]!, batteryKwh: 0 }] })).toContain(
      "Battery must be at least 1 kWh",
    );
    expect(
      messages({
        ...valid,
        vehicles: [{ ...valid.vehicles[0]!, count: 100 }],
        horizon: { days: 366, stepMinutes: 5, startWeekday: 0 },
      }),
    ).toContain("That plan is too large to compute at once: choose a longer step or a shorter horizon");
    expect(messages({ ...valid, horizon: { days: 7, stepMinutes: 10, startWeekday: 0 } }).length).toBeGreaterThan(0);
    expect(messages({ ...valid, site: { ...valid.site, powerFactor: 2 } }).length).toBeGreaterThan(0);
    expect(messages("<script>")).not.toEqual([]);
  });

  it("prices the red band on weekday evenings only", () => {
    const plan = planCharging(valid);
    const stepOf = (day: number, hour: number) => (day * 24 + hour) * 4;
    expect(plan.priceByStep[stepOf(0, 17)]).toBe(45);
    expect(plan.priceByStep[stepOf(5, 17)]).toBe(19);
    expect(plan.priceByStep[stepOf(2, 3)]).toBe(19);
    expect(plan.priceByStep[stepOf(2, 10)]).toBe(24);
  });
});

describe("the engine's random depots", () => {
  it("are all plans a user could ask for: the form's schema accepts every one", () => {
    // The engine's property tests run on these; a depot the form would refuse proves nothing about the product.
    fc.assert(
      fc.property(randomPlans, (input) => {
        expect(planInputSchema.safeParse(input).success).toBe(true);
      }),
      { numRuns: 150, seed: 20261127 },
    );
  });
});
