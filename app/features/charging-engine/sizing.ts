import { fastestKwh } from "./curve";
import { staysFor } from "./expand-duty";
import { planCharging } from "./plan-charging";
import { swapAfter, type Stay } from "./stays";
import {
  AC_VEHICLE_MAX_KW,
  DEFAULT_CATALOGUE,
  STRATEGIES,
  type CatalogueCharger,
  type ChargerGroup,
  type PlanInput,
  type PlanResult,
  type Strategy,
} from "./types";

export type SizedCharger = CatalogueCharger & { count: number };
export type Unreachable = {
  group: string;
  /** time: even the vehicle's own full power cannot put back its trip in its time at the depot; charger: the vehicle could, but no charger in the list is powerful enough; battery: the trip needs more than the battery holds at its target. */
  reason: "time" | "charger" | "battery";
  neededKwh: number;
  mostKwh: number;
  hours: number;
};
export type SizingResult = {
  chargers: SizedCharger[];
  capitalPounds: number;
  /** Whether swap times let a charger serve vehicles one after another (counted by the engine, not per stay). */
  rotation: boolean;
  unreachable: Unreachable[];
  /** Each strategy with the sized chargers: its peak, cost and who is still short (the connection, or stays no charger can serve). */
  strategies: {
    strategy: Strategy;
    peakKw: number;
    totalPounds: number;
    vehiclesShort: number;
    recommendedConnectionKva: number;
  }[];
};

/**
 * The fewest chargers that let every vehicle leave with its target when it
 * keeps its charger until it leaves. Each stay needs the least powerful
 * catalogue charger that puts back its trip in its time (with the vehicle's
 * own limit and curve; where none can, the least powerful that gives it all
 * the vehicle itself can take, and the group is reported); a stay needing class k can use any class at or above
 * it, so at every step the stays needing k or more must not outnumber the
 * chargers of k or more. The least that holds at every step, class by class
 * from the most powerful down, is the minimum on a timeline (intervals
 * needing nested classes: the greedy that gives each arrival the least
 * powerful free charger that serves it meets it, and no fewer can). It is
 * also the cheapest mix whenever a more powerful charger costs more. The
 * cycle repeats, so the engine's own charger assignment is then run with
 * them; where it leaves a stay without a charger (arcs that wrap round the
 * cycle can need one more), that class gets one more, and again. With
 * swap times the engine then takes away what the rotation does not need.
 */
export function sizeChargers(
  input: PlanInput,
  catalogue: CatalogueCharger[] = DEFAULT_CATALOGUE,
  only: readonly Strategy[] = STRATEGIES,
): SizingResult {
  return sizeChargersWithPlan(input, catalogue, only).sizing;
}

/**
 * sizeChargers, with the engine's plan of the fleet on the sized chargers
 * (null when it needs none): the roadmap takes each depot-year's load from it
 * rather than planning the year a second time.
 */
export function sizeChargersWithPlan(
  input: PlanInput,
  catalogue: CatalogueCharger[] = DEFAULT_CATALOGUE,
  only: readonly Strategy[] = STRATEGIES,
): { sizing: SizingResult; plan: PlanResult | null } {
  const { stepMinutes, days } = input.horizon;
  const steps = (days * 1440) / stepMinutes;
  const classes = cheapestClasses(catalogue);
  const { required, vehicleOf, unreachable, counts } = demand(input, classes, steps, stepMinutes);
  const chargersFor = (n: number[]): ChargerGroup[] =>
    classes.flatMap((c, k) =>
      n[k]! > 0
        ? [
            {
              id: `sized-${c.powerKw}`,
              name: `${c.kind} ${c.powerKw} kW`,
              count: n[k]!,
              powerKw: c.powerKw,
              serves: c.kind === "DC" ? ("all" as const) : acTypes(input),
            },
          ]
        : [],
    );
  let result = verify(input, chargersFor(counts), only);
  // The engine keeps a fixed assignment round the repeating cycle: where that leaves a stay without a charger, one more of the class it needs.
  for (let attempt = 0; attempt < 5 && result.unplugged.size > 0; attempt++) {
    const short = vehicleOf.findIndex((vehicle, i) => required[i]! >= 0 && result.unplugged.has(vehicle));
    // (Stays are in each vehicle's order; its most demanding stay decides the class.)
    if (short < 0) break;
    counts[required[short]!]! += 1;
    result = verify(input, chargersFor(counts), only);
  }
  const rotation = input.vehicles.some((g) => g.swapAt !== undefined);
  if (rotation && result.unplugged.size === 0 && result.strategies.every((s) => s.vehiclesShort === 0))
    result = fewerWithSwaps(counts, result, (n) => verify(input, chargersFor(n), only));
  const chargers = classes.flatMap((c, k) => (counts[k]! > 0 ? [{ ...c, count: counts[k]! }] : []));
  return {
    sizing: {
      chargers,
      capitalPounds: chargers.reduce((sum, c) => sum + c.count * c.pricePounds, 0),
      rotation,
      unreachable,
      strategies: result.strategies,
    },
    plan: result.plan,
  };
}

