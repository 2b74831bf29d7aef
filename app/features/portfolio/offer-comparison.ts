/**
 * A depot's connection offers side by side through the roadmap (issue 60, item 3): when each comes, what it costs,
 * the vehicles it charges in full each year (the present connection's until it is energised), the shortfall risk
 * and battery its outlook found on the depot's plan, and the money against staying diesel by the roadmap's end.
 * The present connection is the first column: what waiting means. Pure.
 */
import type { OfferKind } from "~/features/connections";

import { depotYearKey, inForceFrom, replacementsOf, type DepotRoadmap, type RoadmapDepot } from "./build-roadmap";
import type { DepotYear } from "./depot-year";
import { fleetInYear } from "./depot-years";
import { comparedConnections } from "./offer-years";
import { capitalOf, type YearSpend } from "./roadmap-costs";
import type { RoadmapSettings } from "./roadmap-settings";

export type ComparedConnection = {
  /** The offer's id; null for the present connection. */
  id: number | null;
  name: string;
  kind: OfferKind | "present";
  operator: string | null;
  costPounds: number;
  energiseOn: string | null;
  chosen: boolean;
  /** Each roadmap year: its electric vehicles and those this connection charges in full. */
  years: { year: number; electric: number; served: number }[];
  /** The first year a vehicle is left short, or null when none is. */
  firstShortYear: number | null;
  /** On the depot's plan, once worked out on the connection page: its worst and one-in-ten shortfall. */
  risk: { vehiclesShort: number; shortKwh: number; oneInTenKwh: number | null } | null;
  /** The site battery that covers the worst curtailment on the depot's plan, priced by the roadmap's settings. */
  battery: { powerKw: number; energyKwh: number; pounds: number } | null;
  /** To the roadmap's last year: staying diesel's cost less the transition's with this connection (£). */
  againstDieselPounds: number;
};

export function compareConnections(
  depot: RoadmapDepot,
  roadmap: DepotRoadmap,
  spend: readonly YearSpend[],
  settings: RoadmapSettings,
  resultOf: (key: string) => DepotYear,
): ComparedConnection[] {
  const inputs = depot.inputs;
  const offers = depot.offers ?? [];
  if (!inputs || offers.length === 0) return [];
  const thisYear = roadmap.years[0]?.year ?? 0;
  const lastYear = roadmap.years.at(-1)?.year ?? thisYear;
  const replacements = replacementsOf(depot, settings, thisYear);
  const connections = comparedConnections(inputs, offers);
  // The transition's spend but its connection and battery, which each column puts in for itself.
  const rest = spend.reduce((sum, y) => sum + capitalOf(y) - y.connectionPounds - y.batteryPounds + y.runningPounds, 0);
  const diesel = spend.reduce((sum, y) => sum + y.dieselPounds, 0);
  const shortUnder = (year: number, connectionKey: string) => {
    const fleet = fleetInYear(inputs, replacements, year);
    return fleet.length ? resultOf(`${depotYearKey(depot, fleet)}|${connectionKey}`).vehiclesShort : 0;
  };
  const present = connections[0]!;
  return connections.map(({ id, key }) => {
    const offer = offers.find((o) => o.id === id) ?? null;
    const from = offer ? inForceFrom(offer.energiseOn) : thisYear;
    const years = roadmap.years.map(({ year, electric }) => ({
      year,
      electric,
      served: electric - shortUnder(year, year >= from ? key : present.key),
    }));
    const curtailment = offer?.outlook?.curtailment ?? null;
    const battery = curtailment?.battery
      ? {
          ...curtailment.battery,
          pounds:
            curtailment.battery.energyKwh * settings.battery.poundsPerKwh +
            curtailment.battery.powerKw * settings.battery.poundsPerKw,
        }
      : null;
    const outlook = offer?.outlook ?? null;
    const worst = curtailment?.worst ?? outlook?.base ?? null;
    const costPounds = offer && from <= lastYear ? offer.costPounds : 0;
    return {
      id,
      name: offer?.name ?? "The present connection",
      kind: offer?.shape.kind ?? "present",
      operator: offer?.operator ?? null,
      costPounds: offer?.costPounds ?? 0,
      energiseOn: offer?.energiseOn ?? null,
      chosen: offer?.chosen ?? false,
      years,
      firstShortYear: years.find((y) => y.served < y.electric)?.year ?? null,
      risk: worst && {
        vehiclesShort: worst.vehiclesShort,
        shortKwh: worst.shortKwh,
        oneInTenKwh: curtailment ? curtailment.oneInTenKwh : null,
      },
      battery,
      againstDieselPounds: diesel - rest - costPounds - (battery?.pounds ?? 0),
    };
  });
}
