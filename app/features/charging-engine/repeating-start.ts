/**
 * The charge each vehicle starts a simulated cycle with, searched for so that
 * it ends the cycle with the same: the cycle's repeating state (decision 041).
 *
 * Running the cycle again from where it ended gets there only linearly: a
 * vehicle short by a little each cycle loses that little each time (400
 * day-cycles still left a millionth). But a vehicle's lap has a shape to use:
 * from a fuller start it never ends emptier, nor fuller by more than the start
 * was, so its gain (end − start) falls as the start rises, and a vehicle that
 * starts empty cannot end below empty. So each vehicle's repeating start is
 * the root of a falling function with a known side at 0, and a root search
 * finds it in a few runs: an extrapolation along the lap's slope (secant)
 * until the root is bracketed, then false position (Illinois) within the
 * bracket, with bisection where that stalls.
 *
 * Vehicles couple where the connection binds (they are scaled down
 * together): then one vehicle's lap depends on the others' starts, the root
 * moves as they move, and a start the search put below it could end a run
 * that is cut short fuller than it began, crediting the plan with charge it
 * would not deliver cycle after cycle. So once a run binds the search stops,
 * and the cycle is run again from where the plain chain of runs (from the
 * targets, each from where the one before ended) had got to, as before this
 * search: from above, never crediting more than the repeating state gives.
 * Either way the plan is a real run of the cycle, and it is the repeating
 * state when every vehicle ended as it started (`settled`).
 */
export class RepeatingStart {
  private readonly lo: Float64Array;
  private readonly gainLo: Float64Array;
  private readonly hi: Float64Array;
  private readonly gainHi: Float64Array;
  /** Which end of the bracket moved last (1 low, -1 high, 0 none): Illinois halves the other's gain when one end moves twice. */
  private readonly moved: Int8Array;
  private previousStart: Float64Array | null = null;
  private previousEnd: Float64Array | null = null;
  /** Whether the last run started where the plain chain had got to, and the end of the last such run. */
  private onChain = true;
  private chainEnd: Float64Array | null = null;
  private plainOnly = false;

  constructor(vehicles: number) {
    this.lo = new Float64Array(vehicles);
    this.gainLo = new Float64Array(vehicles).fill(Number.NaN);
    this.hi = new Float64Array(vehicles).fill(Infinity);
    this.gainHi = new Float64Array(vehicles).fill(Number.NaN);
    this.moved = new Int8Array(vehicles);
  }

  /** Whether every vehicle ended the cycle as it started it (to a millionth of its charge). */
  static settled(start: Float64Array, end: Float64Array): boolean {
    return end.every((kwh, v) => repeats(start[v]!, kwh));
  }

  /** The starts to run the cycle from next, after a run from `start` ended with `end` (`bound`: the connection bound in it). */
  next(start: Float64Array, end: Float64Array, bound: boolean): Float64Array {
    if (this.onChain) this.chainEnd = end;
    if (bound) this.plainOnly = true;
    if (this.plainOnly) {
      this.onChain = true;
      return Float64Array.from(this.chainEnd!);
    }
    const next = new Float64Array(end.length);
    for (let v = 0; v < end.length; v++) next[v] = this.startFor(v, start[v]!, end[v]!);
    this.onChain = next.every((kwh, v) => kwh === end[v]);
    this.previousStart = start;
    this.previousEnd = end;
    return next;
  }

  private startFor(v: number, start: number, end: number): number {
    const gain = end - start;
    if (repeats(start, end)) return end;
    // An end the others' starts moved (a gain on the wrong side of it): forgotten.
    if (gain > 0 && start >= this.hi[v]!) [this.hi[v], this.gainHi[v], this.moved[v]] = [Infinity, Number.NaN, 0];
    if (gain < 0 && start <= this.lo[v]!) [this.lo[v], this.gainLo[v], this.moved[v]] = [0, Number.NaN, 0];
    if (gain > 0) {
      this.gainHi[v] = this.moved[v] === 1 ? this.gainHi[v]! / 2 : this.gainHi[v]!;
      this.lo[v] = start;
      this.gainLo[v] = gain;
      this.moved[v] = 1;
    } else {
      this.gainLo[v] = this.moved[v] === -1 ? this.gainLo[v]! / 2 : this.gainLo[v]!;
      this.hi[v] = start;
      this.gainHi[v] = gain;
      this.moved[v] = -1;
    }
    const lo = this.lo[v]!;
    const hi = this.hi[v]!;
    // Bracketed: false position between the two ends (the halved gain keeps one end from sticking), else halve it.
    if (Number.isFinite(hi) && !Number.isNaN(this.gainLo[v]!) && !Number.isNaN(this.gainHi[v]!)) {
      const root = lo + (this.gainLo[v]! * (hi - lo)) / (this.gainLo[v]! - this.gainHi[v]!);
      return root > lo && root < hi ? root : (lo + hi) / 2;
    }
    // Not yet bracketed: the first time, the plain step; then along the lap's slope, overshooting on purpose to get
    // the other side (at worst to empty, where the gain cannot be negative).
    if (!this.previousStart || !this.previousEnd) return end;
    const run = start - this.previousStart[v]!;
    // The same start ended differently only if another vehicle moved it: no slope to read, the plain step.
    if (Math.abs(run) <= 1e-12) return end;
    const slope = (end - this.previousEnd[v]!) / run;
    const along = slope < 1 - 1e-9 ? start + gain / (1 - slope) : -Infinity;
    return gain > 0 ? Math.min(hi, Math.max(end, along)) : Math.max(lo, Math.min(end, along));
  }
}

/** A lap that ends within a millionth of the charge it started with repeats. */
const repeats = (start: number, end: number) => Math.abs(end - start) <= 1e-6 * Math.max(1, end);
