import type { StationaryBattery } from "./types";

/** The largest value (a loop: spreading a year of 5-minute steps into Math.max overflows the stack). */
export function maxOf(values: ArrayLike<number>, floor = -Infinity): number {
  let max = floor;
  for (let i = 0; i < values.length; i++) if (values[i]! > max) max = values[i]!;
  return max;
}

/**
 * Runs the site battery against a load profile (kW per step of the repeating
 * cycle) to bring its peak as low as the battery allows, and returns the
 * battery's grid-side power per step (+ charging, − discharging). Exact for
 * that profile: a peak P is possible exactly when keeping the battery as full
 * as P allows (charging with whatever P leaves, discharging only what the
 * load takes above P) never runs it empty or past its power; that test is
 * monotone in P, so bisection finds the lowest. The cycle repeats, so the
 * battery must end each cycle as full as it began: starting full, each
 * cycle's end charge starts the next until it settles. Losses are taken on
 * charging (what goes in × the round-trip efficiency comes out). The vehicles'
 * schedule is fixed first (peak shaving's own); the battery does not move
 * them, so the two are not optimised jointly.
 */
export function dispatchBattery(
  load: number[],
  battery: StationaryBattery,
  dt: number,
  limit: readonly number[] | null = null,
): number[] {
  const steps = load.length;
  const { capacityKwh: capacity, powerKw: power, roundTripEfficiency: efficiency } = battery;
  const run = (peak: number, startKwh: number, out: number[] | null) => {
    let stored = startKwh;
    for (let t = 0; t < steps; t++) {
      const over = load[t]! - peak;
      if (over > 1e-9) {
        if (over > power + 1e-9 || stored < over * dt - 1e-9) return null;
        stored = Math.max(0, stored - over * dt);
        if (out) out[t] = -over;
      } else {
        // Recharging never takes the site over its connection either.
        const charge = Math.max(
          0,
          Math.min(
            power,
            Math.min(peak, limit ? limit[t]! : Infinity) - load[t]!,
            (capacity - stored) / efficiency / dt,
          ),
        );
        stored += charge * dt * efficiency;
        if (out) out[t] = charge;
      }
    }
    return stored;
  };
  // Where the cycle settles at peak P (null if the battery cannot hold P).
  const settle = (peak: number) => {
    let start = capacity;
    for (let cycle = 0; cycle < 200; cycle++) {
      const end = run(peak, start, null);
      if (end === null) return null;
      if (end >= start - 1e-9 * Math.max(1, capacity)) return start;
      start = end;
    }
    return null;
  };
  const highest = maxOf(load, 0);
  let lo = Math.max(0, highest - power);
  let hi = highest;
  if (capacity <= 0 || power <= 0 || hi - lo < 1e-6) return new Array<number>(steps).fill(0);
  for (let iteration = 0; iteration < 60 && hi - lo > 1e-4; iteration++) {
    const mid = (lo + hi) / 2;
    if (settle(mid) !== null) hi = mid;
    else lo = mid;
  }
  const out = new Array<number>(steps).fill(0);
  const start = settle(hi);
  if (start === null) return out;
  run(hi, start, out);
  return out;
}
