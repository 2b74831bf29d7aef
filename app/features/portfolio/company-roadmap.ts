/**
 * The company's roadmap on one page: every depot's years and spend, the
 * company's spend by year and its cumulative cost against staying diesel,
 * and the order to take the depots in — the most urgent connection first
 * (an apply-by date passed, then the earliest), then the earliest to need
 * chargers.
 */
import {
  depotRoadmap,
  depotYearKey,
  replacementsOf,
  roadmapYears,
  type DepotRoadmap,
  type RoadmapDepot,
} from "./build-roadmap";
import type { DepotYear } from "./depot-year";
import { fleetInYear } from "./depot-years";
import { compareConnections, type ComparedConnection } from "./offer-comparison";
import { upgradeOf } from "./offer-years";
import { capitalOf, cumulative, depotSpend, type YearSpend } from "./roadmap-costs";
import type { RoadmapSettings } from "./roadmap-settings";

export type CompanyDepot = DepotRoadmap & {
  spend: YearSpend[];
  connectionEstimated: boolean;
  /** The present connection and each offer, year by year (issue 60); empty without offers. */
  offers: ComparedConnection[];
};

export type CompanyRoadmap = {
  years: number[];
  depots: CompanyDepot[];
  spendByYear: (Omit<YearSpend, "vehiclesBought" | "chargersBought"> & { capitalPounds: number })[];
  cumulative: ReturnType<typeof cumulative>;
  phaseOut: RoadmapSettings["phaseOut"];
};

export function companyRoadmap(
  depots: RoadmapDepot[],
  settings: RoadmapSettings,
  today: string,
  resultOf: (key: string) => DepotYear,
): CompanyRoadmap {
  const thisYear = Number(today.slice(0, 4));
  const years = roadmapYears(settings, thisYear);
  const planned = depots.map((depot): CompanyDepot => {
    const roadmap = depotRoadmap(depot, settings, today, resultOf);
    if (!depot.inputs) return { ...roadmap, spend: [], connectionEstimated: true, offers: [] };
    const inputs = depot.inputs;
    const replacements = replacementsOf(depot, settings, thisYear);
    const { years: spend, connectionEstimated } = depotSpend(
      roadmap,
      inputs,
      replacements,
      (year) => {
        const fleet = fleetInYear(inputs, replacements, year);
        return fleet.length ? resultOf(depotYearKey(depot, fleet)) : null;
      },
      upgradeOf(depot.application, depot.offers ?? [], inputs)?.quotePounds ?? null,
    );
    const offers = compareConnections(depot, roadmap, spend, settings, resultOf);
    return { ...roadmap, spend, connectionEstimated, offers };
  });
  const spendByYear = years.map((year) => {
    const all = planned.flatMap((d) => d.spend.filter((s) => s.year === year));
    const sum = (pick: (s: YearSpend) => number) => all.reduce((total, s) => total + pick(s), 0);
    return {
      year,
      vehiclesPounds: sum((s) => s.vehiclesPounds),
      chargersPounds: sum((s) => s.chargersPounds),
      connectionPounds: sum((s) => s.connectionPounds),
      batteryPounds: sum((s) => s.batteryPounds),
      runningPounds: sum((s) => s.runningPounds),
      dieselPounds: sum((s) => s.dieselPounds),
      capitalPounds: sum(capitalOf),
    };
  });
  return {
    years,
    depots: planned.sort(byUrgency),
    spendByYear,
    cumulative: cumulative(spendByYear.map((y) => ({ ...y, vehiclesBought: 0, chargersBought: [] }))),
    phaseOut: settings.phaseOut,
  };
}

/** A connection's urgency: an apply-by date (passed first, then soonest), a late quote, then the rest by their first electric year. */
function urgency(depot: CompanyDepot): [number, string] {
  const firstElectric = depot.years.find((y) => y.electric > 0)?.year ?? 9999;
  const flag = depot.flag;
  if (flag.kind === "apply-by") return [flag.late ? 0 : 1, flag.applyBy];
  if (flag.kind === "quoted-late") return [2, flag.energisedBy];
  if (!depot.planned) return [5, ""];
  return [flag.kind === "quoted-in-time" ? 3 : 4, String(firstElectric)];
}

function byUrgency(a: CompanyDepot, b: CompanyDepot): number {
  const [ra, ka] = urgency(a);
  const [rb, kb] = urgency(b);
  return ra - rb || ka.localeCompare(kb) || a.name.localeCompare(b.name);
}
