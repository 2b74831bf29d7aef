import { describe, expect, it } from "vitest";

import { estimateSavings, savingsInputErrors } from "./savings";

describe("Box Charge savings estimate", () => {
  it("finds managed charging cheaper, with a lower or equal peak, for vans on day/night rates", () => {
    const estimate = estimateSavings({ fleetSize: 20, vehicle: "van", kmPerDay: 120, tariff: "day-night" });
    expect(estimate.unmetKwh).toBe(0);
    expect(estimate.with.weekPounds).toBeLessThan(estimate.without.weekPounds);
    expect(estimate.savedPounds).toBeCloseTo(estimate.without.weekPounds - estimate.with.weekPounds, 9);
    expect(estimate.savedPct).toBeGreaterThan(0);
    // Unmanaged: twenty vans at 11 kW from 17:00, drawn through 90 % efficient chargers.
    expect(estimate.without.peakKw).toBeCloseTo((20 * 11) / 0.9, 6);
  });

  it("also works for trucks on a red/amber/green tariff, and never recommends leaving a vehicle short", () => {
    const estimate = estimateSavings({ fleetSize: 8, vehicle: "artic", kmPerDay: 300, tariff: "red-amber-green" });
    expect(estimate.with.shortfallKwh).toBe(0);
    expect(estimate.with.weekPounds).toBeLessThanOrEqual(estimate.without.weekPounds);
  });

  it("says how low the peak could go when the cheapest plan keeps it (the 244 kW puzzle)", () => {
    // Ten vans, 150 km a day, day/night: all their energy fits the cheap night only at full power.
    const estimate = estimateSavings({ fleetSize: 10, vehicle: "van", kmPerDay: 150, tariff: "day-night" });
    expect(estimate.with.peakKw).toBeCloseTo(estimate.without.peakKw, 3);
    expect(estimate.lowestPeak.peakKw).toBeLessThan(estimate.without.peakKw * 0.7);
    expect(estimate.lowestPeak.shortfallKwh).toBe(0);
  });

  it("checks its inputs", () => {
    expect(savingsInputErrors({ fleetSize: 0, kmPerDay: 100 })).toEqual({
      fleetSize: "Enter a fleet of 1 to 200 vehicles",
    });
    expect(savingsInputErrors({ fleetSize: 2.5, kmPerDay: 900 })).toEqual({
      fleetSize: "Enter a fleet of 1 to 200 vehicles",
      kmPerDay: "Enter 1 to 800 km a day",
    });
    expect(savingsInputErrors({ fleetSize: 10, kmPerDay: 100 })).toEqual({});
  });
});
