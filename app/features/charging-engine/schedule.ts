/**
 * A strategy's plan: each stay's battery-side kW at each step of its stay.
 * The rows are views into one buffer: a year of a fleet is some 70,000 stays
 * and 3 million steps, which as one block outside the JavaScript heap leaves
 * the collector nothing to trace and no heap to grow for them (as 70,000
 * arrays it was a third of the plan's live memory; decision 027).
 */
export type Schedule = Float64Array[];

/** Schedules made here and not yet handed out by zeroedRows: their buffer is still all zeros. */
const untouched = new WeakSet<Schedule>();

/** A schedule of zeros for stays of these lengths. */
export function emptySchedule(stays: readonly { length: number }[]): Schedule {
  let total = 0;
  for (const stay of stays) total += stay.length;
  const buffer = new Float64Array(total);
  const rows = new Array<Float64Array>(stays.length);
  let at = 0;
  for (let i = 0; i < stays.length; i++) {
    rows[i] = buffer.subarray(at, at + stays[i]!.length);
    at += stays[i]!.length;
  }
  untouched.add(rows);
  return rows;
}

/**
 * A schedule made once for the stays (prepare), zeroed for one more strategy:
 * the four share one buffer instead of each leaving one for the collector.
 * Each gets its own list of the rows, so a row a strategy replaces (peak
 * shaving swaps in a group's better attempt) is replaced in its list only.
 * No result keeps a row (sessions copy theirs).
 */
export function zeroedRows(schedule: Schedule): Schedule {
  const rows = schedule.slice();
  // The first strategy on a fresh buffer finds it zeroed already (a year's is some 20 MB to write).
  if (!untouched.delete(schedule)) clearSchedule(rows);
  return rows;
}

/** Every row back to zeros (a strategy's next round or cycle writes it again). */
export function clearSchedule(schedule: Schedule): void {
  for (const row of schedule) row.fill(0);
}

/**
 * Energy a stay's steps put in (the first `end` of them). A loop, not
 * reduce: a builtin's callback boxes every partial sum, which on a year of
 * a fleet made more garbage than the plan itself.
 */
export const delivered = (kw: ArrayLike<number>, dt: number, end = kw.length) => {
  let sum = 0;
  for (let k = 0; k < end; k++) sum += kw[k]! * dt;
  return sum;
};

/** A stay's last step that charges (above 1e-9 kW), or -1: a loop, as findLastIndex's callback per step was a fair share of applying the floors to a year. */
export function lastCharging(kw: ArrayLike<number>): number {
  for (let k = kw.length - 1; k >= 0; k--) if (kw[k]! > 1e-9) return k;
  return -1;
}

/** The charge before each step of a row. */
export function chargeBefore(kw: Float64Array, arrivalKwh: number, dt: number): Float64Array {
  const charge = new Float64Array(kw.length + 1);
  charge[0] = arrivalKwh;
  for (let k = 0; k < kw.length; k++) charge[k + 1] = charge[k]! + kw[k]! * dt;
  return charge;
}
