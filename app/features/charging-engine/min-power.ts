import type { Chain } from "./chain";
import { powerAt } from "./curve";
import type { Site } from "./min-peak-flow";
import { delivered, lastCharging, type Schedule } from "./schedule";
import type { Stay } from "./stays";

const EPS = 1e-9;

/**
 * Chargers cannot be set below a minimum power (the vehicle may still draw
 * less when its own curve says so). A planned schedule spreads energy
 * thinly, so each stay's steps below its floor are gathered and charged at
 * the floor or above on as few steps as that energy fills, choosing the
 * steps where the site's load is lowest (so stays that were thin at the same
 * time take turns rather than all switching on together). What is too little
 * for a step at the floor joins a step already charging that has room, or
 * becomes the stay's last charging step (the charger stops within it).
 * Powers are worked out in time order from the stay's real charge, so the
 * curve still holds. The site's peak can rise by up to a floor per stay at a
 * step; peak shaving reports the gap to its lower bound.
 */
export function applyMinimumPower(stays: Stay[], chain: Chain, schedule: Schedule, site: Site): void {
  const { steps, dt, limit, efficiency } = site;
  const load = siteLoad(stays, schedule, site);
  for (let i = 0; i < stays.length; i++) {
    const stay = stays[i]!;
    if (stay.minKw <= EPS) continue;
    const kw = schedule[i]!;
    const at = (k: number) => (stay.start + k) % steps;
    const thin = thinSteps(stay, chain.arrivalKwh[i]!, kw, dt);
    if (thin.length === 0) continue;
    let energy = 0;
    for (const k of thin) {
      energy += kw[k]! * dt;
      load[at(k)]! -= kw[k]! / efficiency;
      kw[k] = 0;
    }
    const room = (k: number) => Math.max(0, limit[at(k)]! - load[at(k)]!) * efficiency;
    // As many steps at the floor as the energy fills, where the site is least loaded.
    const count = Math.floor(energy / (stay.minKw * dt) + 1e-9);
    const chosen = thin
      .filter((k) => room(k) >= stay.minKw - 1e-6)
      .sort((a, b) => load[at(a)]! - load[at(b)]! || a - b);
    chosen.length = Math.min(chosen.length, count);
    // Each chosen step takes an equal share (at least the floor, under twice it), so nothing is left over to place blindly.
    const share = chosen.length > 0 ? energy / chosen.length / dt : 0;
    const planned = new Set(chosen);
    // (`energy` is counted down here, not in a closure: a closure that changed it would box it at every step.)
    // In time order, from the stay's real charge, within the curve, the connection and the target.
    let soc = chain.arrivalKwh[i]!;
    for (let k = 0; k < kw.length; k++) {
      if (planned.has(k) && energy > EPS) {
        const give = Math.min(share, energy / dt, powerAt(stay, soc), room(k), (stay.targetKwh - soc) / dt);
        if (give > EPS && give >= floorKw(stay, soc) - 1e-9) {
          addAt(kw, load, k, at(k), give * dt, dt, efficiency);
          energy -= give * dt;
        }
      }
      soc += kw[k]! * dt;
    }
    // What is left (too little for a step at the floor, or what a chosen step could not take): onto steps already charging that have room, where the site is least loaded.
    if (energy > EPS) {
      const charging: number[] = [];
      for (let k = 0; k < kw.length; k++) if (kw[k]! > EPS) charging.push(k);
      charging.sort((a, b) => load[at(a)]! - load[at(b)]! || a - b);
      for (const k of charging) {
        if (energy <= EPS) break;
        const before = chain.arrivalKwh[i]! + delivered(kw, dt, k);
        const extra = Math.min(
          energy,
          (powerAt(stay, before) - kw[k]!) * dt,
          room(k) * dt,
          stay.targetKwh - before - kw[k]! * dt,
        );
        if (extra > EPS && followsAfter(stay, kw, k, before + kw[k]! * dt + extra, dt)) {
          addAt(kw, load, k, at(k), extra, dt, efficiency);
          energy -= extra;
        }
      }
    }
    // The rest finishes the stay after its last charging step: at what the curve and the connection allow, the last of it below the floor if need be (the charger stops within that step).
    const lastOn = lastCharging(kw);
    soc = chain.arrivalKwh[i]! + delivered(kw, dt);
    for (let k = lastOn + 1; k < kw.length && energy > EPS; k++) {
      const give = Math.min(energy / dt, powerAt(stay, soc), room(k), (stay.targetKwh - soc) / dt);
      if (give > EPS && (give >= energy / dt - 1e-9 || give >= floorKw(stay, soc) - 1e-9)) {
        addAt(kw, load, k, at(k), give * dt, dt, efficiency);
        energy -= give * dt;
        soc += give * dt;
      }
    }
    if (energy > EPS) borrowForFloor(stay, chain.arrivalKwh[i]!, kw, energy, dt, load, at, room, efficiency);
    legaliseStay(stays, i, chain.arrivalKwh[i]!, schedule, site, load);
  }
}

