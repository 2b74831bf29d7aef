import type { Chain } from "./chain";
import { powerAt, reachesKwh } from "./curve";
import { Pieces } from "./pieces";
import { readPieces, readSchedule } from "./read-plan";
import { delivered as energyOf, type Schedule } from "./schedule";
import { maxOf } from "./site-battery";
import type { Stay } from "./stays";
import type { ShortfallReason, StrategyResult, VehicleResult } from "./types";

/** Standard transformer sizes (kVA), from the domain notes. */
export const TRANSFORMER_SIZES_KVA = [200, 315, 500, 800, 1000, 1250, 1600, 2000, 2500];
/** Headroom on top of the planned peak when asking for a connection. */
export const CONNECTION_MARGIN = 0.2;
const TRANSFORMER_LOADING = 0.8;

export function transformerFor(peakKw: number, powerFactor: number): number | null {
  const needed = peakKw / powerFactor / TRANSFORMER_LOADING;
  return TRANSFORMER_SIZES_KVA.find((size) => size >= needed) ?? null;
}

/** What the bill needs: the steps' length and prices, the horizon, the power factor and the tariff's fixed charges. */
export type BillContext = {
  dt: number;
  price: number[];
  days: number;
  powerFactor: number;
  tariff: { standingPencePerDay: number; capacityPencePerKvaPerMonth: number };
};

/**
 * The site's bill over the horizon for a load (kW at each step): energy by
 * tariff band, the standing charge per day, and the capacity charge per kVA
 * per month on the connection its peak needs (the one place this is worked
 * out: the strategies, the site battery, the whole-bill search and the
 * business case all use it).
 */
export function siteBill(load: ArrayLike<number>, peakKw: number, context: BillContext) {
  let energyPounds = 0;
  for (let t = 0; t < load.length; t++) energyPounds += (load[t]! * context.dt * context.price[t]!) / 100;
  const months = (context.days * 12) / 365;
  const standingPounds = (context.tariff.standingPencePerDay * context.days) / 100;
  const capacityPounds =
    ((peakKw / context.powerFactor) * (1 + CONNECTION_MARGIN) * context.tariff.capacityPencePerKvaPerMonth * months) /
    100;
  return { energyPounds, standingPounds, capacityPounds, totalPounds: energyPounds + standingPounds + capacityPounds };
}

/** The connection to ask for (peak kVA plus the margin, to 10 kVA) and the transformer for a peak. */
export const connectionFor = (peakKw: number, powerFactor: number) => ({
  recommendedConnectionKva: Math.ceil(((peakKw / powerFactor) * (1 + CONNECTION_MARGIN)) / 10) * 10,
  transformerKva: transformerFor(peakKw, powerFactor),
});

export type Context = {
  steps: number;
  dt: number;
  building: number[];
  limitKw: number;
  /** The connection's limit at each step (limitKw throughout unless it changes with time). */
  limit: number[];
  efficiency: number;
};

/**
 * Why a stay left under its target, from what actually bound: first what the
 * stay could have had on its own (its time, the vehicle's curve, the charger
 * it got or waited for), then what the site did (the connection at its limit
 * while the vehicle could have taken more, and whether the building's own
 * load was most of it).
 */
export function shortfallReasons(
  stay: Stay,
  arrivalKwh: number,
  needKwh: number,
  kw: Float64Array,
  siteKw: number[],
  context: Context,
): ShortfallReason[] {
  const { steps, dt, building, limit } = context;
  if (!stay.charger) return ["charger"];
  const reaches = (limits: Pick<Stay, "capKw" | "curve" | "batteryKwh">, length = stay.length) =>
    reachesKwh(limits, arrivalKwh, stay.targetKwh, length, dt, needKwh);
  if (!reaches(stay)) {
    if (stay.waitedSteps > 0 && reaches(stay, stay.length + stay.waitedSteps)) return ["charger"];
    if (stay.chargerKw < stay.vehicleMaxKw && reaches({ ...stay, capKw: stay.vehicleMaxKw })) return ["charger-power"];
    if (stay.curve && reaches({ ...stay, curve: null })) return ["curve"];
    return ["time"];
  }
  let bound = false;
  let buildingHeavy = false;
  let soc = arrivalKwh;
  for (let k = 0; k < stay.length; k++) {
    const t = (stay.start + k) % steps;
    const couldTake = Math.min(powerAt(stay, soc), (stay.targetKwh - soc) / dt);
    const limitKw = limit[t]!;
    if (siteKw[t]! >= limitKw - 1e-6 * Math.max(1, limitKw) && kw[k]! < couldTake - 1e-6) {
      bound = true;
      if (building[t]! >= 0.5 * limitKw) buildingHeavy = true;
    }
    soc += kw[k]! * dt;
  }
  if (bound) return buildingHeavy ? ["connection", "building"] : ["connection"];
  // Nothing on the site bound: what the stay needed was left over between its charger's lowest power and its need.
  if (stay.minKw > 1e-9) return ["lowest-power"];
  return [stay.curve ? "curve" : "connection"];
}

