import { emptyChain, type Chain } from "./chain";
import { Pieces } from "./pieces";
import { firstArrival, type Stay, type Vehicle } from "./stays";

/**
 * A cycle of weeks that repeat (the same duty, chargers and connection room
 * every week) simulated as one week: where no vehicle's charging depends on
 * another's (the connection never binds) and the week ends as it starts,
 * the whole cycle from that start is the week over and over, so the week's
 * plan repeated is the cycle's repeating plan (decision 044). A year of a
 * fleet is fifty-two of them: one simulated instead of all.
 */
export type Week = {
  stays: Stay[];
  vehicles: Vehicle[];
  steps: number;
  headroom: number[];
  /** Each stay of the cycle's like in the week (its index in `stays`), and its start. */
  like: Int32Array;
  start: Int32Array;
};

/**
 * The week, when the cycle is whole weeks that repeat: the connection's room
 * is the same a week later, and each vehicle's stays are the same (start,
 * length, trip, charger and its limits) a week later; else null.
 */
export function repeatingWeek(
  stays: Stay[],
  vehicles: Vehicle[],
  steps: number,
  dt: number,
  headroom: number[],
): Week | null {
  const week = Math.round((7 * 24) / dt);
  const weeks = steps / week;
  if (!Number.isInteger(weeks) || weeks < 2) return null;
  for (let t = week; t < steps; t++) if (headroom[t] !== headroom[t - week]) return null;
  const like = new Int32Array(stays.length);
  const start = new Int32Array(stays.length);
  const weekStays: Stay[] = [];
  const weekVehicles: Vehicle[] = [];
  for (const vehicle of vehicles) {
    const list = vehicle.stays;
    const count = list.length;
    if (count % weeks !== 0) return null;
    const m = count / weeks;
    const shift = firstArrival(count, (k) => stays[list[k]!]!.start);
    const nth = (k: number) => list[(shift + k) % count]!;
    const first = weekStays.length;
    for (let k = 0; k < count; k++) {
      const s = stays[nth(k)]!;
      const t = stays[nth(k % m)]!;
      if (k < m && s.start >= week) return null;
      if (s.start !== t.start + Math.floor(k / m) * week || !sameStay(s, t)) return null;
      like[nth(k)] = first + (k % m);
      start[nth(k)] = s.start;
    }
    const own: number[] = [];
    for (let k = 0; k < m; k++) {
      const s = stays[nth(k)]!;
      // The same stay, its previous one in the week (a copy: the cycle's stay keeps its own).
      weekStays.push(
        Object.assign(Object.create(Object.getPrototypeOf(s) as object) as Stay, s, {
          previous: first + ((k + m - 1) % m),
        }),
      );
      own.push(first + k);
    }
    weekVehicles.push({ name: vehicle.name, stays: own });
  }
  return { stays: weekStays, vehicles: weekVehicles, steps: week, headroom: headroom.slice(0, week), like, start };
}

const sameStay = (a: Stay, b: Stay) =>
  a.length === b.length &&
  a.tripKwh === b.tripKwh &&
  a.charger === b.charger &&
  a.capKw === b.capKw &&
  a.minKw === b.minKw &&
  a.targetKwh === b.targetKwh;

/** The week's plan and chain repeated over the cycle's stays: each stay charges as its like in the week, from its own start. */
export function everyWeek(week: Week, stays: Stay[], pieces: Pieces, chain: Chain): { pieces: Pieces; chain: Chain } {
  const n = stays.length;
  const { like, start } = week;
  const all = new Pieces(n, start, new Int32Array(n));
  const per = stays.length / week.stays.length;
  all.reserve(Math.ceil(pieces.count * per));
  const cycleChain = emptyChain(n);
  for (let i = 0; i < n; i++) {
    const j = like[i]!;
    const shift = start[i]! - pieces.start[j]!;
    for (let p = pieces.first[j]!; p >= 0; p = pieces.next[p]!)
      all.add(i, pieces.from[p]! + shift, pieces.to[p]! + shift, pieces.kw[p]!);
  }
  for (const part of ["arrivalKwh", "needKwh", "topUpKwh", "previousDepartureKwh"] as const) {
    const from = chain[part];
    const into = cycleChain[part];
    for (let i = 0; i < n; i++) into[i] = from[like[i]!]!;
  }
  return { pieces: all, chain: cycleChain };
}