/**
 * What is left when every charging step is full and none follows the last:
 * too little for a step at the floor, it gets one anyway, at the floor where
 * the site is least loaded, and the step with most to spare (where the site
 * is most loaded) gives up the difference, staying at or above its floor.
 * Without this the vehicle left a fraction of a kWh short, and the deficit
 * carried on from stay to stay (measured: 156 stays of a year, then 775).
 * Nothing is placed where no such pair keeps the curve (the stay is then short, as before).
 */
function borrowForFloor(
  stay: Stay,
  arrivalKwh: number,
  kw: Float64Array,
  energy: number,
  dt: number,
  load: number[],
  at: (k: number) => number,
  room: (k: number) => number,
  efficiency: number,
): void {
  const lend = stay.minKw - energy / dt;
  if (lend <= 0) return;
  let empty = -1;
  let donor = -1;
  for (let k = 0; k < kw.length; k++) {
    if (kw[k]! <= EPS && room(k) >= stay.minKw - 1e-6 && (empty < 0 || load[at(k)]! < load[at(empty)]!)) empty = k;
    if (kw[k]! >= stay.minKw + lend - 1e-9 && (donor < 0 || load[at(k)]! > load[at(donor)]!)) donor = k;
  }
  if (empty < 0 || donor < 0) return;
  kw[donor] = kw[donor]! - lend;
  kw[empty] = stay.minKw;
  if (!followsAfter(stay, kw, -1, arrivalKwh, dt)) {
    kw[donor] = kw[donor]! + lend;
    kw[empty] = 0;
    return;
  }
  load[at(donor)]! -= lend / efficiency;
  load[at(empty)]! += stay.minKw / efficiency;
}

/** Puts `kwh` more into step k of a stay's schedule, and onto the site's load at its step t. */
function addAt(kw: Float64Array, load: number[], k: number, t: number, kwh: number, dt: number, efficiency: number) {
  kw[k] = kw[k]! + kwh / dt;
  load[t]! += kwh / dt / efficiency;
}

/**
 * The least a charging step may be at a charge: the charger's floor, unless
 * the vehicle's own curve is below it there (near full, the vehicle sets
 * what it draws, and a charger set to its floor delivers that).
 */
export function floorKw(stay: Pick<Stay, "minKw" | "capKw" | "curve" | "batteryKwh">, kwh: number): number {
  return stay.minKw <= powerAt(stay, kwh) + 1e-9 ? stay.minKw : 0;
}

/** Building plus charging (grid side) at each step. (A step at 0 adds nothing: skipped, as most of a year's are.) */
export function siteLoad(stays: Stay[], schedule: Schedule, site: Site): number[] {
  const { steps, efficiency } = site;
  const load = site.building.slice();
  for (let i = 0; i < stays.length; i++) {
    const { start } = stays[i]!;
    const kw = schedule[i]!;
    const split = Math.min(kw.length, steps - start);
    for (let k = 0; k < split; k++) if (kw[k] !== 0) load[start + k]! += kw[k]! / efficiency;
    for (let k = split; k < kw.length; k++) if (kw[k] !== 0) load[start + k - steps]! += kw[k]! / efficiency;
  }
  return load;
}