function vehicleResults(
  stays: Stay[],
  chain: Chain,
  rowOf: (i: number) => Float64Array,
  stayKwh: Float64Array,
  siteKw: number[],
  context: Context,
): VehicleResult[] {
  // Each vehicle's entry, by its number, in the order vehicles first appear (an array, not a map: asked for every stay of a year).
  const byVehicle: (VehicleResult | undefined)[] = [];
  const entries: VehicleResult[] = [];
  for (let i = 0; i < stays.length; i++) {
    const s = stays[i]!;
    const arrival = chain.arrivalKwh[i]!;
    const delivered = stayKwh[i]!;
    const departure = arrival + delivered;
    let entry = byVehicle[s.vehicle];
    if (!entry) {
      entry = {
        vehicle: s.vehicleName,
        neededKwh: 0,
        deliveredKwh: 0,
        shortfallKwh: 0,
        topUpKwh: 0,
        reasons: [],
        minSocPct: 100,
        maxSocPct: 0,
      };
      byVehicle[s.vehicle] = entry;
      entries.push(entry);
    }
    entry.neededKwh += s.tripKwh;
    entry.deliveredKwh += delivered;
    entry.topUpKwh += chain.topUpKwh[i]!;
    entry.minSocPct = Math.min(entry.minSocPct, (arrival / s.batteryKwh) * 100);
    entry.maxSocPct = Math.max(entry.maxSocPct, (departure / s.batteryKwh) * 100);
    if (s.tripKwh > s.targetKwh + 1e-9) addReason(entry, "battery");
    const short = s.targetKwh - departure;
    if (short > 1e-6) {
      entry.shortfallKwh += short;
      for (const reason of shortfallReasons(s, arrival, chain.needKwh[i]!, rowOf(i), siteKw, context))
        addReason(entry, reason);
    }
  }
  return entries;
}

const addReason = (entry: VehicleResult, reason: ShortfallReason) =>
  entry.reasons.includes(reason) || entry.reasons.push(reason);

/**
 * Site load, costs and the rest of a strategy's figures from its schedule;
 * each stay's energy into `stayKwh` when given (the chargers' use is made
 * from it). `withinLimits`: the schedule already keeps every curve at the
 * charge reached and every target, step by step (the simulations write it
 * so, and it is checked against the step-by-step one), so the clip is
 * skipped. One pass over the schedule: a year of a fleet's is some 20 MB,
 * and reading it once for each figure cost more than working them out.
 */
export function summarise(
  strategy: StrategyResult["strategy"],
  stays: Stay[],
  chain: Chain,
  plan: Schedule | Pieces,
  context: Context & BillContext,
  withSessions: boolean,
  stayKwh = new Float64Array(stays.length),
  withinLimits = false,
): Omit<StrategyResult, "battery" | "peakLowerBoundKw" | "chargerUtilisation" | "tradeOff"> {
  const { steps, dt, building, powerFactor: pf } = context;
  const chargingKw = new Array<number>(steps).fill(0);
  let rowOf: (i: number) => Float64Array;
  if (plan instanceof Pieces) {
    readPieces(stays, plan, context, chargingKw, stayKwh);
    rowOf = (i) => plan.writeRow(i, new Float64Array(stays[i]!.length));
  } else {
    readSchedule(stays, chain, plan, context, chargingKw, stayKwh, withinLimits);
    rowOf = (i) => plan[i]!;
  }
  const siteKw = chargingKw.map((kw, t) => kw + building[t]!);
  const vehicles = vehicleResults(stays, chain, rowOf, stayKwh, siteKw, context);
  const peakKw = maxOf(siteKw, 0);
  const energyKwh = energyOf(siteKw, dt);
  const chargingEnergyKwh = energyOf(chargingKw, dt);
  return {
    strategy,
    siteKw,
    chargingKw,
    peakKw,
    peakKva: peakKw / pf,
    energyKwh,
    chargingEnergyKwh,
    cost: siteBill(siteKw, peakKw, context),
    vehicles,
    ...connectionFor(peakKw, pf),
    sessions: sessionsOf(stays, chain, plan instanceof Pieces ? rowOf : (i) => plan[i]!.slice(), withSessions),
  };
}

/** Each stay as planned, from a copy of its row (none when the caller keeps only the figures, PlanDetail). */
function sessionsOf(
  stays: Stay[],
  chain: Chain,
  copyOf: (i: number) => Float64Array,
  wanted: boolean,
): StrategyResult["sessions"] {
  if (!wanted) return [];
  return stays.map((s, i) => ({
    vehicle: s.vehicleName,
    charger: s.charger,
    start: s.start,
    kw: copyOf(i),
    capKw: s.capKw,
    minKw: s.minKw,
    curve: s.curve,
    tripKwh: s.tripKwh,
    needKwh: chain.needKwh[i]!,
    targetKwh: s.targetKwh,
    batteryKwh: s.batteryKwh,
    arrivalSocPct: (chain.arrivalKwh[i]! / s.batteryKwh) * 100,
    previousDepartureSocPct: (chain.previousDepartureKwh[i]! / s.batteryKwh) * 100,
  }));
}
