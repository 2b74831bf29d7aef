/**
 * What the roadmap costs, year by year, against staying diesel (issue 33),
 * in today's prices (not discounted: a budget by year reads in pounds of the
 * year it is spent). The figures per vehicle are the business case's
 * (business-case.ts): each replaced vehicle is bought electric (less its
 * grant) where the diesel path buys diesel; electric vehicles run on the
 * depot-year's electricity from the engine plus their maintenance and duty,
 * the rest on diesel. The depot's spend adds the chargers the sizing asks
 * for beyond those already bought, the connection upgrade in the year it
 * comes into force (the quote, or an estimate per kVA that says so) and a
 * bridging battery when the upgrade is late.
 */
import {
  annualKmByGroup,
  defaultBusinessCase,
  dieselRunningPounds,
  economicsOf,
  evRunningPounds,
  type PlanRequest,
} from "~/features/planning";

import type { DepotRoadmap } from "./build-roadmap";
import type { DepotYear } from "./depot-year";
import { electricInYear, type GroupReplacement } from "./roadmap";

export type YearSpend = {
  year: number;
  vehiclesPounds: number;
  chargersPounds: number;
  connectionPounds: number;
  batteryPounds: number;
  /** Running the fleet this year: electricity and diesel, maintenance and duty. */
  runningPounds: number;
  /** The same fleet staying diesel: its replacements bought diesel, and run. */
  dieselPounds: number;
  /** Vehicles bought electric this year, chargers bought this year. */
  vehiclesBought: number;
  chargersBought: { kind: "AC" | "DC"; powerKw: number; count: number }[];
};

export function depotSpend(
  roadmap: DepotRoadmap,
  inputs: PlanRequest,
  replacements: ReadonlyMap<string, GroupReplacement>,
  resultOf: (year: number) => DepotYear | null,
  quotePounds: number | null,
): { years: YearSpend[]; connectionEstimated: boolean } {
  const economics = inputs.businessCase ?? defaultBusinessCase(inputs);
  const km = annualKmByGroup(inputs);
  const typeOf = new Map(inputs.vehicleTypes.map((t) => [t.id, t]));
  const perType = new Map(economics.vehicles.map((v) => [v.typeId, v]));
  const economicsFor = (typeId: string) => perType.get(typeId) ?? economicsOf(typeOf.get(typeId)!);
  const owned = new Map<string, number>();
  // The upgrade: the quote, else the kVA it adds at the business case's price per kVA (an estimate, and said so).
  const connectionPounds =
    quotePounds ??
    Math.max(0, (roadmap.neededKva ?? 0) - roadmap.connectionKva) * economics.site.connectionPoundsPerKva;
  const upgradeYear = roadmap.upgradeYear;
  const years = roadmap.years.map((row): YearSpend => {
    let vehiclesPounds = 0;
    let dieselPounds = 0;
    let runningPounds = resultOf(row.year)?.electricityPoundsPerYear ?? 0;
    let vehiclesBought = 0;
    for (const group of inputs.vehicles) {
      const set = replacements.get(group.id)!;
      const e = economicsFor(group.typeId);
      const electric = electricInYear(set, row.year);
      const bought = electric - electricInYear(set, row.year - 1);
      const perVehicleKm = km.get(group.id) ?? 0;
      vehiclesBought += bought;
      vehiclesPounds += bought * Math.max(0, e.evPricePounds - e.evGrantPounds);
      dieselPounds +=
        bought * e.dieselPricePounds +
        dieselRunningPounds(e, perVehicleKm * group.count, group.count, economics.fuelPencePerLitre);
      runningPounds +=
        evRunningPounds(e, perVehicleKm * electric, electric) +
        dieselRunningPounds(
          e,
          perVehicleKm * (group.count - electric),
          group.count - electric,
          economics.fuelPencePerLitre,
        );
    }
    const chargersBought = row.chargers.flatMap((c) => {
      const key = `${c.kind}-${c.powerKw}`;
      const more = c.count - (owned.get(key) ?? 0);
      if (more <= 0) return [];
      owned.set(key, c.count);
      return [{ kind: c.kind, powerKw: c.powerKw, count: more, pricePounds: c.pricePounds }];
    });
    const battery = roadmap.bridge && roadmap.bridge.years[0] === row.year ? roadmap.bridge.pounds : 0;
    return {
      year: row.year,
      vehiclesPounds,
      chargersPounds: chargersBought.reduce((sum, c) => sum + c.count * c.pricePounds, 0),
      connectionPounds: row.year === upgradeYear ? Math.max(0, connectionPounds) : 0,
      batteryPounds: battery,
      runningPounds,
      dieselPounds,
      vehiclesBought,
      chargersBought: chargersBought.map(({ kind, powerKw, count }) => ({ kind, powerKw, count })),
    };
  });
  return { years, connectionEstimated: quotePounds === null };
}

/** The transition's spend in a year, all of it: what the spend-by-year chart stacks. */
export const capitalOf = (y: YearSpend) => y.vehiclesPounds + y.chargersPounds + y.connectionPounds + y.batteryPounds;

/** Each year's cumulative cost of the transition and of staying diesel, from the first year. */
export function cumulative(years: readonly YearSpend[]) {
  let transition = 0;
  let diesel = 0;
  return years.map((y) => {
    transition += capitalOf(y) + y.runningPounds;
    diesel += y.dieselPounds;
    return { year: y.year, transitionPounds: transition, dieselPounds: diesel };
  });
}
