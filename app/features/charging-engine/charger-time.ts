/** When each charger unit is taken, as the charger assignment (charger-assignment.ts) asks it. */

/**
 * Which units are taken at the step the stays have reached, as bits (a quick
 * "no" before waitFor): each taking and freeing is listed at its step and
 * applied as the arrivals pass it, frees first (a unit freed and taken again
 * at one step stays taken). Arrivals only move forward, so a list per step
 * does what a priority queue did, for less (profiled).
 */
export class TakenNow {
  readonly bits: Uint32Array;
  private readonly head: Int32Array;
  private next = new Int32Array(256);
  private code = new Int32Array(256);
  private count = 0;
  private reached = 0;

  constructor(units: number, steps: number) {
    this.bits = new Uint32Array(Math.ceil(units / 32));
    this.head = new Int32Array(steps + 1).fill(-1);
  }

  /** Unit p is taken from step `from` (not before the arrivals reached) until `to`. */
  take(p: number, from: number, to: number): void {
    if (from < this.reached) this.bits[p >> 5]! |= 1 << (p & 31);
    else this.add(from, p * 2 + 1);
    this.add(to, p * 2);
  }

  /** Applies every taking and freeing up to step `step`. */
  advanceTo(step: number): void {
    const { bits, head, next, code } = this;
    for (; this.reached <= step; this.reached++) {
      const first = head[this.reached]!;
      for (let e = first; e >= 0; e = next[e]!)
        if (!(code[e]! & 1)) bits[code[e]! >> 6]! &= ~(1 << ((code[e]! >> 1) & 31));
      for (let e = first; e >= 0; e = next[e]!) if (code[e]! & 1) bits[code[e]! >> 6]! |= 1 << ((code[e]! >> 1) & 31);
    }
  }

  private add(step: number, code: number): void {
    if (this.count === this.code.length) {
      const grown = (from: Int32Array) => {
        const into = new Int32Array(from.length * 2);
        into.set(from);
        return into;
      };
      this.next = grown(this.next);
      this.code = grown(this.code);
    }
    this.code[this.count] = code;
    this.next[this.count] = this.head[step]!;
    this.head[step] = this.count++;
  }
}

/**
 * The steps of the cycle a charger is taken, as disjoint intervals in order
 * (a stay that runs past the end of the cycle is two): a year of a fleet
 * asks "how long until this unit is free for this stay?" of every unit for
 * every stay, which over a row of steps cost a scan of the stay each time.
 */
export class BusyTime {
  private readonly starts: number[] = [];
  private readonly ends: number[] = [];
  constructor(private readonly steps: number) {}

  /** How long a stay from `start` for `length` steps would wait for this unit to be free until it leaves (0 when it is free on arrival): the offset of the last taken step in its time, plus one. */
  waitFor(start: number, length: number): number {
    const end = start + length;
    if (end > this.steps) {
      const wrapped = end - this.steps;
      const last = this.lastStartingBefore(wrapped);
      if (last >= 0) return this.steps - start + Math.min(this.ends[last]!, wrapped);
    }
    const to = Math.min(end, this.steps);
    const last = this.lastStartingBefore(to);
    return last >= 0 && this.ends[last]! > start ? Math.min(this.ends[last]!, to) - start : 0;
  }

  take(start: number, length: number): void {
    const end = start + length;
    this.insert(start, Math.min(end, this.steps));
    if (end > this.steps) this.insert(0, end - this.steps);
  }

  /** The last interval that starts before `step`, or -1. */
  private lastStartingBefore(step: number): number {
    let low = 0;
    let high = this.starts.length;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (this.starts[middle]! < step) low = middle + 1;
      else high = middle;
    }
    return low - 1;
  }

  private insert(start: number, end: number): void {
    const at = this.lastStartingBefore(start) + 1;
    if (at === this.starts.length) {
      this.starts.push(start);
      this.ends.push(end);
    } else {
      this.starts.splice(at, 0, start);
      this.ends.splice(at, 0, end);
    }
  }
}
