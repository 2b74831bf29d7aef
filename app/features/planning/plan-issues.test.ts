import { describe, expect, it } from "vitest";

import { defaultPlanInput, describeWeek } from "./plan-defaults";
import { planInputSchema } from "./plan-input";
import { describePlanIssues } from "./plan-issues";

const describe_ = (input: unknown) => {
  const result = planInputSchema.safeParse(input);
  return result.success ? [] : describePlanIssues(result.error.issues, input);
};

describe("plan input messages", () => {
  it("names the row and the field of what is wrong", () => {
    const valid = defaultPlanInput({ vehicles: 12, chargers: [] });
    expect(describe_(valid)).toEqual([]);
    const badCount = { ...valid, vehicles: [{ ...valid.vehicles[0]!, count: 0 }] };
    expect(describe_(badCount)).toEqual([`Vehicle group 1 (${valid.vehicles[0]!.name}), Count: must be at least 1`]);
    const emptyBattery = {
      ...valid,
      vehicleTypes: [{ ...valid.vehicleTypes[0]!, batteryKwh: null }, ...valid.vehicleTypes.slice(1)],
    };
    expect(describe_(emptyBattery)).toEqual([
      `Vehicle type 1 (${valid.vehicleTypes[0]!.name}), Battery (kWh): enter a number`,
    ]);
    const noName = { ...valid, chargers: [{ ...valid.chargers[0]!, name: " " }] };
    expect(describe_(noName)).toEqual(["Charger 1, Name: Every item needs a name"]);
    expect(describe_({ ...valid, site: { ...valid.site, connectionKva: 0 } })).toEqual([
      "Site, Connection (kVA): must be at least 1",
    ]);
    expect(describe_({ ...valid, horizon: { ...valid.horizon, stepMinutes: 7 } })).toEqual([
      "Horizon, Step: is not one of the choices",
    ]);
  });
});

describe("duty in words", () => {
  it("groups the days that share a shift", () => {
    const day = { depart: 420, return: 1020, km: 120 };
    expect(describeWeek([day, day, day, day, { depart: 360, return: 1020, km: 160 }, null, null])).toBe(
      "Mon Tue Wed Thu out 07:00–17:00, 120 km; Fri out 06:00–17:00, 160 km",
    );
    expect(describeWeek([null, null, null, null, null, null, { depart: 1200, return: 240, energyKwh: 90 }])).toBe(
      "Sun out 20:00–04:00, 90 kWh",
    );
    expect(describeWeek(Array(7).fill(null))).toBe("not working");
  });
});