/**
 * What the fleet's stays need: each stay's class (the index into `classes`,
 * −1 for none), its vehicle, the groups no class serves in full, and the
 * fewest chargers of each class on the timeline. The stays themselves are
 * not kept: a year of a fleet is tens of thousands, and the engine makes its
 * own when it checks the count.
 */
function demand(input: PlanInput, classes: CatalogueCharger[], steps: number, stepMinutes: number) {
  const dt = stepMinutes / 60;
  const { stays } = staysFor({ ...input, chargers: [] }, steps, stepMinutes);
  const unreachable = new Map<string, Unreachable>();
  const required = stays.map((whole) => {
    // Moved off at the group's swap time, a vehicle plugged in on arrival charges only until then.
    const stay = {
      ...whole,
      length: Math.min(whole.length, swapAfter(whole.start, whole.swapAt, stepMinutes, 1440 / stepMinutes)),
    };
    const need = Math.min(stay.tripKwh, stay.targetKwh);
    if (stay.tripKwh > stay.targetKwh + 1e-9)
      note(unreachable, stay.groupName, "battery", stay, stay.tripKwh, stay.targetKwh, dt);
    if (need <= 1e-9) return -1;
    const usable = classes.map((c, k) => (c.kind === "DC" || stay.vehicleMaxKw <= AC_VEHICLE_MAX_KW ? k : -1));
    for (const k of usable) if (k >= 0 && delivers(stay, classes[k]!.powerKw, need, dt) >= need - 1e-6) return k;
    // No charger is enough: it still charges, on the least powerful charger that gives it all it can take (or the most powerful in the list).
    const most = delivers(stay, stay.vehicleMaxKw, need, dt);
    const largest = usable.findLast((k) => k >= 0) ?? -1;
    if (most < need - 1e-6) note(unreachable, stay.groupName, "time", stay, need, most, dt);
    else
      note(
        unreachable,
        stay.groupName,
        "charger",
        stay,
        need,
        largest >= 0 ? delivers(stay, classes[largest]!.powerKw, need, dt) : 0,
        dt,
      );
    for (const k of usable) if (k >= 0 && delivers(stay, classes[k]!.powerKw, need, dt) >= most - 1e-6) return k;
    return largest;
  });
  return {
    required,
    vehicleOf: stays.map((s) => s.vehicleName),
    unreachable: [...unreachable.values()],
    counts: minimumCounts(stays, required, classes.length, steps),
  };
}

type Verified = ReturnType<typeof verify>;

/**
 * With "moved off the charger at" times, a charger serves one vehicle after
 * another, so the whole-stay count can be more than the rotation needs. The
 * count is a scheduling question then (who waits for whom), not a count of
 * overlapping stays, so the engine decides. Starting from a whole-stay count
 * with which every vehicle leaves charged, from the dearest class down: the
 * fewest of it (a binary search) with which every strategy still charges
 * every vehicle. Never more than the whole-stay count; not proven the least
 * (who waits for whom is the engine's first-come rule). Changes `counts`.
 */
