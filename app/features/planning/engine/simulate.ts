import { arriveWith, chainFrom, fullDepartures, type Chain } from "./chain";
import { balancedPower, powerAt } from "./curve";
import { MinTree } from "./min-tree";
import { Pieces } from "./pieces";
import type { Schedule } from "./schedule";
import type { Stay, Vehicle } from "./stays";
import { StepQueue } from "./step-queue";

const EPS = 1e-9;

export type Simulated = { pieces: Pieces; chain: Chain };
type Mode = "uncontrolled" | "balanced";

/**
 * Uncontrolled and balanced charging, simulated with each vehicle's real
 * state of charge: the curve is read at the charge reached, a stay starts
 * from what the vehicle left its previous stay with, and the charger never
 * runs below its minimum (a vehicle is switched off instead). Uncontrolled
 * takes full power from arrival; balanced the lowest constant power that
 * reaches the target by departure, held until the curve falls below it
 * (worked out again whenever the connection gave it less). When the
 * connection binds, everyone is scaled down together, and vehicles that
 * would fall below their charger's minimum are switched off, the one leaving
 * last first. The cycle repeats: it is run again from where it ended until
 * every vehicle starts as it ends (at most `maxCycles` times).
 *
 * Event-driven (decision 030): a stay is visited when it arrives, when what
 * it wants changes (its target reached, the curve read at its charge, the
 * last part-step), when it leaves, and at the steps where the connection
 * could bind; in between it holds its power (a piece of its plan, pieces.ts).
 * Where the connection binds, those steps are taken one at a time as before.
 * The result equals the step-by-step simulation (simulate-stepped.ts) bit
 * for bit: every sum the decisions depend on is made in the same order.
 * With `schedule`, each stay's row is written into it too.
 */
export function simulate(
  stays: Stay[],
  vehicles: Vehicle[],
  steps: number,
  dt: number,
  headroom: number[],
  mode: Mode,
  maxCycles: number,
  schedule?: Schedule,
): Simulated {
  const cycle = new Cycle(stays, vehicles, steps, dt, headroom, mode);
  let carry: Float64Array = new Float64Array(vehicles.length);
  vehicles.forEach((vehicle, v) => (carry[v] = stays[vehicle.stays[0]!]!.targetKwh));
  let run = cycle.run(carry);
  const settled = (end: Float64Array) => end.every((kwh, v) => Math.abs(kwh - carry[v]!) <= 1e-6 * Math.max(1, kwh));
  for (let n = 1; n < maxCycles && !settled(run.endCarry); n++) {
    carry = run.endCarry;
    run = cycle.run(carry);
  }
  if (schedule) cycle.pieces.writeInto(schedule);
  return { pieces: cycle.pieces, chain: run.chain };
}

/**
 * One run of the cycle. Time is unwrapped over two laps: each vehicle's
 * stays in its own order, a stay after one that wrapped past the end of the
 * cycle a lap later. In the first lap the connection's room at a step is its
 * headroom; in the second it is what the first lap left at the same step of
 * the cycle (summed, as the step-by-step simulation does, in arrival order).
 */
class Cycle {
  private readonly n: number;
  private readonly horizon: number;
  private readonly start: Int32Array;
  private readonly leaves: Int32Array;
  /** Stays in the order they arrive (step, then vehicle, then the vehicle's own order), and in the order they leave. */
  private readonly arrivals: Int32Array;
  private readonly endings: Int32Array;
  private readonly firstLap: MinTree;
  // Each stay's fixed figures, read at every event (as typed rows: a year of a fleet's stay objects do not stay in the cache).
  private readonly target: Float64Array;
  private readonly trip: Float64Array;
  private readonly cap: Float64Array;
  private readonly floor: Float64Array;
  private readonly vehicle: Int32Array;
  /** 1: has a charger; 2: and a charging curve. */
  private readonly kind: Uint8Array;
  // Each stay's state.
  private readonly soc: Float64Array;
  private readonly want: Float64Array;
  private readonly speed: Float64Array;
  private readonly recompute: Uint8Array;
  private readonly counted: Uint8Array;
  private readonly marked: Uint8Array;
  private readonly running: Uint8Array;
  private readonly runFrom: Int32Array;
  private readonly runTo: Int32Array;
  private readonly runSoc: Float64Array;
  private readonly runEndSoc: Float64Array;
  private readonly queue = new StepQueue();
  readonly pieces: Pieces;
  // The stays charging, in arrival order (removed lazily), and those to look at this step.
  private active: number[] = [];
  private activeCount = 0;
  private readonly toEvaluate: Int32Array;
  private readonly wants: Float64Array;
  private readonly given: Float64Array;
  private evaluating = 0;
  // The second lap's room, made once the first lap is written.
  private secondLap: { room: Float64Array; tree: MinTree } | null = null;

