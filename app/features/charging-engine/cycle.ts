import { arriveWith, emptyChain, type Chain } from "./chain";
import { balancedPower, powerAt } from "./curve";
import { shareConnection } from "./share-connection";
import type { Stay, Vehicle } from "./stays";
import { firstAtOrAfter, WeekJumps } from "./week-jumps";

const EPS = 1e-9;
type Mode = "uncontrolled" | "balanced";

/**
 * One run of the cycle. Time is unwrapped over two laps: each vehicle's
 * stays in its own order, a stay after one that wrapped past the end of the
 * cycle a lap later. In the first lap the connection's room at a step is its
 * headroom; in the second it is what the first lap left at the same step of
 * the cycle (summed, as the step-by-step simulation does, in arrival order).
 */
export class Cycle extends WeekJumps {
  private readonly wants: Float64Array;
  private readonly given: Float64Array;

  constructor(
    stays: Stay[],
    vehicles: Vehicle[],
    steps: number,
    dt: number,
    headroom: number[],
    private readonly mode: Mode,
    /** The week and each stay's like in it, when the cycle is whole weeks that repeat (week-jumps.ts). */
    week: { steps: number; like: Int32Array } | null = null,
  ) {
    super(stays, vehicles, steps, dt, headroom, week);
    this.wants = new Float64Array(this.n);
    this.given = new Float64Array(this.n);
  }

  // Kept whole: the event loop of the simulation (a third of a plan's time):
  // arrivals, departures and the connection's sharing read and write the same columns at each event, and splitting it
  // would pass them through calls on every step of a year.
  // eslint-disable-next-line max-lines-per-function -- kept whole, for the reason above
  run(startCarry: Float64Array): { chain: Chain; endCarry: Float64Array; bound: boolean } {
    const { stays, dt, horizon, start, leaves, arrivals, endings, queue } = this;
    // Every vehicle leaving full as the first guess (chainFrom with fullDepartures, from the typed rows); each arrival sets its stay's own.
    const chain = emptyChain(this.n);
    for (let i = 0; i < this.n; i++)
      arriveWith(chain, i, this.target[i]!, this.trip[i]!, this.target[this.previous[i]!]!);
    const lastDeparture = Float64Array.from(startCarry);
    this.reset();
    let nextArrival = 0;
    let nextEnding = 0;
    // The first step at or after which the connection could bind at the fleet's total (a superset of the steps that do).
    let bindFrom = 0;
    let total = 0;
    let totalSearched = Infinity;
    let updates = 0;
    let evaluateAllAt = -1;
    for (;;) {
      let u = horizon;
      if (nextArrival < arrivals.length) u = Math.min(u, start[arrivals[nextArrival]!]!);
      if (nextEnding < endings.length) u = Math.min(u, leaves[endings[nextEnding]!]!);
      u = Math.min(u, queue.nextStep);
      if (this.activeCount > 0) u = Math.min(u, bindFrom);
      if (evaluateAllAt >= 0) u = Math.min(u, evaluateAllAt);
      u = Math.min(u, this.nextBoundary);
      if (u >= horizon) break;

      // A week's start: its state compared with the week before's, and on a match a jump to the first lap's end.
      if (u === this.nextBoundary) {
        const to = this.atWeekStart(u, lastDeparture, chain);
        if (to !== u) {
          u = to;
          nextArrival = firstAtOrAfter(arrivals, start, u);
          nextEnding = firstAtOrAfter(endings, leaves, u);
          [bindFrom, totalSearched, updates, total] = [u, Infinity, 0, this.exactTotal()];
        }
        evaluateAllAt = u;
      }

      // Runs that end here: their charge now, and a look at what they want next.
      while (queue.nextStep === u) {
        const i = queue.popStay();
        if (!this.running[i] || this.runTo[i] !== u) continue;
        this.running[i] = 0;
        this.soc[i] = this.runEndSoc[i]!;
        this.mark(i);
      }
      if (evaluateAllAt === u) {
        evaluateAllAt = -1;
        for (const i of this.compacted()) this.mark(i);
      }
      while (nextEnding < endings.length && leaves[endings[nextEnding]!]! === u) {
        const i = endings[nextEnding++]!;
        lastDeparture[this.vehicle[i]!] = this.soc[i]!;
      }
      while (nextArrival < arrivals.length && start[arrivals[nextArrival]!]! === u) {
        const i = arrivals[nextArrival++]!;
        this.current[this.vehicle[i]!] = i;
        arriveWith(chain, i, this.target[i]!, this.trip[i]!, lastDeparture[this.vehicle[i]!]!);
        this.soc[i] = chain.arrivalKwh[i]!;
        if (this.kind[i] && chain.needKwh[i]! > EPS) {
          this.active.push(i);
          this.activeCount++;
          this.recompute[i] = 1;
          this.mark(i);
        }
      }

      // What the stays looked at want now; those that left or are full drop out.
      const { toEvaluate } = this;
      for (let e = 0; e < this.evaluating; e++) {
        const i = toEvaluate[e]!;
        this.marked[i] = 0;
        if (u >= leaves[i]! || !(this.target[i]! - this.soc[i]! > EPS)) {
          if (this.counted[i]) total -= this.want[i]!;
          this.counted[i] = 0;
          this.activeCount--;
          continue;
        }
        if (this.mode === "balanced" && this.recompute[i]) {
          const s = stays[i]!;
          const k = u - start[i]!;
          this.speed[i] = balancedPower(s, this.soc[i]!, s.targetKwh - this.soc[i]!, s.length - k, dt);
          this.recompute[i] = 0;
        }
        const want = this.wantAt(i, this.soc[i]!);
        total += want - (this.counted[i] ? this.want[i]! : 0);
        this.want[i] = want;
        this.counted[i] = 1;
        updates++;
      }
      if (this.activeCount === 0) {
        this.evaluating = 0;
        total = 0;
        continue;
      }
      // The running total is a guide; the decision is made on the sum in arrival order, as the step-by-step simulation makes it.
      const room = this.roomAt(u);
      const margin = 1e-9 * Math.max(1, Math.abs(total));
      let binds = false;
      if (!(total + margin <= room + EPS) || updates > 1000) {
        total = this.exactTotal();
        updates = 0;
        binds = !(total <= room + EPS);
      }
      if (binds) {
        this.evaluating = 0;
        this.bindingStep(u, room);
        evaluateAllAt = u + 1;
        if (bindFrom <= u) bindFrom = u + 1;
        continue;
      }
      if (total > totalSearched || u >= bindFrom) {
        bindFrom = this.couldBindFrom(u + 1, total + 1e-9 * Math.max(1, Math.abs(total)));
        totalSearched = total;
      }
      for (let e = 0; e < this.evaluating; e++) {
        const i = toEvaluate[e]!;
        if (this.counted[i]) this.startRun(i, u, bindFrom);
      }
      this.evaluating = 0;
    }
    return { chain, endCarry: lastDeparture, bound: this.bound };
  }

