import { describe, expect, it } from "vitest";

import { planCharging, type PlanInput } from "~/features/charging-engine";

import { parseCurtailmentCsv } from "./curtailment-csv";
import { recordPeriods } from "./offer-limit";
import { offerOutlook } from "./outlook";
import { parseProfileCsv } from "./profile-csv";

/** Four vans back at 18:00 and out at 06:00 every day, 60 kWh a night each, on four 22 kW chargers. */
const depot: PlanInput = {
  vehicleTypes: [{ id: "van", name: "Van", batteryKwh: 80, consumptionKwhPerKm: 0.3, maxChargeKw: 22 }],
  vehicles: [
    {
      id: "vans",
      name: "Vans",
      typeId: "van",
      count: 4,
      week: Array.from({ length: 7 }, () => ({ depart: 6 * 60, return: 18 * 60, energyKwh: 60 })),
      targetSocPct: 100,
    },
  ],
  chargers: [{ id: "ac", name: "AC", count: 4, powerKw: 22, minKw: 0, serves: "all" }],
  site: { connectionKva: 100, powerFactor: 1, buildingKw: 0, chargingEfficiency: 1 },
  tariff: { name: "Flat", defaultPencePerKwh: 25, bands: [], standingPencePerDay: 0, capacityPencePerKvaPerMonth: 0 },
  horizon: { days: 7, stepMinutes: 30, startWeekday: 0 },
};

describe("what an offer means for the depot's plan", () => {
  it("a firm offer large enough charges every van", () => {
    const outlook = offerOutlook(depot, { kind: "firm", name: "Firm 100", firmKva: 100 });
    expect(outlook.base).toEqual({ shortKwh: 0, vehiclesShort: 0, vehicles: [] });
  });

  it("a profile that drops to 15 kVA overnight in winter leaves the vans short then, not in summer", () => {
    const profile = parseProfileCsv(
      "winter,all,00:00,06:00,15\nwinter,all,06:00,18:00,100\nwinter,all,18:00,24:00,15\nsummer,all,00:00,24:00,100",
    );
    const outlook = offerOutlook(depot, { kind: "profiled", name: "Profiled", profile });
    const winter = outlook.seasons!.find((s) => s.season === "winter")!;
    const summer = outlook.seasons!.find((s) => s.season === "summer")!;
    // 12 hours at 15 kW put in 180 kWh a night, 45 per van: each leaves 35 kWh under its full 80 (a van left under
    // 60 comes back empty), every night of the week.
    expect(winter.shortKwh).toBeCloseTo(7 * 4 * (80 - 180 / 4), 6);
    expect(winter.vehiclesShort).toBe(4);
    expect(summer.shortKwh).toBe(0);
    expect(outlook.base).toEqual(winter);
  });

  it("a flexible offer is run across its record: the worst week, one in ten, and the battery that covers it", () => {
    // Firm 10 kVA + 90 non-firm, cut to the firm part on two nights of one week and one night of another.
    const curtailment = parseCurtailmentCsv(
      [
        "2026-01-06T18:00:00Z,2026-01-07T06:00:00Z,",
        "2026-01-08T18:00:00Z,2026-01-09T06:00:00Z,",
        "2026-02-10T18:00:00Z,2026-02-11T06:00:00Z,",
      ].join("\n"),
      90,
    );
    const offer = {
      kind: "flexible" as const,
      name: "Flex",
      firmKva: 10,
      nonFirmKva: 90,
      record: "imported" as const,
      curtailment,
    };
    const outlook = offerOutlook(depot, offer);
    const cut = outlook.curtailment!;
    expect(outlook.base.shortKwh).toBe(0);
    expect(cut.periods).toBe(53);
    expect(cut.periodsCut).toBe(2);
    expect(cut.periodsShort).toBe(2);
    // A cut night gives 12 h × 10 kW = 120 kWh of the 240 the vans need: each leaves 30 kWh short, and the next night
    // fills it. The worst week has two such nights.
    expect(cut.worst!.startsOn).toBe("2026-01-05");
    expect(cut.worst!.shortKwh).toBeCloseTo(240, 6);
    expect(cut.worst!.vehiclesShort).toBe(4);
    expect(cut.battery).not.toBeNull();
    const { powerKw } = cut.battery!;
    // The battery's power, given back during the cuts, leaves the worst week as charged as when not cut; 2 kW less does not.
    const [worst] = recordPeriods(offer, depot.horizon).cut;
    const shortWith = (kw: number) =>
      planCharging(
        {
          ...depot,
          site: {
            ...depot.site,
            connectionKvaByStep: worst!.kvaBySteps.map((kva) => (kva < 100 ? Math.min(100, kva + kw) : kva)),
          },
        },
        ["peak-shaving"],
        { sessions: false },
      ).strategies[0]!.vehicles.reduce((sum, v) => sum + v.shortfallKwh, 0);
    expect(shortWith(powerKw)).toBeLessThanOrEqual(1e-6);
    expect(shortWith(powerKw - 2)).toBeGreaterThan(1e-6);
    expect(cut.battery!.energyKwh).toBeLessThanOrEqual(powerKw * 12 + 1);
    expect(cut.oneInTenKwh).toBe(0);
  });
});
