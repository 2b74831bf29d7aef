/**
 * The roadmap tests' company (company-roadmap.test.ts, offer-comparison.test.ts): twenty vans replaced over five
 * years from 2027 at Leeds, whose 60 kVA fits about eight of them charging overnight, planned for real with the
 * depot-years kept between tests.
 */
import { defaultPlanInput } from "~/features/planning";

import { neededDepotYears, type RoadmapDepot } from "./build-roadmap";
import { companyRoadmap } from "./company-roadmap";
import { planDepotYear, type DepotYear } from "./depot-year";
import { defaultRoadmapSettings, type RoadmapSettings } from "./roadmap-settings";

export const today = "2026-11-26";

export function leeds(depot: Partial<Pick<RoadmapDepot, "application" | "offers">> = {}) {
  const inputs = defaultPlanInput({ vehicles: 20, chargers: [] });
  inputs.site.connectionKva = 60;
  const depots: RoadmapDepot[] = [
    { id: 1, name: "Leeds", inputs, baseKey: "leeds", operator: "nged", application: null, ...depot },
  ];
  const settings: RoadmapSettings = {
    ...defaultRoadmapSettings(),
    leadTimeMonths: { nged: 30 },
    groups: { "1": { g1: { firstYear: 2027, cycleYears: 5, heavy: false } } },
  };
  return { depots, settings };
}

const memo = new Map<string, DepotYear>();
/** The company's roadmap, each depot-year planned once for all the tests in a file. */
export function roadmapOf(depots: RoadmapDepot[], settings: RoadmapSettings) {
  for (const [key, inputs] of neededDepotYears(depots, settings, 2026))
    if (!memo.has(key)) memo.set(key, planDepotYear(inputs));
  return companyRoadmap(depots, settings, today, (key) => memo.get(key)!);
}

/** How many depot-years have been planned so far (a moved group plans only its new fleets). */
export const depotYearsPlanned = () => memo.size;
