import { settleChain, type Chain } from "./chain";
import { costOptimal } from "./cost-optimal";
import { applyMinimumPower } from "./min-power";
import { peakShaving } from "./peak-shaving";
import type { Pieces } from "./pieces";
import { prepare, type Prepared } from "./prepare";
import { delivered, zeroedRows, type Schedule } from "./schedule";
import { simulate } from "./simulate";
import { dispatchBattery, maxOf } from "./site-battery";
import type { Stay } from "./stays";
import { connectionFor, siteBill, summarise } from "./summarise";
import { settleLegally, settleRepeating, topUpShortStays } from "./top-up";
import { STRATEGIES, type PlanInput, type PlanResult, type Strategy, type StrategyResult } from "./types";
import { wholeBillHeadroom } from "./whole-bill";

/**
 * The charging-plan engine: turns a fleet's weekly duty into stays at the
 * depot, schedules them with four strategies, and reports the site load,
 * peak, energy, cost and shortfalls of each. Pure: no React, no database;
 * the server and the tests call it directly (decision 023).
 *
 * Time is a cycle of `days` × (1440 / stepMinutes) steps that repeats (a
 * typical day or week), so a vehicle that returns in the evening and leaves
 * in the morning charges across the end of the cycle, and the charge a
 * vehicle leaves its last stay with is what it starts the cycle with.
 */
/** How many times a simulated cycle is run again until every vehicle starts it as it ends: enough for a day's deficit to work through a week; a long horizon settles on its own. */
const cyclesFor = (days: number) => Math.max(2, Math.min(30, Math.ceil(60 / days)));
/**
 * Rounds of the planned strategies in which a deficit carried from one stay is passed on to the next (they stop as
 * soon as nothing changes): enough to settle a week. Over a long horizon three settle cost-optimal's, but left peak
 * shaving's year of the benchmark fleet with 7 vehicles leaving under target once walked to its repeating state;
 * six settle it (decision 034; six for cost-optimal too cost it 40 % more time for no vehicle more charged).
 */
const plannedRounds = (days: number, strategy: "cost-optimal" | "peak-shaving") =>
  days <= 7 ? 12 : strategy === "peak-shaving" ? 6 : 3;

/**
 * Whether the results carry every stay's schedule as sessions (the charts'
 * and the invariant checks' detail). A caller that keeps only the figures
 * (the plan worker, the charger sizing) asks for none: for a year of a fleet
 * they are some 70,000 objects made only to be dropped.
 */
export type PlanDetail = { sessions: boolean };

export function planCharging(
  input: PlanInput,
  only: readonly Strategy[] = STRATEGIES,
  detail: PlanDetail = { sessions: true },
): PlanResult {
  const prepared = prepare(input);
  return resultOf(
    prepared,
    only.map((strategy) => planStrategy(input, prepared, strategy, detail)),
  );
}

/** The cycle's figures every strategy shares, with the strategies' results. */
export function resultOf(prepared: Prepared, strategies: StrategyResult[]): PlanResult {
  const { steps, dt, limitKw, limit, price, building } = prepared;
  return {
    steps,
    stepHours: dt,
    limitKw,
    limitByStep: limit,
    priceByStep: price,
    buildingByStep: building,
    strategies,
  };
}

/**
 * One strategy on stays already prepared (prepare() is a fair share of a
 * long plan's time, and strategies only read what it made, so the four share
 * one; a caller that keeps only a summary of each holds one schedule at a time).
 */
