import type { Stay } from "./stays";

const EPS = 1e-9;

/**
 * What each vehicle gets when the connection has `available` kW left (into
 * `given`, by position in `active`): all it wants if that fits, otherwise
 * everyone scaled down together, switching off (leaving last first) any
 * vehicle the scaling would take below its charger's minimum. Returns
 * whether it had to (the connection bound: the vehicles' charging depends on
 * one another's).
 */
export function shareConnection(
  active: number[],
  wants: Float64Array,
  given: Float64Array,
  available: number,
  stays: Stay[],
  leaves: (i: number) => number,
): boolean {
  const count = active.length;
  let total = 0;
  for (let n = 0; n < count; n++) total += wants[n]!;
  if (total <= available + EPS) {
    for (let n = 0; n < count; n++) given[n] = wants[n]!;
    return false;
  }
  const on: number[] = [];
  for (let n = 0; n < count; n++) if (wants[n]! > EPS) on.push(n);
  // Leaving last first: the vehicle with the most time left gives way.
  on.sort((a, b) => leaves(active[a]!) - leaves(active[b]!));
  given.fill(0, 0, count);
  while (on.length > 0) {
    let sum = 0;
    for (const n of on) sum += wants[n]!;
    const scale = Math.min(1, available / sum);
    const tooLow = on.some((n) => wants[n]! * scale < Math.min(stays[active[n]!]!.minKw, wants[n]!) - EPS);
    if (!tooLow) {
      for (const n of on) given[n] = wants[n]! * scale;
      break;
    }
    on.pop();
  }
  return true;
}
