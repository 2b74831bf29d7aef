import { Laps } from "./cycle-laps";
import type { Stay, Vehicle } from "./stays";
import { StepQueue } from "./step-queue";

/**
 * What a run of the simulated cycle (cycle.ts) knows at a step: each stay's
 * charge, what it wants and whether it holds a run of constant power (a piece
 * whose end is queued), the stays charging in arrival order, and each
 * vehicle's latest stay. Kept apart from the event loop so that a week's
 * state can be read and carried forward whole (week-jumps.ts).
 */
export abstract class CycleState extends Laps {
  // Each stay's state.
  protected readonly soc: Float64Array;
  protected readonly want: Float64Array;
  protected readonly speed: Float64Array;
  protected readonly recompute: Uint8Array;
  protected readonly counted: Uint8Array;
  protected readonly marked: Uint8Array;
  protected readonly running: Uint8Array;
  protected readonly runFrom: Int32Array;
  protected readonly runTo: Int32Array;
  protected readonly runSoc: Float64Array;
  protected readonly runEndSoc: Float64Array;
  protected readonly queue = new StepQueue();
  // The stays charging, in arrival order (removed lazily), and those to look at this step.
  protected active: number[] = [];
  protected activeCount = 0;
  protected readonly toEvaluate: Int32Array;
  protected evaluating = 0;
  /** Each vehicle's latest stay to have arrived (-1 before its first). */
  protected readonly current: Int32Array;
  /** Whether the connection bound in the run (the vehicles' charging then depends on one another's). */
  protected bound = false;

  constructor(
    stays: Stay[],
    vehicles: Vehicle[],
    steps: number,
    protected readonly dt: number,
    headroom: number[],
  ) {
    super(stays, vehicles, steps, headroom);
    const n = this.n;
    this.toEvaluate = new Int32Array(n);
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
    this.current = new Int32Array(vehicles.length);
  }

  protected reset() {
    this.bound = false;
    this.soc.fill(0);
    this.want.fill(0);
    this.speed.fill(0);
    this.recompute.fill(0);
    this.counted.fill(0);
    this.marked.fill(0);
    this.running.fill(0);
    this.current.fill(-1);
    this.queue.clear();
    this.active = [];
    this.activeCount = 0;
    this.evaluating = 0;
    this.clearLaps();
  }

  protected mark(i: number) {
    if (this.marked[i]) return;
    this.marked[i] = 1;
    this.toEvaluate[this.evaluating++] = i;
  }

  /** The charging stays in arrival order (the dropped ones taken out). */
  protected compacted(): number[] {
    let kept = 0;
    for (const i of this.active) if (this.counted[i] || this.marked[i]) this.active[kept++] = i;
    this.active.length = kept;
    return this.active;
  }

  protected exactTotal(): number {
    let total = 0;
    for (const i of this.compacted()) total += this.want[i]!;
    return total;
  }

  /** A run cut short at step `u`: the charge it had reached then, and its piece ended there. */
  protected interrupt(i: number, u: number) {
    const kw = this.want[i]!;
    let soc = this.runSoc[i]!;
    for (let m = this.runFrom[i]!; m < u; m++) soc += kw * this.dt;
    this.soc[i] = soc;
    if (kw !== 0) this.pieces.cutAt(i, u);
    this.running[i] = 0;
  }
}
