import { powerAt } from "./curve";
import type { Site } from "./min-peak-flow";
import { floorKw } from "./min-power";
import { delivered, type Schedule } from "./schedule";
import { wantKwh, type Stay, type Vehicle } from "./stays";

const EPS = 1e-9;
/** Laps of a vehicle's cycle to find the state its rows repeat in (one when every stay is met: it then repeats at once). */
const MOST_LAPS = 24;

/**
 * The planned strategies' last resort (decision 043), for the vehicles the
 * walk to the repeating state and its top-ups still leave short: each of
 * their stays charged as soon as it can be from the charge it really arrives
 * with (the curve, the connection as the other stays load it, every step but
 * the last at or above its floor), lap after lap of the vehicle's cycle until
 * its arrivals repeat. From any arrival that puts the most in by every step,
 * so where some plan meets a stay under the connection as loaded, this one
 * does; and each row is made from the arrival it then has, so the walk after
 * finds nothing to clip or pass on. (Rows made elsewhere from one arrival
 * broke a floor or the curve when the walk moved the arrival, and top-up and
 * walk took turns: a van on a curve that rises to 5 kW at a third full and
 * falls to 1 kW at two thirds went 0.64 kWh short at three departures of
 * four, the floors property over a week, seed 1.) It may raise the peak: the
 * vehicles' charge comes first. `load` is the site's (kept up to date);
 * `leaveWith`, where the plan meant a stay to leave under its target. (A walk
 * that started from arrivals other than the rows' own found another state
 * the rows repeat in: the vehicle empty at every arrival, each row clipped by
 * the curve's slow start, 29.3 kWh a stay for 32.)
 */
export function chargeVehiclesSoonest(
  stays: Stay[],
  vehicles: Vehicle[],
  chosen: number[],
  /** Written with the arrivals the rows are made from (a walk after starts from them, so it finds them repeating). */
  arrivalKwh: Float64Array,
  schedule: Schedule,
  load: number[],
  site: Site,
  leaveWith?: Float64Array,
): void {
  const { steps, dt, efficiency } = site;
  for (const v of chosen) {
    const order = vehicles[v]!.stays.filter((i) => stays[i]!.charger);
    if (order.length === 0) continue;
    // Its rows off the site's load: each is made again against the others'.
    for (const i of order) {
      const kw = schedule[i]!;
      for (let k = 0; k < kw.length; k++) load[(stays[i]!.start + k) % steps]! -= kw[k]! / efficiency;
      kw.fill(0);
    }
    const last = vehicles[v]!.stays.at(-1)!;
    let start = stays[last]!.targetKwh;
    for (let lap = 0; lap < MOST_LAPS; lap++) {
      let previous = start;
      for (const i of vehicles[v]!.stays) {
        const stay = stays[i]!;
        const arrival = Math.max(0, Math.min(stay.targetKwh, previous) - stay.tripKwh);
        arrivalKwh[i] = arrival;
        if (!stay.charger) {
          previous = arrival;
          continue;
        }
        soonest(stay, arrival, wantKwh(stay, i, leaveWith), schedule[i]!, load, site);
        previous = arrival + delivered(schedule[i]!, dt);
      }
      if (Math.abs(previous - start) <= 1e-9) break;
      start = previous;
    }
    for (const i of order) {
      const kw = schedule[i]!;
      for (let k = 0; k < kw.length; k++) load[(stays[i]!.start + k) % steps]! += kw[k]! / efficiency;
    }
  }
}

/** One stay's row, written into `kw`, charged as soon as it can be from `arrivalKwh` up to `want` (`load` without this row). */
function soonest(stay: Stay, arrivalKwh: number, want: number, kw: Float64Array, load: number[], site: Site) {
  const { steps, dt, limit, efficiency } = site;
  kw.fill(0);
  let soc = arrivalKwh;
  for (let k = 0; k < kw.length && soc < want - EPS; k++) {
    const t = (stay.start + k) % steps;
    const room = Math.max(0, limit[t]! - load[t]!) * efficiency;
    const rest = (want - soc) / dt;
    const p = Math.min(powerAt(stay, soc), room, rest);
    // Under its floor only as the step that finishes the stay (the charger stops within it).
    if (p <= EPS || (p < floorKw(stay, soc) - 1e-9 && p < rest - 1e-9)) continue;
    kw[k] = p;
    soc += p * dt;
  }
}