  constructor(
    private readonly stays: Stay[],
    private readonly vehicles: Vehicle[],
    private readonly steps: number,
    private readonly dt: number,
    private readonly headroom: number[],
    private readonly mode: Mode,
  ) {
    const n = (this.n = stays.length);
    this.horizon = 2 * steps;
    this.start = new Int32Array(n);
    this.leaves = new Int32Array(n);
    for (const vehicle of vehicles) {
      let free = -Infinity;
      for (const i of vehicle.stays) {
        const s = stays[i]!;
        let start = s.start;
        while (start < free) start += steps;
        this.start[i] = start;
        this.leaves[i] = free = start + s.length;
      }
    }
    this.arrivals = this.byStep((i) => this.start[i]!);
    this.endings = this.byStep((i) => (this.start[i]! < this.horizon ? this.leaves[i]! : this.horizon));
    this.firstLap = new MinTree(headroom, steps);
    this.target = new Float64Array(n);
    this.trip = new Float64Array(n);
    this.cap = new Float64Array(n);
    this.floor = new Float64Array(n);
    this.vehicle = new Int32Array(n);
    this.kind = new Uint8Array(n);
    for (let i = 0; i < n; i++) {
      const s = stays[i]!;
      this.target[i] = s.targetKwh;
      this.trip[i] = s.tripKwh;
      this.cap[i] = s.capKw;
      this.floor[i] = s.minKw;
      this.vehicle[i] = s.vehicle;
      this.kind[i] = s.charger ? (s.curve ? 2 : 1) : 0;
    }
    this.toEvaluate = new Int32Array(n);
    this.wants = new Float64Array(n);
    this.given = new Float64Array(n);
    this.pieces = new Pieces(n, this.start);
    this.soc = new Float64Array(n);
    this.want = new Float64Array(n);
    this.speed = new Float64Array(n);
    this.recompute = new Uint8Array(n);
    this.counted = new Uint8Array(n);
    this.marked = new Uint8Array(n);
    this.running = new Uint8Array(n);
    this.runFrom = new Int32Array(n);
    this.runTo = new Int32Array(n);
    this.runSoc = new Float64Array(n);
    this.runEndSoc = new Float64Array(n);
  }

  /** The stays whose step (by `stepOf`) falls within the two laps, ordered by it and then as the vehicles list them (a counting sort). */
  private byStep(stepOf: (i: number) => number): Int32Array {
    const counts = new Int32Array(this.horizon + 1);
    let total = 0;
    for (const vehicle of this.vehicles)
      for (const i of vehicle.stays) {
        const step = stepOf(i);
        if (step < this.horizon) {
          counts[step + 1]!++;
          total++;
        }
      }
    for (let u = 0; u < this.horizon; u++) counts[u + 1]! += counts[u]!;
    const order = new Int32Array(total);
    for (const vehicle of this.vehicles)
      for (const i of vehicle.stays) {
        const step = stepOf(i);
        if (step < this.horizon) order[counts[step]!++] = i;
      }
    return order;
  }

  run(startCarry: Float64Array): { chain: Chain; endCarry: Float64Array } {
    const { stays, dt, horizon, start, leaves, arrivals, endings, queue } = this;
    const chain = chainFrom(stays, fullDepartures(stays));
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
      if (u >= horizon) break;

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
    return { chain, endCarry: lastDeparture };
  }

  private reset() {
    this.soc.fill(0);
    this.want.fill(0);
    this.speed.fill(0);
    this.recompute.fill(0);
    this.counted.fill(0);
    this.marked.fill(0);
    this.running.fill(0);
    this.queue.clear();
    this.pieces.clear();
    this.active = [];
    this.activeCount = 0;
    this.evaluating = 0;
    this.secondLap = null;
  }

  private mark(i: number) {
    if (this.marked[i]) return;
    this.marked[i] = 1;
    this.toEvaluate[this.evaluating++] = i;
  }

  /** What a stay takes at a charge, as the step-by-step simulation works it out at every step. */
  private wantAt(i: number, soc: number): number {
    const room = (this.target[i]! - soc) / this.dt;
    let want = this.kind[i] === 2 ? powerAt(this.stays[i]!, soc) : this.cap[i]!;
    if (this.mode === "balanced") want = Math.min(want, Math.max(this.speed[i]!, this.floor[i]!));
    return Math.min(want, room);
  }