function fewerWithSwaps(counts: number[], start: Verified, check: (counts: number[]) => Verified): Verified {
  let best = start;
  const holds = (r: Verified) =>
    r.strategies.length === start.strategies.length &&
    r.unplugged.size === 0 &&
    r.strategies.every((s) => s.vehiclesShort === 0);
  for (let k = counts.length - 1; k >= 0; k--) {
    let [low, high] = [0, counts[k]!];
    while (low < high) {
      const mid = Math.floor((low + high) / 2);
      const trial = check(counts.map((n, i) => (i === k ? mid : n)));
      if (holds(trial)) [high, best] = [mid, trial];
      else low = mid + 1;
    }
    counts[k] = high;
  }
  return best;
}

/**
 * The catalogue without chargers another beats: one at least as powerful, as
 * widely usable (DC serves whoever AC does) and no dearer. What is left costs
 * more the more powerful it is, so the fewest chargers are also the cheapest.
 */
export function cheapestClasses(catalogue: CatalogueCharger[]): CatalogueCharger[] {
  const beats = (a: CatalogueCharger, b: CatalogueCharger) =>
    a !== b &&
    a.powerKw >= b.powerKw &&
    (a.kind === b.kind || a.kind === "DC") &&
    a.pricePounds <= b.pricePounds &&
    (a.powerKw > b.powerKw || a.pricePounds < b.pricePounds || a.kind !== b.kind);
  return catalogue.filter((c) => !catalogue.some((other) => beats(other, c))).sort((a, b) => a.powerKw - b.powerKw);
}

/** The fewest chargers of each class: from the most powerful down, the most stays needing that class or more at any step, less what the classes above give. */
export function minimumCounts(stays: Stay[], required: number[], classCount: number, steps: number): number[] {
  const counts = new Array<number>(classCount).fill(0);
  let above = 0;
  for (let k = classCount - 1; k >= 0; k--) {
    const demand = new Int32Array(steps);
    stays.forEach((s, i) => {
      if (required[i]! < k) return;
      for (let n = 0; n < s.length; n++) demand[(s.start + n) % steps]! += 1;
    });
    const most = demand.reduce((max, d) => Math.max(max, d), 0);
    counts[k] = Math.max(0, most - above);
    above += counts[k]!;
  }
  return counts;
}

function verify(input: PlanInput, chargers: ChargerGroup[], only: readonly Strategy[]) {
  if (chargers.length === 0) return { strategies: [], unplugged: new Set<string>(), plan: null };
  const plan = planCharging({ ...input, chargers }, only, { sessions: false });
  // Vehicles left without a charger, or waiting for one, on some stay.
  const unplugged = new Set<string>();
  for (const strategy of plan.strategies)
    for (const v of strategy.vehicles) if (v.reasons.includes("charger")) unplugged.add(v.vehicle);
  return {
    unplugged,
    plan,
    strategies: plan.strategies.map((s) => ({
      strategy: s.strategy,
      peakKw: s.peakKw,
      totalPounds: s.cost.totalPounds,
      vehiclesShort: s.vehicles.filter((v) => v.shortfallKwh > 1e-6).length,
      recommendedConnectionKva: s.recommendedConnectionKva,
    })),
  };
}

const delivers = (stay: Stay, powerKw: number, need: number, dt: number) =>
  fastestKwh(
    { capKw: Math.min(stay.vehicleMaxKw, powerKw), curve: stay.curve, batteryKwh: stay.batteryKwh },
    stay.targetKwh - need,
    stay.targetKwh,
    stay.length,
    dt,
  );

function note(
  into: Map<string, Unreachable>,
  group: string,
  reason: Unreachable["reason"],
  stay: Stay,
  neededKwh: number,
  mostKwh: number,
  dt: number,
) {
  const key = `${group}|${reason}`;
  const known = into.get(key);
  // The worst stay of the group is the one to show.
  if (!known || neededKwh - mostKwh > known.neededKwh - known.mostKwh)
    into.set(key, { group, reason, neededKwh, mostKwh, hours: stay.length * dt });
}

const acTypes = (input: PlanInput) =>
  input.vehicleTypes.filter((t) => t.maxChargeKw <= AC_VEHICLE_MAX_KW).map((t) => t.id);
