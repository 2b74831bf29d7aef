import { z } from "zod";

import {
  SHORTFALL_REASONS,
  STRATEGIES,
  type PlanInput,
  type PlanResult,
  type StrategyResult,
} from "~/features/charging-engine";

/**
 * What is kept of a plan: every figure the Charging Plan tab and the report
 * show, without the per-session schedules (a year at 15 minutes for 200
 * vehicles is millions of numbers). Load curves are kept as a typical day
 * (the highest load at each time of day over the horizon) and as the horizon
 * reduced to at most HORIZON_POINTS points, each the highest load of its
 * stretch, so no peak is lost in either chart.
 */
export const HORIZON_POINTS = 672;
/** Steps a plan reports progress in: the four strategies, then sizing the chargers. */
export const PLAN_STEPS = STRATEGIES.length + 1;
/** Vehicles listed by name with their shortfall (the rest are counted). */
export const LISTED_SHORTFALLS = 50;

const kwSeries = z.array(z.number());

/**
 * What is stored of a plan, as a schema: a result read back from the database
 * is checked against it (plan-store), so a row written by an older version
 * shows as "run the plan again", never as a broken page.
 */
const strategySummarySchema = z.object({
  strategy: z.enum(STRATEGIES),
  peakKw: z.number(),
  peakKva: z.number(),
  /** Peak shaving: the least peak any plan delivering as much could have (equal to peakKw when proven optimal). Absent in results saved before it existed. */
  peakLowerBoundKw: z.number().nullable().default(null),
  energyKwh: z.number(),
  chargingEnergyKwh: z.number(),
  cost: z.object({
    energyPounds: z.number(),
    standingPounds: z.number(),
    capacityPounds: z.number(),
    totalPounds: z.number(),
  }),
  /** The horizon's total cost scaled to 365 days. */
  annualPounds: z.number(),
  recommendedConnectionKva: z.number(),
  transformerKva: z.number().nullable(),
  vehiclesShort: z.number(),
  shortfallKwh: z.number(),
  /** Energy trips needed beyond what the batteries held when they left (top-ups on the road). */
  topUpKwh: z.number().default(0),
  shortfalls: z.array(
    z.object({
      vehicle: z.string(),
      shortfallKwh: z.number(),
      reasons: z.array(z.enum(SHORTFALL_REASONS)),
    }),
  ),
  meanChargerUtilisationPct: z.number(),
  /** What the site battery did (peak shaving only). */
  battery: z.object({ chargedKwh: z.number(), dischargedKwh: z.number(), peakWithoutKw: z.number() }).nullable(),
  typicalDayKw: kwSeries,
  horizonKw: kwSeries,
  /** Cost-optimal's search: yearly bill against the peak for each cap it tried (absent in older results). */
  tradeOff: z.array(z.object({ peakKw: z.number(), poundsPerYear: z.number() })).default([]),
  /** The highest load of each day of the horizon (the year at a glance); absent in results saved before it. */
  dailyPeakKw: kwSeries.default([]),
});
export type StrategySummary = z.infer<typeof strategySummarySchema>;

/** The fewest chargers the fleet needs (engine/sizing.ts), and how each strategy does with them. */
const sizingSchema = z.object({
  chargers: z.array(
    z.object({ powerKw: z.number(), kind: z.enum(["AC", "DC"]), pricePounds: z.number(), count: z.number() }),
  ),
  capitalPounds: z.number(),
  /** Counted with vehicles moved off at their groups' swap times (one charger serving one vehicle after another). */
  rotation: z.boolean().default(false),
  unreachable: z.array(
    z.object({
      group: z.string(),
      reason: z.enum(["time", "charger", "battery"]),
      neededKwh: z.number(),
      mostKwh: z.number(),
      hours: z.number(),
    }),
  ),
  strategies: z.array(
    z.object({
      strategy: z.enum(STRATEGIES),
      peakKw: z.number(),
      totalPounds: z.number(),
      vehiclesShort: z.number(),
      recommendedConnectionKva: z.number(),
    }),
  ),
});
export type SizingSummary = z.infer<typeof sizingSchema>;

/** The business case against diesel (business-case.ts), as stored. */
const businessCaseResultSchema = z.object({
  types: z.array(
    z.object({
      typeId: z.string(),
      name: z.string(),
      vehicles: z.number(),
      kmPerYear: z.number(),
      evPoundsPerVehicle: z.number(),
      dieselPoundsPerVehicle: z.number(),
      evPencePerKm: z.number(),
      dieselPencePerKm: z.number(),
    }),
  ),
  site: z.object({
    chargersPounds: z.number(),
    connectionPounds: z.number(),
    connectionEstimated: z.boolean(),
    transformerPounds: z.number(),
    grantPounds: z.number(),
  }),
  cumulativeEv: z.array(z.number()),
  cumulativeDiesel: z.array(z.number()),
  netPresentValuePounds: z.number(),
  paybackYear: z.number().nullable(),
  co2eTonnesSavedPerYear: z.number(),
  dieselLitresPerYear: z.number(),
  strategy: z.enum(STRATEGIES),
  electricityPoundsPerYear: z.number(),
  chargersFrom: z.enum(["plan", "sizing"]),
  years: z.number(),
  discountRatePct: z.number(),
  co2FactorsYear: z.number(),
});
export type BusinessCaseSummary = z.infer<typeof businessCaseResultSchema>;

