import { describe, expect, it } from "vitest";

import { defaultPlanInput } from "~/features/planning/plan-defaults";

import { groupOfTag, vehicleFor, type VehicleTag } from "./vehicle-duty";

describe("a vehicle from its tag", () => {
  const plan = defaultPlanInput({ vehicles: 4, chargers: [] });
  const named = new Map<string, VehicleTag>([
    ["04a1b2c3", { id: 1, tag: "04A1B2C3", vehicle: "AB12 CDE", groupId: "g1" }],
    ["g1-99", { id: 2, tag: "G1-99", vehicle: "Pool car", groupId: null }],
  ]);
  // Wednesday 25 November 2026, 21:30 UK time (GMT).
  const at = Date.UTC(2026, 10, 25, 21, 30);

  it("follows a named tag's group, else the group its prefix names, else none", () => {
    expect(groupOfTag("04a1B2C3", plan, named)?.id).toBe("g1");
    expect(groupOfTag("g1-07", plan, named)?.id).toBe("g1");
    // A tag named with no group is a vehicle nobody planned, whatever its prefix says.
    expect(groupOfTag("g1-99", plan, named)).toBeNull();
    expect(groupOfTag("CARD-1", plan, named)).toBeNull();
    expect(groupOfTag("04A1B2C3", null, named)).toBeNull();
  });

  it("leaves at its group's next departure, needing the day's trip less what it has had", () => {
    const vehicle = vehicleFor("04A1B2C3", plan, at, { deliveredKwh: 5, socPct: null }, named)!;
    expect(new Date(vehicle.departsAt).toISOString()).toBe("2026-11-26T07:00:00.000Z");
    const van = plan.vehicleTypes.find((t) => t.id === plan.vehicles[0]!.typeId)!;
    const trip = plan.vehicles[0]!.week![3]!.km! * van.consumptionKwhPerKm;
    expect(vehicle.neededKwh).toBeCloseTo(
      Math.min(trip, (plan.vehicles[0]!.targetSocPct / 100) * van.batteryKwh) - 5,
      9,
    );
    expect(vehicleFor("CARD-1", plan, at, { deliveredKwh: 0, socPct: null }, named)).toBeNull();
  });
});
