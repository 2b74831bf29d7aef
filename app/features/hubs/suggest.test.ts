import { describe, expect, it } from "vitest";

import { TARIFF_PRESETS, type PlanInput } from "~/features/charging-engine";

import { checkWeek, type Demand } from "./hub-week";
import { refusal } from "./suggest";

/** A hub of `chargers` 22 kW chargers under a connection of `connectionKw`, with no fleet of its own. */
const hub = (chargers: number, connectionKw: number): PlanInput => ({
  vehicleTypes: [{ id: "van", name: "Van", batteryKwh: 75, consumptionKwhPerKm: 0.25, maxChargeKw: 22 }],
  vehicles: [],
  chargers: [{ id: "ac", name: "AC 22", count: chargers, powerKw: 22, minKw: 0, serves: "all" }],
  site: { connectionKva: connectionKw, powerFactor: 1, buildingKw: 0, chargingEfficiency: 1 },
  tariff: TARIFF_PRESETS.flat,
  horizon: { days: 7, stepMinutes: 15, startWeekday: 0 },
});
/** Three 30 kWh vans every evening, 20:00 to 22:00. */
const vans: Demand = {
  key: "request",
  vehicles: 3,
  batteryKwh: 75,
  maxKw: 22,
  energyKwh: 30,
  window: { days: [0, 1, 2, 3, 4, 5, 6], arriveFrom: 1200, arriveTo: 1200, departFrom: 1320, departTo: 1320 },
};

/**
 * Issue 57, item 5: a refusal says the least that must go uncharged (the maximum flow's answer), not a plan's
 * shortfall, which can be more than must be.
 */
describe("a hub's refusal", () => {
  it("says the least the week's visits must go without where the connection binds (one van of three fits)", () => {
    // 15 kW for two hours a night: 30 kWh, one van's; the other two go without 60 kWh a night, 420 kWh a week.
    const check = checkWeek(hub(4, 15), [vans]);
    expect(check.fits).toBe(false);
    expect(check.leastShortKwh).toBeCloseTo(420, 6);
    expect(refusal(check, vans, null).message).toContain("at least 420 kWh of the week's visits would go uncharged");
  });

  it("says the least where the chargers bind (one charger for three vans)", () => {
    // One 22 kW charger for two hours a night: 44 kWh of the 90 asked; 46 kWh a night, 322 kWh a week, at least.
    const check = checkWeek(hub(1, 200), [vans]);
    expect(check.fits).toBe(false);
    expect(check.leastShortKwh).toBeCloseTo(322, 6);
    expect(refusal(check, vans, null).message).toContain("at least 322 kWh of the week's visits would go uncharged");
  });

  it("says nothing of kWh where every visit can be charged", () => {
    const one = { ...vans, vehicles: 1 };
    const check = checkWeek(hub(1, 200), [one]);
    expect(check.fits).toBe(true);
    expect(check.leastShortKwh).toBe(0);
  });
});
