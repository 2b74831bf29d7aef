import { powerAt } from "./curve";
import { delivered, type Schedule } from "./schedule";
import type { Stay, Vehicle } from "./stays";

/**
 * State of charge carried from stay to stay: a vehicle arrives with what it
 * left its previous stay with, less the trip between (never below empty; the
 * rest of the trip is a top-up on the road). The cycle repeats, so the first
 * stay's previous is the last one.
 */
export type Chain = {
  arrivalKwh: Float64Array;
  /** What each stay must put in to reach its target. */
  needKwh: Float64Array;
  /** Energy the trip before the stay needed beyond what the battery held. */
  topUpKwh: Float64Array;
  /** Charge the vehicle left its previous stay with. */
  previousDepartureKwh: Float64Array;
};

export const emptyChain = (n: number): Chain => ({
  arrivalKwh: new Float64Array(n),
  needKwh: new Float64Array(n),
  topUpKwh: new Float64Array(n),
  previousDepartureKwh: new Float64Array(n),
});

export function chainFrom(stays: Stay[], departureKwh: ArrayLike<number>): Chain {
  const chain = emptyChain(stays.length);
  for (let i = 0; i < stays.length; i++) arrive(chain, i, stays[i]!, departureKwh[stays[i]!.previous]!);
  return chain;
}

/** A chain to settle without touching this one (what a plan would supply, before choosing it). */
export const copyChain = (chain: Chain): Chain => ({
  arrivalKwh: chain.arrivalKwh.slice(),
  needKwh: chain.needKwh.slice(),
  topUpKwh: chain.topUpKwh.slice(),
  previousDepartureKwh: chain.previousDepartureKwh.slice(),
});

/** Sets one stay's arrival from the charge its vehicle left the previous stay with. */
export function arrive(chain: Chain, i: number, stay: Stay, previousDepartureKwh: number) {
  arriveWith(chain, i, stay.targetKwh, stay.tripKwh, previousDepartureKwh);
}

/** arrive from the stay's target and trip alone (the event-driven simulation keeps them in typed rows). */
export function arriveWith(chain: Chain, i: number, targetKwh: number, tripKwh: number, previousDepartureKwh: number) {
  const arrival = Math.max(0, Math.min(targetKwh, previousDepartureKwh) - tripKwh);
  chain.previousDepartureKwh[i] = previousDepartureKwh;
  chain.arrivalKwh[i] = arrival;
  chain.topUpKwh[i] = Math.max(0, tripKwh - previousDepartureKwh);
  chain.needKwh[i] = Math.max(0, targetKwh - arrival);
}

/** Every vehicle leaving full: the first guess of a plan whose stays all meet their targets. */
export const fullDepartures = (stays: Stay[]) => {
  const kwh = new Float64Array(stays.length);
  for (let i = 0; i < stays.length; i++) kwh[i] = stays[i]!.targetKwh;
  return kwh;
};

/**
 * Walks each vehicle's stays in order from their planned arrivals and makes
 * the chain consistent with what was delivered: a stay whose vehicle arrives
 * fuller than planned stops at its target, and no step takes more than the
 * curve allows at the charge then reached (the last of its energy is
 * dropped). Returns the departures. Used after the planned strategies, whose
 * rounds may stop before the chain settles.
 */
export function settleChain(
  stays: Stay[],
  vehicles: Vehicle[],
  chain: Chain,
  schedule: Schedule,
  dt: number,
  afterClip?: (i: number, arrivalKwh: number) => void,
  /** Start each vehicle's cycle in its repeating state for this schedule (repeatingDeparture), not as planned. */
  repeat = false,
): Float64Array {
  const departure = new Float64Array(stays.length);
  for (const vehicle of vehicles) {
    const order = vehicle.stays;
    // The last stay's departure as planned closes the cycle for the first (or the one that repeats).
    const last = order.at(-1)!;
    const planned = chain.arrivalKwh[last]! + delivered(schedule[last]!, dt);
    let previous = repeat ? repeatingDeparture(stays, order, schedule, dt, planned) : planned;
    for (const i of order) {
      const stay = stays[i]!;
      arrive(chain, i, stay, previous);
      const kw = schedule[i]!;
      let kwh = clippedStay(stay, kw, chain.arrivalKwh[i]!, dt, true);
      if (afterClip) {
        afterClip(i, chain.arrivalKwh[i]!);
        kwh = chain.arrivalKwh[i]! + delivered(kw, dt);
      }
      departure[i] = kwh;
      previous = kwh;
    }
  }
  return departure;
}

