import fc from "fast-check";
import { describe, expect, it } from "vitest";

import { staysFor } from "./expand-duty";
import { cheapestClasses, sizeChargers } from "./sizing";
import type { CatalogueCharger, PlanInput } from "./types";

const CATALOGUE: CatalogueCharger[] = [
  { powerKw: 7, kind: "AC", pricePounds: 1_000 },
  { powerKw: 22, kind: "AC", pricePounds: 3_000 },
  { powerKw: 50, kind: "DC", pricePounds: 20_000 },
];

/** Small random depots over one day at hourly steps: vans and a truck type on random shifts. */
const depots = fc
  .record({
    groups: fc.array(
      fc.record({
        truck: fc.boolean(),
        count: fc.integer({ min: 1, max: 2 }),
        depart: fc.integer({ min: 0, max: 23 }),
        hoursOut: fc.integer({ min: 1, max: 22 }),
        km: fc.integer({ min: 0, max: 300 }),
      }),
      { minLength: 1, maxLength: 3 },
    ),
  })
  .map((r): PlanInput => ({
    vehicleTypes: [
      { id: "van", name: "Van", batteryKwh: 75, consumptionKwhPerKm: 0.35, maxChargeKw: 11 },
      { id: "truck", name: "Truck", batteryKwh: 300, consumptionKwhPerKm: 1, maxChargeKw: 150 },
    ],
    vehicles: r.groups.map((g, i) => ({
      id: `g${i}`,
      name: `Group ${i}`,
      typeId: g.truck ? "truck" : "van",
      count: g.count,
      week: Array.from({ length: 7 }, () => ({
        depart: g.depart * 60,
        return: ((g.depart + g.hoursOut) % 24) * 60,
        km: g.km,
      })),
      targetSocPct: 90,
    })),
    chargers: [{ id: "c", name: "C", count: 1, powerKw: 22, serves: "all" }],
    site: { connectionKva: 100_000, powerFactor: 1, buildingKw: 0, chargingEfficiency: 1 },
    tariff: { name: "Flat", defaultPencePerKwh: 20, bands: [], standingPencePerDay: 0, capacityPencePerKvaPerMonth: 0 },
    horizon: { days: 1, stepMinutes: 60, startWeekday: 0 },
  }));

/**
 * The brute-force answer: the cheapest counts of each catalogue charger for
 * which every stay that some charger can serve gets one that serves it for
 * its whole stay (tried by exhaustive assignment round the repeating day).
 */
function bruteForce(input: PlanInput): { total: number; cost: number } {
  const { stays } = staysFor({ ...input, chargers: [] }, 24, 60);
  const usable = stays.map((s) => {
    const need = Math.min(s.tripKwh, s.targetKwh);
    if (need <= 1e-9) return -1;
    // Hourly steps, no curves: a step puts in its power for an hour. A stay no charger can fill still takes the one that gives it most.
    const most = Math.min(need, s.vehicleMaxKw * s.length);
    const usable = (k: number) => CATALOGUE[k]!.kind === "DC" || s.vehicleMaxKw <= 22;
    const enough = CATALOGUE.findIndex(
      (c, k) => usable(k) && Math.min(s.vehicleMaxKw, c.powerKw) * s.length >= most - 1e-6,
    );
    return enough >= 0 ? enough : CATALOGUE.findLastIndex((_, k) => usable(k));
  });
  const demanding = stays.map((s, i) => ({ s, k: usable[i]! })).filter((x) => x.k >= 0);
  const fits = (counts: number[]) => {
    const units = counts.flatMap((n, k) => Array.from({ length: n }, () => ({ k, busy: new Uint8Array(24) })));
    const place = (j: number): boolean => {
      if (j === demanding.length) return true;
      const { s, k } = demanding[j]!;
      for (const unit of units) {
        if (unit.k < k) continue;
        let free = true;
        for (let n = 0; n < s.length && free; n++) free = !unit.busy[(s.start + n) % 24];
        if (!free) continue;
        for (let n = 0; n < s.length; n++) unit.busy[(s.start + n) % 24] = 1;
        if (place(j + 1)) return true;
        for (let n = 0; n < s.length; n++) unit.busy[(s.start + n) % 24] = 0;
      }
      return false;
    };
    return place(0);
  };
  let best = { total: Infinity, cost: Infinity };
  const limit = Math.min(6, demanding.length);
  for (let a = 0; a <= limit; a++)
    for (let b = 0; b <= limit; b++)
      for (let c = 0; c <= limit; c++) {
        const counts = [a, b, c];
        const cost = counts.reduce((sum, n, k) => sum + n * CATALOGUE[k]!.pricePounds, 0);
        if (cost >= best.cost) continue;
        if (fits(counts)) best = { total: a + b + c, cost };
      }
  return best;
}

describe("charger sizing", () => {
  it("finds the cheapest (and so the fewest) chargers, as exhaustive search does on small depots", () => {
    fc.assert(
      fc.property(depots, (input) => {
        const sized = sizeChargers(input, CATALOGUE);
        const brute = bruteForce(input);
        const total = sized.chargers.reduce((sum, c) => sum + c.count, 0);
        expect({ total, cost: sized.capitalPounds }).toEqual(brute);
        // And with them the engine gives every vehicle a charger for every stay it can be served on.
        if (sized.chargers.length > 0)
          for (const strategy of sized.strategies)
            expect(sized.unreachable.length > 0 || strategy.vehiclesShort === 0).toBe(true);
      }),
      { numRuns: 150, seed: 20261126 },
    );
  });

  it("drops a charger another beats on power, reach and price", () => {
    // A 22 kW AC unit quoted below the 7 kW one beats it; DC beats AC for vans only when no dearer.
    const quoted: CatalogueCharger[] = [
      { powerKw: 7, kind: "AC", pricePounds: 2_000 },
      { powerKw: 22, kind: "AC", pricePounds: 1_800 },
      { powerKw: 50, kind: "DC", pricePounds: 30_000 },
    ];
    expect(cheapestClasses(quoted).map((c) => c.powerKw)).toEqual([22, 50]);
  });
});
