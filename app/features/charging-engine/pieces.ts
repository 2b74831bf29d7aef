import type { Schedule } from "./schedule";

/**
 * A simulated strategy's plan as pieces: stay i charges at `kw` from step
 * `from` to `to` of the unwrapped timeline (its row's step k is `from` −
 * the stay's unwrapped start + k). The simulation writes pieces, not rows:
 * a year of a fleet is some 60,000 pieces against 2.7 million stay-steps
 * (21 MB, mostly 0), and the figures (summarise) read the pieces in the
 * order a row would be read, so every sum is the same to the bit. Rows are
 * written only for whoever asks for them (sessions, a stay's shortfall).
 */
export class Pieces {
  stay = new Int32Array(1024);
  from = new Int32Array(1024);
  to = new Int32Array(1024);
  kw = new Float64Array(1024);
  count = 0;
  /** Each stay's pieces in time order, as a chain: its first, and each piece's next (-1: none). */
  readonly first: Int32Array;
  readonly last: Int32Array;
  next = new Int32Array(1024);

  constructor(
    stays: number,
    /** Each stay's start on the unwrapped timeline (its row's step 0). */
    readonly start: Int32Array,
    /** Each stay's step in the cycle less its step on the unwrapped timeline (where its pieces fall in the cycle). */
    readonly offset: Int32Array,
  ) {
    this.first = new Int32Array(stays).fill(-1);
    this.last = new Int32Array(stays).fill(-1);
  }

  clear(): void {
    this.count = 0;
    this.first.fill(-1);
    this.last.fill(-1);
  }

  /** Room for `count` pieces in all, made at once (for a plan whose number of pieces is known). */
  reserve(count: number): void {
    if (this.stay.length < count) this.grow(count);
  }

  /** Stay i charges at `kw` from step `from` to `to` (after every piece it already has). */
  add(i: number, from: number, to: number, kw: number): void {
    if (this.count === this.stay.length) this.grow();
    const p = this.count++;
    this.stay[p] = i;
    this.from[p] = from;
    this.to[p] = to;
    this.kw[p] = kw;
    this.next[p] = -1;
    if (this.last[i]! >= 0) this.next[this.last[i]!] = p;
    else this.first[i] = p;
    this.last[i] = p;
  }

  /** Pieces `q` < `length` of the given rows added, each to stay `stayOf[q]` and `shift` steps later (a week copied, week-jumps.ts). */
  addShifted(
    stayOf: Int32Array,
    rows: { from: Int32Array; to: Int32Array; kw: Float64Array },
    length: number,
    shift: number,
  ): void {
    this.reserve(this.count + length);
    const { stay, from, to, kw, next, first, last } = this;
    let p = this.count;
    for (let q = 0; q < length; q++, p++) {
      const i = stayOf[q]!;
      stay[p] = i;
      from[p] = rows.from[q]! + shift;
      to[p] = rows.to[q]! + shift;
      kw[p] = rows.kw[q]!;
      next[p] = -1;
      const before = last[i]!;
      if (before >= 0) next[before] = p;
      else first[i] = p;
      last[i] = p;
    }
    this.count = p;
  }

  /** Stay i's last piece ends at step `at` (it was cut short there). */
  cutAt(i: number, at: number): void {
    const p = this.last[i]!;
    if (p >= 0 && this.to[p]! > at) this.to[p] = Math.max(this.from[p]!, at);
  }

  /** Stay i's row (its kW at each of its `length` steps) into `row`, zeros elsewhere. */
  writeRow(i: number, row: Float64Array): Float64Array {
    row.fill(0);
    const first = this.start[i]!;
    for (let p = this.first[i]!; p >= 0; p = this.next[p]!)
      row.fill(this.kw[p]!, this.from[p]! - first, this.to[p]! - first);
    return row;
  }

  /** Every stay's row into a schedule (zeroed by the caller). */
  writeInto(schedule: Schedule): Schedule {
    for (let i = 0; i < schedule.length; i++)
      if (this.first[i]! >= 0) {
        const row = schedule[i]!;
        const first = this.start[i]!;
        for (let p = this.first[i]!; p >= 0; p = this.next[p]!)
          row.fill(this.kw[p]!, this.from[p]! - first, this.to[p]! - first);
      }
    return schedule;
  }

  /** Wider rows: to `size`, or twice as wide (one allocation however far it grows). */
  private grow(size = this.stay.length * 2): void {
    const wider = <T extends Int32Array | Float64Array>(from: T, into: T): T => (into.set(from), into);
    this.stay = wider(this.stay, new Int32Array(size));
    this.from = wider(this.from, new Int32Array(size));
    this.to = wider(this.to, new Int32Array(size));
    this.kw = wider(this.kw, new Float64Array(size));
    this.next = wider(this.next, new Int32Array(size));
  }
}
