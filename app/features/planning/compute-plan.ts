import {
  DEFAULT_CATALOGUE,
  planStrategy,
  prepare,
  resultOf,
  siteBill,
  sizeChargers,
  STRATEGIES,
  type CatalogueCharger,
  type ChargerGroup,
  type PlanResult,
} from "~/features/charging-engine";

import { annualKmByGroup, businessCase, type PlanFigures } from "./business-case";
import { defaultBusinessCase } from "./business-case-defaults";
import type { PlanRequest } from "./plan-input";
import { recommendedStrategy } from "./plan-labels";
import { PLAN_STEPS, summarisePlan, summariseStrategy, type PlanSummary, type StrategySummary } from "./plan-summary";

/**
 * Runs every strategy one after the other, reporting after each, and keeps
 * only the summary of each (so a year-long plan never holds four full
 * schedules at once); then sizes the chargers the fleet needs and works out
 * the business case against diesel. Used by the worker thread and, where
 * there is no built worker (development, unit tests), in the calling thread.
 */
export function computePlan(input: PlanRequest, onProgress: (done: number) => void): PlanSummary {
  const started = performance.now();
  const { shared, strategies } = everyStrategy(input, onProgress);
  const catalogue = input.chargerCatalogue ?? DEFAULT_CATALOGUE;
  // Checked under peak shaving: its sized outcome is what the page and the report show, and which unit each
  // vehicle gets does not depend on the strategy (one run, not four, for a year of a fleet).
  const sizing = sizeChargers(input, catalogue, ["peak-shaving"]);
  onProgress(PLAN_STEPS);
  const summary = summarisePlan(input, shared, strategies, performance.now() - started, sizing);
  const economics = input.businessCase ?? defaultBusinessCase(input);
  const figures = planFigures(input, summary, shared, catalogue);
  return {
    ...summary,
    businessCase: {
      ...businessCase(input, economics, figures),
      strategy: figures.strategy,
      electricityPoundsPerYear: figures.electricityPoundsPerYear,
      chargersFrom: figures.chargersFrom,
      years: economics.years,
      discountRatePct: economics.discountRatePct,
      co2FactorsYear: economics.co2.factorsYear,
    },
  };
}

/**
 * The four strategies on one preparation (the stays and their chargers),
 * each result dropped once summarised; the stays go when this returns, so a
 * long plan does not hold them while the sizing makes its own.
 */
function everyStrategy(input: PlanRequest, onProgress: (done: number) => void) {
  const prepared = prepare(input);
  const strategies: StrategySummary[] = [];
  const shared = resultOf(prepared, []);
  for (const strategy of STRATEGIES) {
    strategies.push(summariseStrategy(input, shared, planStrategy(input, prepared, strategy, { sessions: false })));
    onProgress(strategies.length);
  }
  return { shared, strategies };
}

/**
 * What the business case takes from the plan: the vehicles' electricity under
 * the recommended strategy for a year (the site's energy and capacity charges
 * less the building's own), and the depot it needs — the plan's chargers when
 * every vehicle is charged with them, otherwise the sized ones.
 */
function planFigures(input: PlanRequest, summary: PlanSummary, result: PlanResult, catalogue: CatalogueCharger[]) {
  const best = recommendedStrategy(summary);
  const year = 365 / input.horizon.days;
  const building = buildingBill(input, result);
  // When vehicles are short with the plan's chargers, the business case is for the fleet with the chargers it needs (sized, under peak shaving).
  const sized = summary.sizing && summary.sizing.chargers.length > 0 && best.vehiclesShort > 0 ? summary.sizing : null;
  const sizedCheck = sized?.strategies.find((s) => s.strategy === "peak-shaving") ?? null;
  const vehiclesPounds = sizedCheck
    ? sizedCheck.totalPounds - building.totalPounds
    : best.cost.energyPounds - building.energyPounds + (best.cost.capacityPounds - building.capacityPounds);
  const figures: PlanFigures & { strategy: typeof best.strategy; chargersFrom: "plan" | "sizing" } = {
    strategy: sizedCheck ? sizedCheck.strategy : best.strategy,
    electricityPoundsPerYear: Math.max(0, vehiclesPounds) * year,
    // The energy the fleet's trips take, drawn from the grid: every vehicle electric, whether or not today's plan charges it all.
    chargingKwhPerYear: fleetKwhPerYear(input) / input.site.chargingEfficiency,
    chargersPounds: sized ? sized.capitalPounds : priced(input.chargers, catalogue),
    connectionKva: sizedCheck ? sizedCheck.recommendedConnectionKva : best.recommendedConnectionKva,
    chargersFrom: sized ? "sizing" : "plan",
  };
  return figures;
}

/** What the building alone would pay over the horizon: the vehicles' electricity is the site's bill less this. */
export function buildingBill(input: PlanRequest, result: PlanResult) {
  return siteBill(
    result.buildingByStep,
    result.buildingByStep.reduce((max, kw) => Math.max(max, kw), 0),
    {
      dt: result.stepHours,
      price: result.priceByStep,
      days: input.horizon.days,
      powerFactor: input.site.powerFactor,
      tariff: input.tariff,
    },
  );
}

function fleetKwhPerYear(input: PlanRequest): number {
  const km = annualKmByGroup(input);
  return input.vehicles.reduce((sum, g) => {
    const type = input.vehicleTypes.find((t) => t.id === g.typeId);
    return sum + g.count * km.get(g.id)! * (type?.consumptionKwhPerKm ?? 0);
  }, 0);
}

/** The plan's chargers at catalogue prices (each at the least powerful catalogue charger at least as powerful, or the most powerful). */
function priced(chargers: ChargerGroup[], list: CatalogueCharger[]): number {
  const catalogue = [...list].sort((a, b) => a.powerKw - b.powerKw);
  return chargers.reduce((sum, c) => {
    const item = catalogue.find((k) => k.powerKw >= c.powerKw) ?? catalogue.at(-1)!;
    return sum + c.count * item.pricePounds;
  }, 0);
}