  /** The charging stays in arrival order (the dropped ones taken out). */
  private compacted(): number[] {
    let kept = 0;
    for (const i of this.active) if (this.counted[i] || this.marked[i]) this.active[kept++] = i;
    this.active.length = kept;
    return this.active;
  }

  private exactTotal(): number {
    let total = 0;
    for (const i of this.compacted()) total += this.want[i]!;
    return total;
  }

  /** The connection's room at a step of the two laps. */
  private roomAt(u: number): number {
    if (u < this.steps) return this.headroom[u]!;
    const lap = this.secondLapRoom();
    return u - this.steps < lap.room.length ? lap.room[u - this.steps]! : this.headroom[u - this.steps]!;
  }

  /** The first step from `from` at which the connection's room could be less than the fleet's total (`threshold` includes a margin), or the end of the first lap, where the second lap's room is made. */
  private couldBindFrom(from: number, threshold: number): number {
    const below = threshold - EPS;
    // The second lap's room is made only once the first lap is all written (from a step in the second lap).
    if (from <= this.steps) {
      const at = this.firstLap.firstBelow(from, this.steps, below);
      return at >= 0 ? at : this.steps;
    }
    const lap = this.secondLapRoom();
    const at = lap.tree.firstBelow(from - this.steps, lap.room.length, below);
    return at >= 0 ? at + this.steps : this.horizon;
  }

  /**
   * The second lap's room at each step of the cycle that a stay still
   * charges in (asked for only at a step of the second lap, when the first
   * lap's steps are final): the headroom less what the first lap put at that step, added
   * up stay by stay in arrival order (the step-by-step simulation's order).
   */
  private secondLapRoom() {
    if (this.secondLap) return this.secondLap;
    const { steps, start, leaves, arrivals, pieces } = this;
    let reach = 0;
    for (const i of arrivals) reach = Math.max(reach, leaves[i]! - steps);
    const length = Math.max(0, Math.min(steps, reach));
    const load = new Float64Array(length);
    for (const i of arrivals) {
      if (start[i]! >= length) break;
      for (let p = pieces.first[i]!; p >= 0; p = pieces.next[p]!) {
        const kw = pieces.kw[p]!;
        const to = Math.min(pieces.to[p]!, length);
        for (let t = pieces.from[p]!; t < to; t++) load[t] = load[t]! + kw;
      }
    }
    const room = new Float64Array(length);
    for (let t = 0; t < length; t++) room[t] = Math.max(0, this.headroom[t]! - load[t]!);
    this.secondLap = { room, tree: new MinTree(room) };
    return this.secondLap;
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
    let m = u;
    soc += kw * dt;
    m++;
    while (m < end && target - soc > EPS && this.wantAt(i, soc) === kw) {
      soc += kw * dt;
      m++;
    }
    if (kw !== 0) this.pieces.add(i, u, m, kw);
    this.runTo[i] = m;
    this.runEndSoc[i] = soc;
    this.running[i] = 1;
    this.queue.push(m, i);
  }

  /** A run cut short at step `u`: the charge it had reached then, and its piece ended there. */
  private interrupt(i: number, u: number) {
    const kw = this.want[i]!;
    let soc = this.runSoc[i]!;
    for (let m = this.runFrom[i]!; m < u; m++) soc += kw * this.dt;
    this.soc[i] = soc;
    if (kw !== 0) this.pieces.cutAt(i, u);
    this.running[i] = 0;
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
    shareConnection(active, wants, given, room, this.stays, (i) => this.leaves[i]!);
    for (let n = 0; n < count; n++) {
      const i = active[n]!;
      const kw = given[n]!;
      if (kw !== 0) this.pieces.add(i, u, u + 1, kw);
      this.soc[i] = this.soc[i]! + kw * this.dt;
      if (kw < wants[n]! - EPS) this.recompute[i] = 1;
    }
  }
}

/**
 * What each vehicle gets when the connection has `available` kW left (into
 * `given`, by position in `active`): all it wants if that fits, otherwise
 * everyone scaled down together, switching off (leaving last first) any
 * vehicle the scaling would take below its charger's minimum.
 */
export function shareConnection(
  active: number[],
  wants: Float64Array,
  given: Float64Array,
  available: number,
  stays: Stay[],
  leaves: (i: number) => number,
): void {
  const count = active.length;
  let total = 0;
  for (let n = 0; n < count; n++) total += wants[n]!;
  if (total <= available + EPS) {
    for (let n = 0; n < count; n++) given[n] = wants[n]!;
    return;
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
}
