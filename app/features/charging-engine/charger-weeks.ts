import type { Curve } from "./curve";
import { firstArrival } from "./stays";

/**
 * Chargers for a cycle of weeks that repeat (charger-assignment.ts). First
 * come, first served from the cycle's first step starts the first week with
 * every charger free, which a repeating cycle never has: the vehicles still
 * plugged in from the week before hold theirs. So the stays that ran past
 * the cycle's end found their chargers taken by that first week and waited,
 * in a depot with a charger for every vehicle (measured: six vans of the
 * mixed fleet, 118 hours of waiting in all, in a one-week plan and in the
 * last week of a year's). Instead the week's arrivals are placed week after
 * week from an empty depot until a week is placed as the one before it:
 * every later week would be too (each is placed from the vehicles the one
 * before left plugged in, and those are the same), so that is the week the
 * depot settles into, and every week of the cycle takes its chargers as it
 * does (decision 044). A year's other weeks are then not placed at all.
 */

/** The stays as they arrive and ask for a charger, as columns (charger-assignment.ts reads them from the stays). */
export type Asked = {
  start: Int32Array;
  length: Int32Array;
  trip: Float64Array;
  target: Float64Array;
  vehicleMax: Float64Array;
  battery: Float64Array;
  curves: (Curve | null)[];
  /** The units each can use, as bits in order of power. */
  types: Uint32Array[];
  swapAt: (number | undefined)[];
  vehicle: Int32Array;
};

/** What the assignment gave each stay: its charger (-1: none), steps it waited, its start and steps on the charger. */
export type Placed = { unitOf: Int32Array; waited: Int32Array; length: Int32Array; start: Int32Array };

/** Placing a line of weeks: `weekEnd(w)` says whether to stop after week w; returns where it stopped (-1: at the end). */
type PlaceLine = (
  line: Asked,
  steps: number,
  weekEnd: (w: number, placed: Placed) => boolean,
) => { placed: Placed; stoppedAfter: number };

/** Weeks placed from an empty depot before giving up on one settling (the mixed fleet settles in its third). */
const LINE_WEEKS = 8;

export class RepeatingWeeks {
  private constructor(
    private readonly asked: Asked,
    private readonly steps: number,
    private readonly week: number,
    /** The stays arriving in the cycle's first week, as made. */
    private readonly first: Int32Array,
    /** Each stay's like in the first week (its place in `first`). */
    private readonly like: Int32Array,
  ) {}

  /**
   * The weeks, when the cycle is whole weeks and every stay has its like in
   * each (the same vehicle, trip and stay a week apart); else null. A
   * vehicle's stays come one after another in the order made; its k-th
   * arrival (firstArrival) has its like in its (k mod m)-th, m being its
   * stays a week (read this way, not looked up, as a year holds some 28,000;
   * checked all the same).
   */
  static of(steps: number, week: number, asked: Asked): RepeatingWeeks | null {
    const weeks = steps / week;
    if (!Number.isInteger(weeks) || weeks < 1) return null;
    const { vehicle, start, length, trip } = asked;
    const n = start.length;
    // Each stay's like in the first week (as a stay), and whether it is one.
    const twin = new Int32Array(n);
    const isFirst = new Uint8Array(n);
    for (let a = 0, b = 0; a < n; a = b) {
      while (b < n && vehicle[b] === vehicle[a]) b++;
      if (b < n && vehicle[b]! < vehicle[a]!) return null;
      const count = b - a;
      if (count % weeks !== 0) return null;
      const m = count / weeks;
      const shift = firstArrival(count, (k) => start[a + k]!);
      const nth = (k: number) => a + ((shift + k) % count);
      for (let k = 0; k < count; k++) {
        const i = nth(k);
        const j = nth(k % m);
        if (start[i] !== start[j]! + Math.floor(k / m) * week || trip[j] !== trip[i] || length[j] !== length[i])
          return null;
        twin[i] = j;
        if (k < m && start[i]! >= week) return null;
        if (k < m) isFirst[i] = 1;
      }
    }
    const first = new Int32Array(n / weeks);
    const like = new Int32Array(n);
    let q = 0;
    for (let i = 0; i < n; i++)
      if (isFirst[i]) {
        like[i] = q;
        first[q++] = i;
      }
    for (let i = 0; i < n; i++) like[i] = like[twin[i]!]!;
    return new RepeatingWeeks(asked, steps, week, first, like);
  }

  /**
   * The cycle's stays placed as the week the depot settles into: the first
   * week's stays laid on a line of weeks (each a week after the one before),
   * placed in order of arrival until a week is placed as the one before it.
   * Null when none does within LINE_WEEKS.
   */
  settle(placeLine: PlaceLine): Placed | null {
    const { asked, first, week } = this;
    const m = first.length;
    const size = m * LINE_WEEKS;
    const line: Asked = {
      start: new Int32Array(size),
      length: new Int32Array(size),
      trip: new Float64Array(size),
      target: new Float64Array(size),
      vehicleMax: new Float64Array(size),
      battery: new Float64Array(size),
      curves: new Array<Curve | null>(size),
      types: new Array<Uint32Array>(size),
      swapAt: new Array<number | undefined>(size),
      vehicle: new Int32Array(size),
    };
    for (let w = 0; w < LINE_WEEKS; w++)
      for (let q = 0; q < m; q++) {
        const i = first[q]!;
        const k = w * m + q;
        line.start[k] = asked.start[i]! + w * week;
        line.length[k] = asked.length[i]!;
        line.trip[k] = asked.trip[i]!;
        line.target[k] = asked.target[i]!;
        line.vehicleMax[k] = asked.vehicleMax[i]!;
        line.battery[k] = asked.battery[i]!;
        line.curves[k] = asked.curves[i]!;
        line.types[k] = asked.types[i]!;
        line.swapAt[k] = asked.swapAt[i];
        line.vehicle[k] = asked.vehicle[i]!;
      }
    const asBefore = (w: number, placed: Placed) => {
      if (w < 1) return false;
      for (let k = w * m; k < (w + 1) * m; k++)
        if (
          placed.unitOf[k] !== placed.unitOf[k - m] ||
          placed.waited[k] !== placed.waited[k - m] ||
          placed.length[k] !== placed.length[k - m]
        )
          return false;
      return true;
    };
    // A line a week longer than its stays' arrivals, so the last week's stays end on it.
    const { placed, stoppedAfter } = placeLine(line, (LINE_WEEKS + 1) * week, asBefore);
    if (stoppedAfter < 1) return null;
    const n = asked.start.length;
    const out: Placed = {
      unitOf: new Int32Array(n),
      waited: new Int32Array(n),
      length: new Int32Array(n),
      start: new Int32Array(n),
    };
    for (let i = 0; i < n; i++) {
      const k = stoppedAfter * m + this.like[i]!;
      out.unitOf[i] = placed.unitOf[k]!;
      out.waited[i] = placed.waited[k]!;
      out.length[i] = placed.length[k]!;
      out.start[i] = (asked.start[i]! + placed.waited[k]!) % this.steps;
    }
    return out;
  }
}
