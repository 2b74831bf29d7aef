import type { Chain } from "./chain";
import { CycleState } from "./cycle-state";
import type { Stay, Vehicle } from "./stays";

/**
 * A cycle of weeks that repeat, run whole where the connection binds
 * (decision 078). Sharing a bound connection makes each vehicle's charging
 * depend on the others', so the week cannot be run on its own (week-cycle.ts),
 * but the run still settles: once a week starts in exactly the state the week
 * before started in (every vehicle at the depot in the like stay with the
 * same charge to the bit, every vehicle out having left with the same, the
 * same stays charging in the same order, each with the same balanced speed
 * and whether it is to be worked out again), every later week of the first lap is
 * that week again, since the duty, the chargers and the connection's room
 * repeat too. So at each week's start the state is compared with the one a
 * week before, and on a match the run jumps to the end of the first lap: the
 * week just run is copied into every week skipped (its pieces and chain), the
 * state is carried to the like stays of the last week, and the run goes on
 * from there into the second lap as before. Bit for bit what running every
 * week gives (simulate.test.ts): each decision depends only on that state and
 * on inputs that repeat.
 */
export abstract class WeekJumps extends CycleState {
  /** Each stay's like a week later on the unwrapped timeline (-1: none), or null when the cycle is not whole weeks that repeat. */
  private readonly next: Int32Array | null;
  private readonly week: number;
  private readonly weeks: number;
  /** The next week's start to look at (Infinity: none). */
  protected nextBoundary = Infinity;
  /** Weeks skipped by jumps in the last run (for the tests). */
  weeksSkipped = 0;
  // The state at the last week's start (per vehicle, and per place in the list of stays charging).
  private readonly before: { present: Int32Array; soc: Float64Array; left: Float64Array; active: Int32Array };
  private readonly beforeStay: { counted: Uint8Array; recompute: Uint8Array; speed: Float64Array };
  private beforeCount = -1;

  constructor(
    stays: Stay[],
    vehicles: Vehicle[],
    steps: number,
    dt: number,
    headroom: number[],
    /** The week (its steps) and each stay's like in it, when the cycle is whole weeks that repeat (week-cycle.ts). */
    week: { steps: number; like: Int32Array } | null,
  ) {
    super(stays, vehicles, steps, dt, headroom);
    this.week = week?.steps ?? steps;
    this.weeks = Math.round(steps / this.week);
    this.next = week && this.weeks >= 3 ? this.likesAWeekLater(week.like) : null;
    const n = this.n;
    const v = vehicles.length;
    this.before = {
      present: new Int32Array(v),
      soc: new Float64Array(v),
      left: new Float64Array(v),
      active: new Int32Array(n),
    };
    this.beforeStay = {
      counted: new Uint8Array(n),
      recompute: new Uint8Array(n),
      speed: new Float64Array(n),
    };
  }

  protected override reset() {
    super.reset();
    this.beforeCount = -1;
    this.weeksSkipped = 0;
    this.nextBoundary = this.next ? this.week : Infinity;
  }

  /**
   * At the start of week `u / week` (before anything due then): every run cut
   * there (so each charge is known), the state compared with the week
   * before's, and on a match the jump. Returns the step to go on from: `u`,
   * or the end of the first lap.
   */
  protected atWeekStart(u: number, lastDeparture: Float64Array, chain: Chain): number {
    const active = this.compacted();
    for (const i of active) if (this.running[i]) this.interrupt(i, u);
    const same = this.beforeCount >= 0 && this.sameAsWeekBefore(u, lastDeparture);
    this.remember(u, lastDeparture);
    const b = u / this.week;
    this.nextBoundary = b + 1 < this.weeks ? u + this.week : Infinity;
    if (!same) return u;
    this.nextBoundary = Infinity;
    const skip = this.weeks - b;
    this.copyWeek(b, skip, chain);
    this.carryState(u, skip);
    this.weeksSkipped += skip;
    return this.steps;
  }

  /** The stay a vehicle is in at step `u` (arrived before it, not yet left), or -1. */
  private presentAt(v: number, u: number): number {
    const i = this.current[v]!;
    return i >= 0 && this.leaves[i]! >= u ? i : -1;
  }

  private sameAsWeekBefore(u: number, lastDeparture: Float64Array): boolean {
    const next = this.next!;
    const { before, beforeStay } = this;
    for (let v = 0; v < this.current.length; v++) {
      const i = this.presentAt(v, u);
      const was = before.present[v]!;
      // Out: what it comes back with follows from what it left with. In: from its charge now (it leaves with that).
      if (i < 0 || was < 0) {
        if (i !== was || !Object.is(lastDeparture[v], before.left[v])) return false;
      } else if (next[was] !== i || !Object.is(this.soc[i], before.soc[v])) return false;
    }
    const active = this.active;
    if (active.length !== this.beforeCount) return false;
    for (let p = 0; p < active.length; p++) {
      const i = active[p]!;
      if (next[before.active[p]!] !== i) return false;
      // (Not what it wants: that is worked out again from its charge at the week's start, atWeekStart's caller.)
      if (this.counted[i] !== beforeStay.counted[p] || this.recompute[i] !== beforeStay.recompute[p]) return false;
      if (!Object.is(this.speed[i], beforeStay.speed[p])) return false;
    }
    return true;
  }

