/**
 * One depot-year of the roadmap: the year's fleet sized and planned by the
 * engine. The charger sizing gives the fewest chargers that charge every
 * vehicle, and its check under peak shaving gives the managed peak: the
 * lowest the site can draw while charging them. The connection is lifted
 * for this (to the schema's largest), so the peak is what the fleet needs,
 * not what today's connection allows; the roadmap then compares it with the
 * connection (and any quoted upgrade) without planning again.
 */
import { z } from "zod";

import { DEFAULT_CATALOGUE, sizeChargersWithPlan } from "~/features/charging-engine";
import { buildingBill, type PlanRequest } from "~/features/planning";

/** The schema's largest connection: high enough never to bind, so peak shaving finds the fleet's own lowest peak. */
const UNBOUNDED_KVA = 100_000;

export const depotYearSchema = z.object({
  chargers: z.array(
    z.object({ kind: z.enum(["AC", "DC"]), powerKw: z.number(), count: z.number().int(), pricePounds: z.number() }),
  ),
  chargersPounds: z.number(),
  /** The site's managed peak (building and charging), kW. */
  peakKw: z.number(),
  /** Vehicles short whatever the connection: their stays, chargers or batteries cannot do it. */
  vehiclesShort: z.number().int(),
  /** The vehicles' electricity for a year (the site's bill less the building's), £. */
  electricityPoundsPerYear: z.number(),
  /** The site's load over the week from its peak day (the whole horizon when shorter), kW per step: what a bridging battery is sized on. */
  loadKw: z.array(z.number()),
  stepHours: z.number(),
});
export type DepotYear = z.infer<typeof depotYearSchema>;

export const NO_VEHICLES: DepotYear = {
  chargers: [],
  chargersPounds: 0,
  peakKw: 0,
  vehiclesShort: 0,
  electricityPoundsPerYear: 0,
  loadKw: [],
  stepHours: 1,
};

/**
 * A connection a depot-year is planned under, instead of lifted (issue 60): an offer's, or the present one, as the
 * roadmap compares them. Its limit by step repeats over the plan's horizon (a profile's tighter season).
 */
export type UnderConnection = { connectionKva: number; connectionKvaByStep?: number[] };
export type DepotYearRequest = PlanRequest & { underConnection?: UnderConnection };

export function planDepotYear(input: DepotYearRequest): DepotYear {
  const { underConnection, ...request } = input;
  const asPlanned: PlanRequest & { site: { connectionKvaByStep?: number[] } } = {
    ...request,
    site: { ...request.site, ...(underConnection ?? { connectionKva: UNBOUNDED_KVA }) },
  };
  const { sizing, plan } = sizeChargersWithPlan(asPlanned, input.chargerCatalogue ?? DEFAULT_CATALOGUE, [
    "peak-shaving",
  ]);
  const shaved = plan?.strategies[0];
  if (!plan || !shaved) return NO_VEHICLES;
  const building = buildingBill(asPlanned, plan);
  const stepsPerDay = Math.round(24 / plan.stepHours);
  const peakStep = shaved.siteKw.indexOf(Math.max(...shaved.siteKw));
  const from = Math.floor(peakStep / stepsPerDay) * stepsPerDay;
  const week = Array.from(
    { length: Math.min(shaved.siteKw.length, 7 * stepsPerDay) },
    (_, i) => Math.round(shaved.siteKw[(from + i) % shaved.siteKw.length]! * 10) / 10,
  );
  return {
    chargers: sizing.chargers.map(({ kind, powerKw, count, pricePounds }) => ({ kind, powerKw, count, pricePounds })),
    chargersPounds: sizing.capitalPounds,
    peakKw: shaved.peakKw,
    vehiclesShort: shaved.vehicles.filter((v) => v.shortfallKwh > 1e-6).length,
    electricityPoundsPerYear:
      (Math.max(0, shaved.cost.totalPounds - building.totalPounds) * 365) / asPlanned.horizon.days,
    loadKw: week,
    stepHours: plan.stepHours,
  };
}