/** legalise for one stay of a schedule, keeping the site's load up to date. */
export function legaliseStay(
  stays: Stay[],
  i: number,
  arrivalKwh: number,
  schedule: Schedule,
  site: Site,
  load: number[],
  raise = false,
) {
  const stay = stays[i]!;
  if (stay.minKw <= EPS) return;
  const at = (k: number) => (stay.start + k) % site.steps;
  legalise(
    stay,
    arrivalKwh,
    schedule[i]!,
    site.dt,
    (k, kwh) => (load[at(k)]! += kwh / site.dt / site.efficiency),
    (k) => Math.max(0, site.limit[at(k)]! - load[at(k)]!) * site.efficiency,
    raise,
  );
}

/**
 * The last word, in time order: a step still below its floor (other than
 * the stay's last) passes its energy on to the next step that can take it at
 * or above the floor, or, at the end, to a finishing step. Energy nothing
 * can take is dropped and shows as a shortfall. `raise`: such a step is
 * raised to its floor instead where the curve, the target and the connection
 * let it (the steps after it then reach the target sooner and stop there).
 */
function legalise(
  stay: Stay,
  arrivalKwh: number,
  kw: Float64Array,
  dt: number,
  onChange: (k: number, kwh: number) => void,
  room: (k: number) => number,
  raise: boolean,
) {
  let soc = arrivalKwh;
  let carried = 0;
  const lastOn = lastCharging(kw);
  for (let k = 0; k < kw.length; k++) {
    // A step at 0 with nothing carried changes nothing (most of a long stay's).
    if (kw[k] === 0 && carried <= EPS) continue;
    if (carried > EPS && (kw[k]! > EPS || k > lastOn)) {
      const most = Math.min(powerAt(stay, soc), (stay.targetKwh - soc) / dt, kw[k]! + room(k));
      const extra = Math.min(carried, (most - kw[k]!) * dt);
      if (extra > EPS && (kw[k]! + extra / dt >= floorKw(stay, soc) - 1e-9 || k >= lastOn)) {
        kw[k] = kw[k]! + extra / dt;
        onChange(k, extra);
        carried -= extra;
      }
    }
    // A step raised before this one brings the target sooner: the steps from there stop at it.
    const toTarget = Math.max(0, (stay.targetKwh - soc) / dt);
    if (raise && kw[k]! > toTarget) {
      onChange(k, (toTarget - kw[k]!) * dt);
      kw[k] = toTarget;
    }
    const finishing = (k >= lastOn || (raise && kw[k]! >= toTarget - 1e-12)) && carried <= EPS;
    const floor = floorKw(stay, soc);
    if (raise && kw[k]! > EPS && kw[k]! < floor - 1e-6 && !finishing) {
      const up = floor - kw[k]!;
      if (floor <= Math.min(powerAt(stay, soc), toTarget) && up <= room(k)) {
        kw[k] = floor;
        onChange(k, up * dt);
      }
    }
    if (kw[k]! > EPS && kw[k]! < floor - 1e-6 && !finishing) {
      carried += kw[k]! * dt;
      onChange(k, -kw[k]! * dt);
      kw[k] = 0;
    }
    soc += kw[k]! * dt;
  }
}

/** Whether the steps after k still keep the curve (and the target) when the vehicle has `kwh` after step k. */
export function followsAfter(stay: Stay, kw: Float64Array, k: number, kwh: number, dt: number): boolean {
  let soc = kwh;
  for (let n = k + 1; n < kw.length; n++) {
    if (kw[n]! > powerAt(stay, soc) + 1e-9 || soc + kw[n]! * dt > stay.targetKwh + 1e-9) return false;
    soc += kw[n]! * dt;
  }
  return true;
}

/** Steps charging below the floor (the stay's last charging step included: it is placed again at the end). */
function thinSteps(stay: Stay, arrivalKwh: number, kw: Float64Array, dt: number): number[] {
  const lastOn = lastCharging(kw);
  const thin: number[] = [];
  let soc = arrivalKwh;
  for (let k = 0; k <= lastOn; k++) {
    if (kw[k]! > EPS && kw[k]! < floorKw(stay, soc) - 1e-6) thin.push(k);
    soc += kw[k]! * dt;
  }
  return thin;
}
