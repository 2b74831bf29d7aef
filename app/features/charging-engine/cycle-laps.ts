import { MinTree } from "./min-tree";
import { Pieces } from "./pieces";
import type { Stay, Vehicle } from "./stays";

const EPS = 1e-9;

/**
 * The two laps of unwrapped time a simulated cycle runs over (cycle.ts):
 * each stay's place on them, the orders stays arrive and leave in, its fixed
 * figures as typed rows (a year of a fleet's stay objects do not stay in the
 * cache; these are read at every event), the plan written so far, and the
 * connection's room at each step of either lap.
 */
export abstract class Laps {
  protected readonly n: number;
  protected readonly horizon: number;
  protected readonly start: Int32Array;
  protected readonly leaves: Int32Array;
  /** Stays in the order they arrive (step, then vehicle, then the vehicle's own order), and in the order they leave. */
  protected readonly arrivals: Int32Array;
  protected readonly endings: Int32Array;
  protected readonly firstLap: MinTree;
  // Each stay's fixed figures, read at every event (as typed rows: a year of a fleet's stay objects do not stay in the cache).
  protected readonly target: Float64Array;
  protected readonly trip: Float64Array;
  protected readonly cap: Float64Array;
  protected readonly floor: Float64Array;
  protected readonly vehicle: Int32Array;
  /** The vehicle's stay before (itself when it has one). */
  protected readonly previous: Int32Array;
  /** 1: has a charger; 2: and a charging curve. */
  protected readonly kind: Uint8Array;
  /** The plan written so far, as pieces of constant power. */
  readonly pieces: Pieces;
  // The second lap's room, made once the first lap is written.
  private secondLap: { room: Float64Array; tree: MinTree } | null = null;

  constructor(
    protected readonly stays: Stay[],
    protected readonly vehicles: Vehicle[],
    protected readonly steps: number,
    protected readonly headroom: number[],
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
    this.arrivals = this.byStep(this.start);
    const ends = Int32Array.from(this.leaves);
    for (let i = 0; i < n; i++) if (this.start[i]! >= this.horizon) ends[i] = this.horizon;
    this.endings = this.byStep(ends);
    this.firstLap = new MinTree(headroom, steps);
    this.target = new Float64Array(n);
    this.trip = new Float64Array(n);
    this.cap = new Float64Array(n);
    this.floor = new Float64Array(n);
    this.vehicle = new Int32Array(n);
    this.previous = new Int32Array(n);
    this.kind = new Uint8Array(n);
    const offset = new Int32Array(n);
    for (let i = 0; i < n; i++) {
      const s = stays[i]!;
      this.target[i] = s.targetKwh;
      this.trip[i] = s.tripKwh;
      this.cap[i] = s.capKw;
      this.floor[i] = s.minKw;
      this.vehicle[i] = s.vehicle;
      this.previous[i] = s.previous;
      this.kind[i] = s.charger ? (s.curve ? 2 : 1) : 0;
      offset[i] = s.start - this.start[i]!;
    }
    this.pieces = new Pieces(n, this.start, offset);
  }

  /** The stays whose step (`stepOf`) falls within the two laps, ordered by it and then as the vehicles list them (a counting sort). */
  protected byStep(stepOf: Int32Array): Int32Array {
    const { horizon } = this;
    const counts = new Int32Array(horizon + 1);
    let total = 0;
    for (const vehicle of this.vehicles)
      for (const i of vehicle.stays) {
        const step = stepOf[i]!;
        if (step < horizon) {
          counts[step + 1]!++;
          total++;
        }
      }
    for (let u = 0; u < horizon; u++) counts[u + 1]! += counts[u]!;
    const order = new Int32Array(total);
    for (const vehicle of this.vehicles)
      for (const i of vehicle.stays) {
        const step = stepOf[i]!;
        if (step < horizon) order[counts[step]!++] = i;
      }
    return order;
  }

  /** Forget the plan of the last run. */
  protected clearLaps() {
    this.pieces.clear();
    this.secondLap = null;
  }

  /** The connection's room at a step of the two laps. */
  protected roomAt(u: number): number {
    if (u < this.steps) return this.headroom[u]!;
    const lap = this.secondLapRoom();
    return u - this.steps < lap.room.length ? lap.room[u - this.steps]! : this.headroom[u - this.steps]!;
  }

  /** The first step from `from` at which the connection's room could be less than the fleet's total (`threshold` includes a margin), or the end of the first lap, where the second lap's room is made. */
  protected couldBindFrom(from: number, threshold: number): number {
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
  protected secondLapRoom() {
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
}
