import { describe, expect, it } from "vitest";

import {
  DEFAULT_CATALOGUE,
  planCharging,
  sizeChargers,
  type CatalogueCharger,
  type PlanInput,
} from "~/features/charging-engine";

import { defaultPlanInput } from "./plan-defaults";

// Sizing on the depot a new plan starts from (the product's defaults); the engine's own sizing tests are in charging-engine.
describe("charger sizing on the default depot", () => {
  it("sizes the 30-van depot that had 8 chargers: one 7 kW AC charger each, and every van then leaves charged", () => {
    const input = defaultPlanInput({ vehicles: 30, chargers: [{ name: "AC 22 kW", powerKw: 22, count: 8 }] });
    const before = planCharging(input, ["peak-shaving"]).strategies[0]!;
    expect(before.vehicles.filter((v) => v.shortfallKwh > 1e-6).length).toBe(22);
    const sized = sizeChargers(input, DEFAULT_CATALOGUE);
    // 120 km × 0.35 kWh/km = 42 kWh over the 14 h at home needs 3 kW: 7 kW AC is the cheapest that does it, and all 30 are home at once.
    expect(sized.chargers).toEqual([{ powerKw: 7, kind: "AC", pricePounds: 1_500, count: 30 }]);
    expect(sized.capitalPounds).toBe(45_000);
    expect(sized.strategies.find((s) => s.strategy === "peak-shaving")!.vehiclesShort).toBe(0);
  });

  it("says per group when no charger is enough, and why", () => {
    const input: PlanInput = {
      ...defaultPlanInput({ vehicles: 2, chargers: [] }),
      vehicles: [
        {
          id: "g",
          name: "Quick turnaround",
          typeId: "van",
          count: 2,
          // 250 km in a day with one hour at the depot: 87.5 kWh, more than the 67.5 kWh the van leaves with, and 11 kW × 1 h.
          week: Array.from({ length: 7 }, () => ({ depart: 8 * 60, return: 7 * 60, km: 150 })),
          targetSocPct: 90,
        },
      ],
    };
    const sized = sizeChargers(input);
    expect(sized.unreachable).toEqual([
      expect.objectContaining({ group: "Quick turnaround", reason: "time", hours: 1, mostKwh: 11 }),
    ]);
  });

  it("takes the user's prices: a charger another beats on power, reach and price drops out, so the mix is the cheapest", () => {
    // A 22 kW AC unit quoted below the 7 kW one beats it; DC beats AC for vans only when no dearer.
    const quoted: CatalogueCharger[] = [
      { powerKw: 7, kind: "AC", pricePounds: 2_000 },
      { powerKw: 22, kind: "AC", pricePounds: 1_800 },
      { powerKw: 50, kind: "DC", pricePounds: 30_000 },
    ];
    const input = defaultPlanInput({ vehicles: 10, chargers: [] });
    const sized = sizeChargers(input, quoted);
    expect(sized.chargers).toEqual([{ powerKw: 22, kind: "AC", pricePounds: 1_800, count: 10 }]);
    expect(sized.capitalPounds).toBe(18_000);
  });

  it("with a swap time, a depot hand moves a charged van off so one charger serves two", () => {
    // Two vans home 17:00–07:00 needing 42 kWh each at 11 kW: each needs about 4 h, and there is one charger.
    const base = defaultPlanInput({ vehicles: 2, chargers: [{ name: "AC 22 kW", powerKw: 22, count: 1 }] });
    const keep = planCharging(base, ["uncontrolled"]).strategies[0]!;
    expect(keep.vehicles.filter((v) => v.shortfallKwh > 1e-6).map((v) => v.reasons)).toEqual([["charger"]]);
    const swapped: typeof base = { ...base, vehicles: base.vehicles.map((g) => ({ ...g, swapAt: 22 * 60 })) };
    for (const strategy of planCharging(swapped).strategies)
      expect(strategy.vehicles.every((v) => v.shortfallKwh < 1e-6)).toBe(true);
    // Sizing counts the rotation (here at midnight, when a van on a 7 kW charger since 17:00 has its 42 kWh): one charger for the two vans.
    const at = (input: typeof base, swapAt: number) => ({
      ...input,
      vehicles: input.vehicles.map((g) => ({ ...g, swapAt })),
    });
    const total = (input: typeof base) =>
      sizeChargers(input)
        .chargers.map((c) => `${c.count} × ${c.powerKw}`)
        .join(" + ");
    expect(total(base)).toBe("2 × 7");
    expect(total(at(base, 0))).toBe("1 × 7");
    // Five vans: three charge until midnight, then the other two until 07:00; with one fewer someone is short.
    const five = defaultPlanInput({ vehicles: 5, chargers: [] });
    const sized = sizeChargers(at(five, 0));
    expect(total(at(five, 0))).toBe("3 × 7");
    expect(sized.strategies.every((s) => s.vehiclesShort === 0)).toBe(true);
    const two = [{ id: "c", name: "AC 7 kW", powerKw: 7, count: 2, serves: "all" as const }];
    expect(
      planCharging({ ...at(five, 0), chargers: two }).strategies.every((s) =>
        s.vehicles.some((v) => v.shortfallKwh > 1e-6),
      ),
    ).toBe(true);
    // Moved off at 22:00, a van has 5 h: 7 kW is too slow for 42 kWh, so 11 kW units, three of them.
    expect(total(at(five, 22 * 60))).toBe("3 × 11");
  });
});