export function planStrategy(
  input: PlanInput,
  prepared: Prepared,
  strategy: Strategy,
  detail: PlanDetail = { sessions: true },
): StrategyResult {
  const { steps, dt, building, price, limit, headroom, stays, vehicles, site, context } = prepared;
  const days = input.horizon.days;
  let lowerBoundKw: number | null = null;
  let tradeOff: StrategyResult["tradeOff"] = null;
  // The plan as rows of the schedule, or, from a simulation, as pieces (rows only when sessions are asked for).
  let plan: Schedule | Pieces;
  let chain: Chain;
  if (strategy === "uncontrolled" || strategy === "balanced") {
    const rows = detail.sessions ? zeroedRows(prepared.schedule) : undefined;
    const simulated = simulate(stays, vehicles, steps, dt, headroom, strategy, cyclesFor(days), rows);
    plan = rows ?? simulated.pieces;
    chain = simulated.chain;
  } else {
    const rows = zeroedRows(prepared.schedule);
    let planned: { schedule: Schedule; chain: Chain; suppliesMost?: boolean };
    if (strategy === "cost-optimal") {
      const capped = wholeBillHeadroom(input, prepared);
      tradeOff = capped.tradeOff;
      planned = costOptimal(stays, vehicles, steps, dt, capped.headroom, price, plannedRounds(days, strategy), rows);
    } else planned = peakShaving(stays, vehicles, site, plannedRounds(days, strategy), rows);
    if (strategy === "peak-shaving")
      lowerBoundKw = Math.max(maxOf(building, 0), (planned as ReturnType<typeof peakShaving>).lowerBoundKw);
    // The chain is made consistent with what was delivered, the chargers' floors applied from the charges then reached, and the chain settled again (keeping the floors as it clips).
    const { schedule } = planned;
    chain = planned.chain;
    const departures = settleChain(stays, vehicles, chain, schedule, dt, undefined, planned.suppliesMost);
    applyMinimumPower(stays, chain, schedule, site);
    settleLegally(stays, vehicles, chain, schedule, site, false);
    // What the floors or a carried deficit left short, where the charger, the curve and the connection allow.
    // (Where peak shaving's plan leaves some under their targets to supply the most driving, only as far as it meant them to leave with.)
    const leaveWith = planned.suppliesMost ? departures : undefined;
    topUpShortStays(stays, vehicles, chain, schedule, site, leaveWith);
    settleRepeating(stays, vehicles, chain, schedule, site, leaveWith);
    plan = schedule;
  }
  const stayKwh = new Float64Array(stays.length);
  const simulated = strategy === "uncontrolled" || strategy === "balanced";
  const result = summarise(strategy, stays, chain, plan, context, detail.sessions, stayKwh, simulated);
  let battery: StrategyResult["battery"] = null;
  let { siteKw, peakKw } = result;
  if (input.site.battery && strategy === "peak-shaving") {
    // The vehicles' plan is fixed first; the battery then takes what it can off the peak (the bound is for the vehicles' plan, so it no longer applies).
    const kw = dispatchBattery(siteKw, input.site.battery, dt, limit);
    battery = {
      kw,
      chargedKwh: kw.reduce((sum, x) => sum + Math.max(0, x) * dt, 0),
      dischargedKwh: kw.reduce((sum, x) => sum + Math.max(0, -x) * dt, 0),
      peakWithoutKw: peakKw,
    };
    siteKw = siteKw.map((load, t) => load + kw[t]!);
    peakKw = maxOf(siteKw, 0);
    lowerBoundKw = null;
  }
  const withBattery = battery ? recost(result, siteKw, peakKw, context) : result;
  return {
    ...withBattery,
    battery,
    peakLowerBoundKw: lowerBoundKw === null ? null : Math.min(lowerBoundKw, withBattery.peakKw),
    tradeOff,
    chargerUtilisation: utilisation(input, stays, stayKwh, steps * dt),
  };
}

/** A strategy's figures again after the site battery changed its load. */
function recost(
  result: ReturnType<typeof summarise>,
  siteKw: number[],
  peakKw: number,
  context: Parameters<typeof summarise>[4],
): ReturnType<typeof summarise> {
  const { dt, powerFactor: pf } = context;
  return {
    ...result,
    siteKw,
    peakKw,
    peakKva: peakKw / pf,
    energyKwh: delivered(siteKw, dt),
    cost: siteBill(siteKw, peakKw, context),
    ...connectionFor(peakKw, pf),
  };
}

/** Each charger's energy and use over the horizon, from each stay's energy (summarise). */
function utilisation(input: PlanInput, stays: Stay[], stayKwh: Float64Array, horizonHours: number) {
  // By each unit's place as listed (a map by name cost a year of a fleet some milliseconds).
  const perUnit = new Float64Array(input.chargers.reduce((sum, group) => sum + group.count, 0));
  for (let i = 0; i < stays.length; i++) if (stays[i]!.unit >= 0) perUnit[stays[i]!.unit]! += stayKwh[i]!;
  let listed = 0;
  return input.chargers.flatMap((group) =>
    Array.from({ length: group.count }, (_, k) => {
      const id = group.count === 1 ? group.name : `${group.name} ${k + 1}`;
      const energy = perUnit[listed++]!;
      return { charger: id, energyKwh: energy, utilisationPct: (energy / (group.powerKw * horizonHours)) * 100 };
    }),
  );
}