  /** What a stay takes at a charge, as the step-by-step simulation works it out at every step. */
  private wantAt(i: number, soc: number): number {
    return Math.min(this.mostAt(i, soc), (this.target[i]! - soc) / this.dt);
  }

  /** What a stay takes at a charge before its target's room: its curve (or cap), and in balanced mode its speed. */
  private mostAt(i: number, soc: number): number {
    const most = this.kind[i] === 2 ? powerAt(this.stays[i]!, soc) : this.cap[i]!;
    return this.mode === "balanced" ? Math.min(most, Math.max(this.speed[i]!, this.floor[i]!)) : most;
  }

  /**
   * Holds a stay at the power it wants from step `u` for as long as that
   * stays the same (to its target, a change in the curve, the last
   * part-step, its departure, or `until`): one piece of its plan, whose end
   * is queued.
   */
  private startRun(i: number, u: number, until: number) {
    const { dt } = this;
    const target = this.target[i]!;
    const kw = this.want[i]!;
    const end = Math.min(this.leaves[i]!, this.horizon, Math.max(until, u + 1));
    let soc = this.soc[i]!;
    this.runFrom[i] = u;
    this.runSoc[i] = soc;
    const kwh = kw * dt;
    let m = u;
    soc += kwh;
    m++;
    if (this.kind[i] === 2)
      while (m < end && target - soc > EPS && this.wantAt(i, soc) === kw) {
        soc += kwh;
        m++;
      }
    else {
      // Without a curve the most it takes does not depend on its charge: worked out once, not at every step of a balanced stay.
      const most = this.mostAt(i, soc);
      while (m < end && target - soc > EPS && Math.min(most, (target - soc) / dt) === kw) {
        soc += kwh;
        m++;
      }
    }
    if (kw !== 0) this.pieces.add(i, u, m, kw);
    this.runTo[i] = m;
    this.runEndSoc[i] = soc;
    this.running[i] = 1;
    this.queue.push(m, i);
  }

  /** A step at which the connection binds, taken as the step-by-step simulation takes it. */
  private bindingStep(u: number, room: number) {
    const active = this.compacted();
    const count = active.length;
    // (Scratch rows, made once: where the connection binds for hours, this runs at every step.)
    const { wants, given } = this;
    for (let n = 0; n < count; n++) {
      const i = active[n]!;
      if (this.running[i]) this.interrupt(i, u);
      wants[n] = this.want[i]!;
    }
    if (shareConnection(active, wants, given, room, this.stays, (i) => this.leaves[i]!)) this.bound = true;
    for (let n = 0; n < count; n++) {
      const i = active[n]!;
      const kw = given[n]!;
      if (kw !== 0) this.pieces.add(i, u, u + 1, kw);
      this.soc[i] = this.soc[i]! + kw * this.dt;
      if (kw < wants[n]! - EPS) this.recompute[i] = 1;
    }
  }
}
