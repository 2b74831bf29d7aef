import { describe, expect, it } from "vitest";

import type { OfferShape, ProfileGrid } from "~/features/connections";

import { neededDepotYears, type RoadmapDepot } from "./build-roadmap";
import { leeds, roadmapOf, today } from "./leeds-fixture";
import type { RoadmapOffer } from "./offer-years";
import type { RoadmapSettings } from "./roadmap-settings";

/** 400 kVA, but `nightKva` from 17:00 to 07:00 every day (when the vans charge), winter and summer alike. */
function nightProfile(nightKva: number): ProfileGrid {
  const day = Array.from({ length: 48 }, (_, h) => (h >= 34 || h < 14 ? nightKva : 400));
  return { winter: { weekday: day, weekend: day }, summer: { weekday: day, weekend: day } };
}

const offer = (
  id: number,
  shape: OfferShape,
  energiseOn: string,
  costPounds: number,
  chosen = false,
): RoadmapOffer => ({
  id,
  name: shape.name,
  operator: "NGED",
  costPounds,
  energiseOn,
  chosen,
  shape,
  outlook: null,
});

const company = (offers: RoadmapOffer[]) => leeds({ offers });
const roadmap = (depots: RoadmapDepot[], settings: RoadmapSettings) => roadmapOf(depots, settings).depots[0]!;

const firm = offer(11, { kind: "firm", name: "Firm 200 kVA", firmKva: 200 }, "2029-06-01", 120_000);
const profiled = offer(
  12,
  { kind: "profiled", name: "Evenings 90 kVA", profile: nightProfile(90) },
  "2027-04-01",
  30_000,
);

describe("connection offers in the roadmap", () => {
  it("counts, year by year, the vehicles each connection charges in full: the present one's until an offer comes", () => {
    const depot = roadmap(...(Object.values(company([firm, profiled])) as [RoadmapDepot[], RoadmapSettings]));
    const [present, byFirm, byProfile] = depot.offers;
    expect(depot.offers.map((c) => c.name)).toEqual(["The present connection", "Firm 200 kVA", "Evenings 90 kVA"]);
    // Waiting: the first year the present connection leaves a van short is the year the roadmap says it runs out.
    expect(depot.flag.kind).toBe("apply-by");
    expect(present!.firstShortYear).toBe(depot.flag.kind === "apply-by" ? depot.flag.neededYear : null);
    for (const [i, row] of depot.years.entries()) {
      // Before an offer is energised, the depot has only its present connection.
      if (row.year < 2030) expect(byFirm!.years[i]!.served).toBe(present!.years[i]!.served);
      if (row.year < 2028) expect(byProfile!.years[i]!.served).toBe(present!.years[i]!.served);
      // 200 kVA at all hours charges the whole fleet once it comes; more capacity never charges fewer.
      if (row.year >= 2030) expect(byFirm!.years[i]!.served).toBe(row.electric);
      expect(byFirm!.years[i]!.served).toBeGreaterThanOrEqual(present!.years[i]!.served);
      expect(byProfile!.years[i]!.served).toBeGreaterThanOrEqual(present!.years[i]!.served);
    }
    // The evening profile comes two years sooner but runs out as the fleet grows.
    expect(byProfile!.firstShortYear).not.toBeNull();
    expect(byProfile!.firstShortYear!).toBeGreaterThanOrEqual(2028);
    // The money differs by what each connection costs: the fleet, chargers and running are the roadmap's.
    expect(present!.againstDieselPounds - byFirm!.againstDieselPounds).toBeCloseTo(120_000, 6);
    expect(present!.againstDieselPounds - byProfile!.againstDieselPounds).toBeCloseTo(30_000, 6);
  });

  it("follows the chosen offer: it comes in time, and the date to apply by is for the year it leaves a van short", () => {
    const chosen = { ...profiled, chosen: true };
    const depot = roadmap(...(Object.values(company([firm, chosen])) as [RoadmapDepot[], RoadmapSettings]));
    const short = depot.offers[2]!.firstShortYear!;
    expect(depot.flag).toEqual({
      kind: "apply-by",
      neededYear: short,
      applyBy: `${short - 3}-07-01`,
      late: `${short - 3}-07-01` < today,
    });
    expect(depot.beyondQuoteKva).toBe(400);
    // Its years from 2028 are judged by the vans it charges, not by its most kVA.
    for (const row of depot.years.filter((r) => r.year >= 2028)) expect(row.enough).toBe(row.year < short);
    // Its cost is the connection's spend in the year it comes.
    expect(depot.spend.find((y) => y.year === 2028)!.connectionPounds).toBe(30_000);
  });

  it("plans no more without offers", () => {
    const { depots, settings } = company([]);
    const keys = [...neededDepotYears(depots, settings, 2026).keys()];
    expect(keys.some((key) => key.includes("|under:"))).toBe(false);
    expect(roadmap(depots, settings).offers).toEqual([]);
  });
});