export const planSummarySchema = z.object({
  computedAt: z.string(),
  durationMs: z.number(),
  days: z.number(),
  stepMinutes: z.number(),
  vehicles: z.number(),
  chargers: z.number(),
  limitKw: z.number(),
  connectionKva: z.number(),
  powerFactor: z.number(),
  /** Minutes each point of horizonKw covers. */
  horizonPointMinutes: z.number(),
  typicalDayBuildingKw: kwSeries,
  strategies: z.array(strategySummarySchema),
  /** Absent in results saved before sizing existed. */
  sizing: sizingSchema.nullable().default(null),
  /** Absent in results saved before the business case existed. */
  businessCase: businessCaseResultSchema.nullable().default(null),
});
export type PlanSummary = z.infer<typeof planSummarySchema>;

/** A day as the network sees it: at each time of day, the highest load on any day of the horizon (so weekends never hide a weekday's peak). */
function typicalDay(series: number[], stepsPerDay: number): number[] {
  const days = series.length / stepsPerDay;
  return Array.from({ length: stepsPerDay }, (_, k) => {
    let max = 0;
    for (let day = 0; day < days; day++) max = Math.max(max, series[day * stepsPerDay + k]!);
    return max;
  });
}

function reduceToPeaks(series: number[], per: number): number[] {
  const out: number[] = [];
  for (let i = 0; i < series.length; i += per) {
    let max = -Infinity;
    for (let k = i; k < Math.min(series.length, i + per); k++) max = Math.max(max, series[k]!);
    out.push(max);
  }
  return out;
}

const round = (value: number, places = 3) => Math.round(value * 10 ** places) / 10 ** places;

export function summariseStrategy(input: PlanInput, result: PlanResult, strategy: StrategyResult): StrategySummary {
  const stepsPerDay = 1440 / input.horizon.stepMinutes;
  const per = Math.max(1, Math.ceil(result.steps / HORIZON_POINTS));
  const short = strategy.vehicles.filter((v) => v.shortfallKwh > 1e-6).sort((a, b) => b.shortfallKwh - a.shortfallKwh);
  const utilisation = strategy.chargerUtilisation;
  return {
    strategy: strategy.strategy,
    peakKw: strategy.peakKw,
    peakKva: strategy.peakKva,
    peakLowerBoundKw: strategy.peakLowerBoundKw,
    energyKwh: strategy.energyKwh,
    chargingEnergyKwh: strategy.chargingEnergyKwh,
    cost: strategy.cost,
    annualPounds: (strategy.cost.totalPounds * 365) / input.horizon.days,
    recommendedConnectionKva: strategy.recommendedConnectionKva,
    transformerKva: strategy.transformerKva,
    vehiclesShort: short.length,
    shortfallKwh: short.reduce((sum, v) => sum + v.shortfallKwh, 0),
    topUpKwh: strategy.vehicles.reduce((sum, v) => sum + v.topUpKwh, 0),
    shortfalls: short
      .slice(0, LISTED_SHORTFALLS)
      .map((v) => ({ vehicle: v.vehicle, shortfallKwh: v.shortfallKwh, reasons: v.reasons })),
    meanChargerUtilisationPct: utilisation.length
      ? utilisation.reduce((sum, c) => sum + c.utilisationPct, 0) / utilisation.length
      : 0,
    battery: strategy.battery
      ? {
          chargedKwh: strategy.battery.chargedKwh,
          dischargedKwh: strategy.battery.dischargedKwh,
          peakWithoutKw: strategy.battery.peakWithoutKw,
        }
      : null,
    typicalDayKw: typicalDay(strategy.siteKw, stepsPerDay).map((kw) => round(kw)),
    horizonKw: reduceToPeaks(strategy.siteKw, per).map((kw) => round(kw)),
    dailyPeakKw: reduceToPeaks(strategy.siteKw, stepsPerDay).map((kw) => round(kw)),
    tradeOff: strategy.tradeOff ?? [],
  };
}

export function summarisePlan(
  input: PlanInput,
  result: PlanResult,
  strategies: StrategySummary[],
  durationMs: number,
  sizing: SizingSummary | null = null,
): PlanSummary {
  const stepsPerDay = 1440 / input.horizon.stepMinutes;
  return {
    computedAt: new Date().toISOString(),
    durationMs: Math.round(durationMs),
    days: input.horizon.days,
    stepMinutes: input.horizon.stepMinutes,
    vehicles: input.vehicles.reduce((sum, g) => sum + g.count, 0),
    chargers: input.chargers.reduce((sum, c) => sum + c.count, 0),
    limitKw: result.limitKw,
    connectionKva: input.site.connectionKva,
    powerFactor: input.site.powerFactor,
    horizonPointMinutes: Math.max(1, Math.ceil(result.steps / HORIZON_POINTS)) * input.horizon.stepMinutes,
    typicalDayBuildingKw: typicalDay(result.buildingByStep, stepsPerDay).map((kw) => round(kw)),
    strategies,
    sizing,
    businessCase: null,
  };
}
