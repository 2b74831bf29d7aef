/**
 * Charging curves: the most a vehicle takes (kW, battery side) at each state
 * of charge, as points joined by straight lines and read at the start of
 * each step (as chargers and simulators such as SpiceEV do). Energies here are
 * kWh in the battery; a curve's charge levels are % of the battery.
 */
export type Curve = [socPct: number, kw: number][];

/** What a stay needs from the curve helpers. */
export type ChargingLimits = {
  /** Most the vehicle and its charger take (kW). */
  capKw: number;
  curve: Curve | null;
  batteryKwh: number;
};

/** The curve's power (kW) at a state of charge: straight lines between its points (in rising order of charge), flat beyond the ends. */
export function curveKw(points: Curve, socPct: number): number {
  if (socPct <= points[0]![0]) return points[0]![1];
  for (let i = 1; i < points.length; i++) {
    const [s0, k0] = points[i - 1]!;
    const [s1, k1] = points[i]!;
    if (socPct <= s1) return s1 === s0 ? Math.min(k0, k1) : k0 + ((k1 - k0) * (socPct - s0)) / (s1 - s0);
  }
  return points.at(-1)![1];
}

/** The lowest (or highest) the curve goes between two states of charge: its value at both ends and at every point between. */
function curveExtreme(curve: Curve, from: number, to: number, pick: (a: number, b: number) => number): number {
  let value = pick(curveKw(curve, from), curveKw(curve, to));
  for (const [soc, kw] of curve) if (soc > from && soc < to) value = pick(value, kw);
  return value;
}

const pct = (limits: ChargingLimits, kwh: number) => (kwh / limits.batteryKwh) * 100;

/** The most a stay takes at a charge (kWh in the battery). */
export function powerAt(limits: ChargingLimits, kwh: number): number {
  return limits.curve ? Math.min(limits.capKw, curveKw(limits.curve, pct(limits, kwh))) : limits.capKw;
}

/**
 * Per-step power limits that keep any schedule within the curve, for the
 * planned strategies (a flow needs limits fixed before it runs). Charging
 * at most `speedKw` from arrival and as fast as the curve allows, the
 * vehicle is at most at the charge U_k at step k; the limit at a step is the
 * lowest the curve goes between the arrival charge and U_k. Any schedule
 * within these limits stays below U (each step adds at most what U adds), so
 * the curve at its real charge is at least the limit: sound for any curve
 * shape. A lower speed keeps the vehicle out of the taper for longer (higher
 * limits late in the stay) at the price of lower limits early on.
 */
export function speedLimitedCaps(
  limits: ChargingLimits,
  arrivalKwh: number,
  targetKwh: number,
  length: number,
  dt: number,
  speedKw = limits.capKw,
  into?: Float64Array,
): Float64Array {
  // (Into a caller's scratch row when given: its first `length` values are the limits.)
  const caps = into ?? new Float64Array(length);
  const top = Math.min(limits.capKw, speedKw);
  if (!limits.curve) return caps.fill(top, 0, length);
  let upper = arrivalKwh;
  let lowest = Math.min(top, curveKw(limits.curve, pct(limits, arrivalKwh)));
  for (let k = 0; k < length; k++) {
    caps[k] = lowest;
    const next = Math.min(targetKwh, upper + lowest * dt);
    if (next > upper)
      lowest = Math.min(lowest, curveExtreme(limits.curve, pct(limits, upper), pct(limits, next), Math.min));
    upper = Math.max(upper, next);
  }
  return caps;
}

/**
 * Energy (kWh) a stay puts in charging as fast as allowed from arrival,
 * capped at the target; with `path` (length + 1), the charge at the start of
 * each step and at the end written into it. Most callers only ask whether a
 * stay can be met, so the path is theirs to ask for (no array per question).
 */
export function fastestKwh(
  limits: ChargingLimits,
  arrivalKwh: number,
  targetKwh: number,
  length: number,
  dt: number,
  speedKw = Infinity,
  path?: Float64Array,
): number {
  let kwh = arrivalKwh;
  for (let k = 0; k < length; k++) {
    // At the target nothing more goes in: the rest of the path stays there (asked of every stay of a year, most of which reach it early).
    if (kwh >= targetKwh) {
      path?.fill(kwh, k, length + 1);
      return Math.max(0, kwh - arrivalKwh);
    }
    if (path) path[k] = kwh;
    kwh = Math.min(targetKwh, kwh + Math.min(speedKw, powerAt(limits, kwh)) * dt);
  }
  if (path) path[length] = kwh;
  return Math.max(0, kwh - arrivalKwh);
}

/**
 * Whether charging as fast as the stay allows from `arrivalKwh` puts
 * `needKwh` in (less 1e-6 kWh): `fastestKwh`'s answer, the one test every
 * "can it be charged?" asks (a charger's fit, a shortfall's reason, peak
 * shaving's must-reach). Without a curve the answer is full power for the
 * stay, capped at the target, worked out at once (asked of every stay of a
 * year); the step loop decides only where its rounding could (within 1e-7
 * kWh: a year of steps rounds by far less).
 */
