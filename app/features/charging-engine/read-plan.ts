import type { Chain } from "./chain";
import { powerAt } from "./curve";
import type { Pieces } from "./pieces";
import type { Schedule } from "./schedule";
import type { Stay } from "./stays";

/** What reading a plan needs of the cycle. */
type Cycle = { steps: number; dt: number; efficiency: number };

/**
 * The one pass over the schedule: each stay clipped, its energy, and the
 * chargers' load at each step of the cycle. (Its own function: as the head
 * of summarise, the optimiser compiled the loop on the stack and threw it
 * away at the figures after it, on every plan.)
 */
export function readSchedule(
  stays: Stay[],
  chain: Chain,
  schedule: Schedule,
  context: Cycle,
  chargingKw: number[],
  stayKwh: Float64Array,
  withinLimits: boolean,
) {
  const { steps, dt, efficiency } = context;
  for (let i = 0; i < stays.length; i++) {
    const { start } = stays[i]!;
    const kw = schedule[i]!;
    if (!withinLimits) clip(stays[i]!, chain.arrivalKwh[i]!, kw, dt);
    // The stay's steps up to the end of the cycle, then those wrapped to its start (a step at 0 adds nothing).
    let energy = 0;
    const split = Math.min(kw.length, steps - start);
    for (let k = 0; k < split; k++)
      if (kw[k] !== 0) {
        chargingKw[start + k]! += kw[k]! / efficiency;
        energy += kw[k]! * dt;
      }
    for (let k = split; k < kw.length; k++)
      if (kw[k] !== 0) {
        chargingKw[start + k - steps]! += kw[k]! / efficiency;
        energy += kw[k]! * dt;
      }
    stayKwh[i] = energy;
  }
}

/**
 * readSchedule for a simulation's pieces (pieces.ts): each stay's pieces in
 * time order, each step as a row would give it, so every sum is made in the
 * same order (steps at 0 add nothing, and no piece is at 0; a piece's two
 * figures are worked out once, the same numbers as at every step). The
 * simulations keep every curve and target, so there is nothing to clip.
 */
export function readPieces(stays: Stay[], pieces: Pieces, context: Cycle, chargingKw: number[], stayKwh: Float64Array) {
  const { steps, dt, efficiency } = context;
  const { first, next, from, to, kw: kws } = pieces;
  for (let i = 0; i < stays.length; i++) {
    const offset = pieces.offset[i]!;
    let energy = 0;
    for (let p = first[i]!; p >= 0; p = next[p]!) {
      const kw = kws[p]!;
      const gridKw = kw / efficiency;
      const kwh = kw * dt;
      const end = to[p]! + offset;
      let t = from[p]! + offset;
      // Up to the end of the cycle, then wrapped to its start.
      for (const split = Math.min(end, steps); t < split; t++) {
        chargingKw[t]! += gridKw;
        energy += kwh;
      }
      for (; t < end; t++) {
        chargingKw[t - steps]! += gridKw;
        energy += kwh;
      }
    }
    stayKwh[i] = energy;
  }
}

/**
 * Keeps every step within the curve at the charge reached and the target (a
 * safety net: the strategies already do). A step at 0 is left as it is
 * (nothing is below it, and it adds nothing to the charge), so a year's
 * mostly idle stays cost a read per step, not a look at the curve.
 */
function clip(stay: Stay, arrivalKwh: number, kw: Float64Array, dt: number) {
  let soc = arrivalKwh;
  for (let k = 0; k < kw.length; k++) {
    if (kw[k] === 0) continue;
    const most = Math.max(0, Math.min(powerAt(stay, soc), (stay.targetKwh - soc) / dt));
    if (kw[k]! > most + 1e-6) kw[k] = most;
    if (kw[k]! < 0) kw[k] = 0;
    soc += kw[k]! * dt;
  }
}
