import { powerAt } from "./curve";
import type { Site } from "./min-peak-flow";
import { floorKw } from "./min-power";
import { chargeBefore, lastCharging } from "./schedule";
import type { Stay } from "./stays";

// The top-up's moves where raising one step by what is missing does not do (top-up.ts): a step raised ahead of a
// curve, or turned on at its floor with the excess taken off others.

const EPS = 1e-9;

/** A stay's row being topped up: its arrival, the site's load (kept up to date) and its steps, least loaded first. */
export type RowToTopUp = {
  stay: Stay;
  arrivalKwh: number;
  kw: Float64Array;
  load: number[];
  site: Site;
  leastLoadedFirst: number[];
};
/** Rows tried per stay when turning a step on at its floor. */
const MOST_TRIES = 48;

/**
 * With a curve, a step raised brings the steps after it to the curve sooner,
 * so the greedy pass refuses it; and where the floor is the curve (a lowest
 * power above what the vehicle then takes) a step runs at the curve or not at
 * all. Here a step is raised anyway (to its floor at least), the steps after
 * it held to the curve and the target at the charge they then start from, and
 * kept where the stay gains overall: a falling curve puts more in the sooner
 * the charge goes in (a van on a 5 kW DC floor that had to drop its 3.6 kW
 * steps went 0.81 kWh short every day at a quiet connection: seed 4).
 * Returns the kWh placed.
 */
export function raiseAhead(row: RowToTopUp, left: number): number {
  const { stay, arrivalKwh, kw, load, site, leastLoadedFirst } = row;
  const { steps, dt, limit, efficiency } = site;
  let charge = chargeBefore(kw, arrivalKwh, dt);
  let placed = 0;
  for (const k of leastLoadedFirst) {
    if (left - placed <= EPS) break;
    const before = charge[k]!;
    const t = (stay.start + k) % steps;
    const room = Math.max(0, limit[t]! - load[t]!) * efficiency;
    const most = Math.min(powerAt(stay, before), kw[k]! + room, (stay.targetKwh - before) / dt);
    // Raised by what is missing (to its floor at least), or, where the steps after then lose as much as it adds
    // (a steep curve), as far as the curve and the connection let it.
    const least = Math.min(most, Math.max(floorKw(stay, before), kw[k]! + (left - placed) / dt));
    for (const next of least < most ? [least, most] : [least]) {
      if (next <= kw[k]! + EPS) break;
      const raised = raiseAndFollow(stay, kw, charge, k, next, dt);
      if (!raised) continue;
      const { gain, changed } = raised;
      for (const [n, was] of changed) load[(stay.start + n) % steps]! += (kw[n]! - was) / efficiency;
      charge = chargeBefore(kw, arrivalKwh, dt);
      placed += gain;
      break;
    }
  }
  return placed;
}

/**
 * Step k raised to `next` and the steps after it held to the curve and the
 * target at the charge they then start from (`charge`: the charge before each
 * step as the row was). Returns the kWh the stay gains and the steps changed
 * (with what they were), or null with the row put back when it gains nothing
 * or would break a floor. The walk stops where the charge is back to what it
 * was: the rest of the row is then as it was (a steep curve gives back the
 * raise within a step or two), so a try costs the steps it changes, not the row.
 */
function raiseAndFollow(
  stay: Stay,
  kw: Float64Array,
  charge: Float64Array,
  k: number,
  next: number,
  dt: number,
): { gain: number; changed: [step: number, was: number][] } | null {
  const lastBefore = lastCharging(kw);
  const changed: [step: number, was: number][] = [];
  const set = (n: number, p: number) => {
    if (p === kw[n]) return;
    changed.push([n, kw[n]!]);
    kw[n] = p;
  };
  const putBack = () => {
    for (const [n, was] of changed) kw[n] = was;
    return null;
  };
  let thinFrom = Infinity; // The first step charging under its floor.
  const thin = (n: number, soc: number) => {
    if (kw[n]! > EPS && kw[n]! < floorKw(stay, soc) - 1e-9) thinFrom = Math.min(thinFrom, n);
  };
  set(k, next);
  thin(k, charge[k]!);
  let soc = charge[k]! + next * dt;
  for (let n = k + 1; n < kw.length; n++) {
    if (soc <= charge[n]! + 1e-12) return putBack();
    if (kw[n] === 0) continue;
    set(n, Math.min(kw[n]!, Math.max(0, Math.min(powerAt(stay, soc), (stay.targetKwh - soc) / dt))));
    thin(n, soc);
    soc += kw[n]! * dt;
  }
  const gain = soc - charge[kw.length]!;
  if (gain <= EPS) return putBack();
  // Under a floor only as the last charging step; a step raised after the old last one makes that one no longer last.
  if (k > lastBefore && lastBefore >= 0) thin(lastBefore, charge[lastBefore]!);
  return thinFrom >= lastCharging(kw) ? { gain, changed } : putBack();
}