  private remember(u: number, lastDeparture: Float64Array) {
    const { before, beforeStay } = this;
    for (let v = 0; v < this.current.length; v++) {
      const i = this.presentAt(v, u);
      before.present[v] = i;
      before.soc[v] = i >= 0 ? this.soc[i]! : 0;
      before.left[v] = lastDeparture[v]!;
    }
    const active = this.active;
    for (let p = 0; p < active.length; p++) {
      const i = active[p]!;
      before.active[p] = i;
      beforeStay.counted[p] = this.counted[i]!;
      beforeStay.recompute[p] = this.recompute[i]!;
      beforeStay.speed[p] = this.speed[i]!;
    }
    this.beforeCount = active.length;
  }

  /** Week b − 1 (just run) copied into weeks b to b + skip − 1: each stay's pieces within it, and the chain of each stay arriving in it. */
  private copyWeek(b: number, skip: number, chain: Chain) {
    const next = this.next!;
    const { pieces, start, leaves, arrivals, week } = this;
    const from = (b - 1) * week;
    const to = b * week;
    // The week's stays and their pieces within it (clipped to it), read once.
    const template: number[] = [];
    const arriving: number[] = [];
    const ofStay: number[] = [];
    const rows = { from: [] as number[], to: [] as number[], kw: [] as number[] };
    for (const i of arrivals) {
      if (start[i]! >= to) break;
      if (leaves[i]! <= from) continue;
      if (start[i]! >= from) arriving.push(template.length);
      for (let p = pieces.first[i]!; p >= 0; p = pieces.next[p]!) {
        const a = Math.max(pieces.from[p]!, from);
        const z = Math.min(pieces.to[p]!, to);
        if (a >= z) continue;
        ofStay.push(template.length);
        rows.from.push(a);
        rows.to.push(z);
        rows.kw.push(pieces.kw[p]!);
      }
      template.push(i);
    }
    const typed = { from: Int32Array.from(rows.from), to: Int32Array.from(rows.to), kw: Float64Array.from(rows.kw) };
    pieces.reserve(pieces.count + ofStay.length * skip);
    const { arrivalKwh, needKwh, topUpKwh, previousDepartureKwh } = chain;
    const like = Int32Array.from(template);
    const stayOf = new Int32Array(ofStay.length);
    for (let t = 1; t <= skip; t++) {
      for (let x = 0; x < like.length; x++) like[x] = next[like[x]!]!;
      for (let q = 0; q < ofStay.length; q++) stayOf[q] = like[ofStay[q]!]!;
      pieces.addShifted(stayOf, typed, ofStay.length, t * week);
      for (const x of arriving) {
        const [i, j] = [template[x]!, like[x]!];
        arrivalKwh[j] = arrivalKwh[i]!;
        needKwh[j] = needKwh[i]!;
        topUpKwh[j] = topUpKwh[i]!;
        previousDepartureKwh[j] = previousDepartureKwh[i]!;
      }
    }
  }

  /** The state at week b's start carried to the like stays `skip` weeks later (the end of the first lap). */
  private carryState(u: number, skip: number) {
    const next = this.next!;
    const later = (i: number) => {
      for (let t = 0; t < skip; t++) i = next[i]!;
      return i;
    };
    for (let v = 0; v < this.current.length; v++) {
      const i = this.presentAt(v, u);
      if (i >= 0) this.soc[later(i)] = this.soc[i]!;
      if (this.current[v]! >= 0) this.current[v] = later(this.current[v]!);
    }
    const active = this.active;
    for (let p = 0; p < active.length; p++) {
      const i = active[p]!;
      const j = (active[p] = later(i));
      this.counted[j] = this.counted[i]!;
      this.want[j] = this.want[i]!;
      this.recompute[j] = this.recompute[i]!;
      this.speed[j] = this.speed[i]!;
      this.counted[i] = 0;
    }
    this.activeCount = active.length;
    this.queue.clear();
  }

  /**
   * Each stay's like a week later (the same vehicle's stay starting a week
   * on, of the same like in the week), or null if some stay of the first lap
   * lacks its like in the week after, or (from the third week) before.
   */
  private likesAWeekLater(like: Int32Array): Int32Array | null {
    const { start, week, steps } = this;
    const next = new Int32Array(this.n).fill(-1);
    const hasPrevious = new Uint8Array(this.n);
    for (const vehicle of this.vehicles) {
      const list = vehicle.stays;
      let k = 0;
      for (const i of list) {
        while (k < list.length && start[list[k]!]! < start[i]! + week) k++;
        const j = list[k];
        if (j !== undefined && start[j] === start[i]! + week && like[j] === like[i]) {
          next[i] = j;
          hasPrevious[j] = 1;
        }
      }
    }
    for (let i = 0; i < this.n; i++) {
      if (start[i]! < steps - week && next[i]! < 0) return null;
      // (From the third week: the first week's like of a stay in the second may be a lap later, where a vehicle's last
      // stay of the cycle ran past its end; the first jump is from the third week's start.)
      if (start[i]! >= 2 * week && start[i]! < steps && !hasPrevious[i]) return null;
    }
    return next;
  }
}

/** The first place in `order` (sorted by `key`) whose key is at least `u`. */
export function firstAtOrAfter(order: Int32Array, key: Int32Array, u: number): number {
  let lo = 0;
  let hi = order.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (key[order[mid]!]! < u) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