export function reachesKwh(
  limits: ChargingLimits,
  arrivalKwh: number,
  targetKwh: number,
  length: number,
  dt: number,
  needKwh: number,
): boolean {
  if (!limits.curve) {
    const margin = Math.min(Math.max(0, targetKwh - arrivalKwh), length * limits.capKw * dt) - (needKwh - 1e-6);
    if (Math.abs(margin) > 1e-7) return margin > 0;
  }
  return fastestKwh(limits, arrivalKwh, targetKwh, length, dt) >= needKwh - 1e-6;
}

/**
 * Balanced charging with a curve: the lowest constant power that, held until
 * the curve falls below it, still puts `needKwh` in within `length` steps
 * (SpiceEV's balanced strategy searches for the same). When even full power
 * cannot, full power.
 */
export function balancedPower(limits: ChargingLimits, fromKwh: number, needKwh: number, length: number, dt: number) {
  if (needKwh <= 1e-9 || length <= 0) return 0;
  const flat = needKwh / (length * dt);
  if (!limits.curve) return Math.min(limits.capKw, flat);
  const target = fromKwh + needKwh;
  const reaches = (speed: number) => fastestKwh(limits, fromKwh, target, length, dt, speed) >= needKwh - 1e-9;
  if (!reaches(limits.capKw)) return limits.capKw;
  let lo = Math.min(flat, limits.capKw);
  if (reaches(lo)) return lo;
  let hi = limits.capKw;
  for (let i = 0; i < 40 && hi - lo > 1e-6 * Math.max(1, hi); i++) {
    const mid = (lo + hi) / 2;
    if (reaches(mid)) hi = mid;
    else lo = mid;
  }
  return hi;
}

/**
 * Limits no schedule can exceed, for the lower bound on peak shaving: at step
 * k a stay's charge lies between the latest path that still reaches the
 * target (when `mustReach`) and the fastest path, so its power is at most the
 * highest the curve goes there. A relaxation, not a plan: a schedule within
 * these limits may break the curve (it is checked, planCharging).
 */
export function relaxedCaps(
  limits: ChargingLimits,
  arrivalKwh: number,
  targetKwh: number,
  length: number,
  dt: number,
  mustReach: boolean,
): Float64Array {
  const caps = new Float64Array(length);
  if (!limits.curve) return caps.fill(limits.capKw);
  const fastest = new Float64Array(length + 1);
  fastestKwh(limits, arrivalKwh, targetKwh, length, dt, Infinity, fastest);
  const latest = new Float64Array(length + 1).fill(arrivalKwh);
  if (mustReach) {
    latest[length] = fastest[length]!;
    for (let k = length - 1; k >= 0; k--) latest[k] = latestBefore(limits, arrivalKwh, latest[k + 1]!, dt);
  }
  for (let k = 0; k < length; k++) {
    const from = pct(limits, Math.min(latest[k]!, fastest[k]!));
    const to = pct(limits, fastest[k]!);
    caps[k] = Math.min(limits.capKw, curveExtreme(limits.curve, from, to, Math.max));
  }
  return caps;
}

/**
 * The lowest charge at the start of a step from which a step at full power
 * can reach `after`. Found by bisection where one step can never overtake
 * another (the curve falls by less than 1 kW per kWh × step); elsewhere the
 * plain bound `after` − the curve's highest power × step, which is weaker but
 * holds for any curve.
 */
function latestBefore(limits: ChargingLimits, floor: number, after: number, dt: number): number {
  const reach = (kwh: number) => kwh + powerAt(limits, kwh) * dt;
  const highest = Math.min(limits.capKw, curveExtreme(limits.curve!, pct(limits, floor), pct(limits, after), Math.max));
  const plain = Math.max(floor, after - highest * dt);
  if (!monotoneStep(limits, dt)) return plain;
  if (reach(floor) >= after) return floor;
  let lo = plain;
  let hi = after;
  if (reach(lo) >= after) return lo;
  for (let i = 0; i < 50 && hi - lo > 1e-9 * Math.max(1, hi); i++) {
    const mid = (lo + hi) / 2;
    if (reach(mid) >= after) hi = mid;
    else lo = mid;
  }
  return lo;
}

/** Whether charge + power × step only grows with the charge (no piece of the curve falls by 1 kW per kWh × step or more). */
function monotoneStep(limits: ChargingLimits, dt: number): boolean {
  const curve = limits.curve!;
  for (let i = 1; i < curve.length; i++) {
    const dKwh = ((curve[i]![0] - curve[i - 1]![0]) / 100) * limits.batteryKwh;
    const dKw = curve[i]![1] - curve[i - 1]![1];
    if (dKwh <= 0 ? dKw < 0 : (dKw / dKwh) * dt <= -1) return false;
  }
  return true;
}

/** Sorted copy of a curve (rising charge), or null. */
export function sortedCurve(points: Curve | undefined): Curve | null {
  return points && points.length > 0 ? [...points].sort((a, b) => a[0] - b[0]) : null;
}