/**
 * Less than a step at the floor is still missing, and no step that charges
 * has room for it: one more step is turned on at the floor, and the energy
 * that is too much comes off a step that charges above its floor, the most
 * loaded first (so the peak falls where it can).
 */
export function turnOnAtFloor(row: RowToTopUp, left: number): number {
  const { stay, arrivalKwh, kw, load, site, leastLoadedFirst } = row;
  const { steps, dt, limit, efficiency } = site;
  const at = (k: number) => (stay.start + k) % steps;
  const mostLoadedFirst = [...leastLoadedFirst].reverse();
  const charge = chargeBefore(kw, arrivalKwh, dt);
  // Each try walks the whole row: a budget, not every pair of steps (on a random depot's week of long stays at
  // 15 minutes, every pair cost 8.7 s for one plan).
  let tries = 0;
  for (const k of leastLoadedFirst) {
    if (kw[k]! > EPS) continue;
    const floor = floorKw(stay, charge[k]!);
    const room = Math.max(0, limit[at(k)]! - load[at(k)]!) * efficiency;
    if (floor <= EPS || floor > room) continue;
    if ((tries += 2) > MOST_TRIES) break;
    const takeOff = floor - left / dt;
    for (const j of mostLoadedFirst) {
      if (j === k || kw[j]! - takeOff < stay.minKw - 1e-9) continue;
      if (++tries > MOST_TRIES) break;
      kw[k] = floor;
      kw[j] = kw[j]! - takeOff;
      if (legalStay(stay, arrivalKwh, kw, dt)) {
        load[at(k)]! += floor / efficiency;
        load[at(j)]! -= takeOff / efficiency;
        return left;
      }
      kw[k] = 0;
      kw[j] = kw[j]! + takeOff;
    }
    // No one step can give it all without going under its floor: several give what they have above it, most loaded first.
    if (takeOffSpread(stay, arrivalKwh, kw, k, floor, takeOff, load, site, mostLoadedFirst)) return left;
  }
  return 0;
}

/**
 * Turns step `k` on at `floor` and takes `takeOff` kW off the steps charging
 * above their floor, each down to it at most (the last charging step down to
 * nothing); keeps it only if the stay stays legal.
 */
function takeOffSpread(
  stay: Stay,
  arrivalKwh: number,
  kw: Float64Array,
  k: number,
  floor: number,
  takeOff: number,
  load: number[],
  site: Site,
  mostLoadedFirst: number[],
): boolean {
  const { steps, dt, efficiency } = site;
  const taken: [step: number, kw: number][] = [];
  let remaining = takeOff;
  // The stay's last charging step may end under its floor (the charger stops within it): it can give all it has.
  const last = Math.max(k, lastCharging(kw));
  for (const j of mostLoadedFirst) {
    if (remaining <= 1e-12) break;
    const spare = j === last ? kw[j]! : kw[j]! - stay.minKw;
    if (j === k || kw[j]! <= EPS || spare <= EPS) continue;
    const take = Math.min(spare, remaining);
    taken.push([j, take]);
    remaining -= take;
  }
  if (remaining > 1e-9) return false;
  kw[k] = floor;
  for (const [j, take] of taken) kw[j] = kw[j]! - take;
  if (!legalStay(stay, arrivalKwh, kw, dt)) {
    kw[k] = 0;
    for (const [j, take] of taken) kw[j] = kw[j]! + take;
    return false;
  }
  const at = (n: number) => (stay.start + n) % steps;
  load[at(k)]! += floor / efficiency;
  for (const [j, take] of taken) load[at(j)]! -= take / efficiency;
  return true;
}

/** A stay's row as a charger can run it: within the curve and the target, every step but the last at or above its floor. */
function legalStay(stay: Stay, arrivalKwh: number, kw: Float64Array, dt: number): boolean {
  const lastOn = lastCharging(kw);
  let soc = arrivalKwh;
  for (let k = 0; k < kw.length; k++) {
    const p = kw[k]!;
    if (p > powerAt(stay, soc) + 1e-9 || soc + p * dt > stay.targetKwh + 1e-9) return false;
    if (p > EPS && k < lastOn && p < floorKw(stay, soc) - 1e-9) return false;
    soc += p * dt;
  }
  return true;
}
