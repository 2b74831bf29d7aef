import { describe, expect, it } from "vitest";

import type { RoadmapDepot } from "./build-roadmap";
import { depotYearsPlanned, leeds, roadmapOf as roadmap, today } from "./leeds-fixture";

const company = (application: RoadmapDepot["application"] = null) => leeds({ application });

describe("a company's roadmap", () => {
  it("finds the year the connection runs out and the date to apply by, from the operator's lead time", () => {
    const { depots, settings } = company();
    const [depot] = roadmap(depots, settings).depots;
    const rows = depot!.years;
    expect(rows.map((r) => r.electric)).toEqual([0, 4, 8, 12, 16, 20, 20, 20, 20, 20]);
    // The peak grows with the fleet; the first year over 57 kW (60 kVA at 0.95) is where the upgrade is needed.
    for (let i = 1; i < rows.length; i++) expect(rows[i]!.peakKw).toBeGreaterThanOrEqual(rows[i - 1]!.peakKw - 1e-9);
    const over = rows.find((r) => r.peakKw > 57 + 1e-9)!;
    expect(rows.filter((r) => r.year < over.year).every((r) => r.enough)).toBe(true);
    expect(depot!.flag).toEqual({
      kind: "apply-by",
      neededYear: over.year,
      applyBy: `${over.year - 3}-07-01`,
      late: `${over.year - 3}-07-01` < today,
    });
    expect(depot!.neededKva).toBeGreaterThan(60);
  });

  it("buys each van once, and chargers only as more are needed", () => {
    const { depots, settings } = company();
    const [depot] = roadmap(depots, settings).depots;
    expect(depot!.spend.reduce((n, y) => n + y.vehiclesBought, 0)).toBe(20);
    const bought = new Map<string, number>();
    for (const y of depot!.spend)
      for (const c of y.chargersBought)
        bought.set(`${c.kind}${c.powerKw}`, (bought.get(`${c.kind}${c.powerKw}`) ?? 0) + c.count);
    const most = new Map<string, number>();
    for (const r of depot!.years)
      for (const c of r.chargers)
        most.set(`${c.kind}${c.powerKw}`, Math.max(most.get(`${c.kind}${c.powerKw}`) ?? 0, c.count));
    expect(bought).toEqual(most);
  });

  it("clears the flag with a quote energised in time, and offers a battery to bridge a late one", () => {
    const { depots, settings } = company();
    const needed = (roadmap(depots, settings).depots[0]!.flag as { neededYear: number }).neededYear;
    const inTime = company({
      stage: "quote-received",
      energisationOn: `${needed - 1}-10-01`,
      quoteKva: 400,
      quotePounds: 90_000,
    });
    const timely = roadmap(inTime.depots, inTime.settings).depots[0]!;
    expect(timely.flag.kind).toBe("quoted-in-time");
    expect(timely.years.every((r) => r.enough)).toBe(true);
    expect(timely.bridge).toBeUndefined();
    expect(timely.spend.find((y) => y.year === needed)!.connectionPounds).toBe(90_000);

    const late = company({
      stage: "quote-received",
      energisationOn: `${needed + 1}-03-01`,
      quoteKva: 400,
      quotePounds: 90_000,
    });
    const behind = roadmap(late.depots, late.settings).depots[0]!;
    expect(behind.flag).toMatchObject({ kind: "quoted-late", neededYear: needed, monthsLate: 14 });
    // Short from the needed year until the year after energisation.
    expect(behind.years.filter((r) => !r.enough).map((r) => r.year)).toEqual([needed, needed + 1]);
    expect(behind.bridge?.years).toEqual([needed, needed + 1]);
    expect(behind.bridge!.powerKw).toBeGreaterThan(0);
    expect(behind.bridge!.pounds).toBe(behind.bridge!.capacityKwh * 350 + behind.bridge!.powerKw * 150);
  });

  it("asks for the next upgrade when a quote in time is itself passed later", () => {
    const { depots, settings } = company();
    const needed = (roadmap(depots, settings).depots[0]!.flag as { neededYear: number }).neededYear;
    // 70 kVA (66.5 kW) from the year before it is needed: enough for a year or two, not for twenty vans.
    const small = company({
      stage: "accepted",
      energisationOn: `${needed - 1}-10-01`,
      quoteKva: 70,
      quotePounds: 20_000,
    });
    const depot = roadmap(small.depots, small.settings).depots[0]!;
    const short = depot.years.filter((r) => !r.enough);
    expect(short.length).toBeGreaterThan(0);
    expect(short[0]!.year).toBeGreaterThan(needed);
    expect(depot.beyondQuoteKva).toBe(70);
    expect(depot.flag).toMatchObject({
      kind: "apply-by",
      neededYear: short[0]!.year,
      applyBy: `${short[0]!.year - 3}-07-01`,
    });
  });

  it("moving a group's year moves its spend, and plans only the new fleets", () => {
    const { depots, settings } = company();
    const before = roadmap(depots, settings);
    const size = depotYearsPlanned();
    settings.groups["1"]!.g1!.firstYear = 2029;
    const after = roadmap(depots, settings);
    const firstBought = (r: typeof before) => r.depots[0]!.spend.find((y) => y.vehiclesBought > 0)!.year;
    expect(firstBought(before)).toBe(2027);
    expect(firstBought(after)).toBe(2029);
    // The same five fleets (4 to 20 vans), two years later: nothing new to plan.
    expect(depotYearsPlanned()).toBe(size);
    expect(after.cumulative.at(-1)!.dieselPounds).toBeCloseTo(before.cumulative.at(-1)!.dieselPounds, 6);
  });
});