/**
 * The charge a vehicle leaves its last stay with in the repeating cycle: the
 * departure that one lap of its stays (clipped as settleChain clips them)
 * gives back. A lap or two usually finds it; a vehicle that loses or gains a
 * little each lap would take many, so then it is found by bisection — the lap
 * is monotone with a slope of at most 1 (a fuller arrival never ends the lap
 * emptier, nor fuller by more than it started), so its excess over the start
 * falls as the start rises and crosses zero once.
 */
function repeatingDeparture(stays: Stay[], order: number[], schedule: Schedule, dt: number, planned: number): number {
  // A lap that moves the charge by less than this repeats (sums of a lap's steps round differently from the plan's).
  const still = 1e-9;
  let start = planned;
  for (let lap = 0; lap < 3; lap++) {
    const end = lapFrom(stays, order, schedule, dt, start);
    if (Math.abs(end - start) <= still) return start;
    start = end;
  }
  let low = 0;
  let high = stays[order.at(-1)!]!.targetKwh;
  if (lapFrom(stays, order, schedule, dt, high) >= high - still) return high;
  if (lapFrom(stays, order, schedule, dt, low) <= low + still) return low;
  // The fullest repeating state (where a range of starts repeat, the vehicle never runs empty nor fills: its top).
  for (let step = 0; step < 64 && high - low > 1e-12 * Math.max(1, high); step++) {
    const middle = (low + high) / 2;
    if (lapFrom(stays, order, schedule, dt, middle) >= middle - still) low = middle;
    else high = middle;
  }
  return low;
}

/** One lap of a vehicle's stays from the charge it left the last one with: the charge it then leaves the last one with (nothing written). */
function lapFrom(stays: Stay[], order: number[], schedule: Schedule, dt: number, start: number): number {
  let previous = start;
  for (const i of order) {
    const stay = stays[i]!;
    previous = clippedStay(
      stay,
      schedule[i]!,
      Math.max(0, Math.min(stay.targetKwh, previous) - stay.tripKwh),
      dt,
      false,
    );
  }
  return previous;
}

/**
 * A stay's row walked from its arrival, each step held to what the curve allows at the charge then reached and to
 * the target: the charge it leaves with. `write`: the row is clipped in place (settleChain), or only read (a lap tried).
 */
function clippedStay(stay: Stay, kw: Float64Array, arrivalKwh: number, dt: number, write: boolean): number {
  let kwh = arrivalKwh;
  for (let k = 0; k < kw.length; k++) {
    // (A step at 0 is never above what is allowed, and adds nothing.)
    if (kw[k] === 0) continue;
    const most = Math.max(0, Math.min(powerAt(stay, kwh), (stay.targetKwh - kwh) / dt));
    const p = kw[k]! > most ? most : kw[k]!;
    if (write) kw[k] = p;
    kwh += p * dt;
  }
  return kwh;
}

/**
 * The chain for the next round of a planned strategy: each vehicle's stays
 * walked in order (twice round its cycle, so the first stay sees how the
 * last one left). A stay that got all it needed is taken to leave at its
 * target again (the next round gives it whatever more it then needs); one
 * that fell short leaves with what it got; one without a charger passes the
 * deficit straight on.
 */
export function chainAfter(stays: Stay[], vehicles: Vehicle[], chain: Chain, schedule: Schedule, dt: number): Chain {
  const leaves = (i: number, arrivalKwh: number) => {
    const got = delivered(schedule[i]!, dt);
    return got >= chain.needKwh[i]! - 1e-6 && stays[i]!.charger
      ? stays[i]!.targetKwh
      : Math.min(stays[i]!.targetKwh, arrivalKwh + got);
  };
  const departures = new Float64Array(stays.length);
  for (let i = 0; i < stays.length; i++) departures[i] = leaves(i, chain.arrivalKwh[i]!);
  const next = chainFrom(stays, departures);
  for (const vehicle of vehicles) {
    const last = vehicle.stays.at(-1)!;
    let previous = leaves(last, chain.arrivalKwh[last]!);
    for (let lap = 0; lap < 2; lap++)
      for (const i of vehicle.stays) {
        arrive(next, i, stays[i]!, previous);
        previous = leaves(i, next.arrivalKwh[i]!);
      }
  }
  return next;
}
