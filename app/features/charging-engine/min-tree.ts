/**
 * The lowest of a fixed row of numbers over any stretch, and where a
 * stretch first goes below a threshold, each in O(log n): the event-driven
 * simulation asks "from this step on, where could the connection first
 * bind?" at every change of the fleet's total, and a scan would make each
 * answer cost the rest of the horizon.
 */
export class MinTree {
  private readonly size: number;
  private readonly mins: Float64Array;

  constructor(
    values: ArrayLike<number>,
    private readonly length = values.length,
  ) {
    let size = 1;
    while (size < length) size *= 2;
    this.size = size;
    this.mins = new Float64Array(2 * size).fill(Infinity);
    for (let i = 0; i < length; i++) this.mins[size + i] = values[i]!;
    for (let node = size - 1; node >= 1; node--)
      this.mins[node] = Math.min(this.mins[2 * node]!, this.mins[2 * node + 1]!);
  }

  /** The first index in [from, to) whose value is below `threshold`, or -1. */
  firstBelow(from: number, to: number, threshold: number): number {
    if (from >= to || from >= this.length) return -1;
    return this.descend(1, 0, this.size, from, Math.min(to, this.length), threshold);
  }

  private descend(node: number, low: number, high: number, from: number, to: number, threshold: number): number {
    if (high <= from || low >= to || !(this.mins[node]! < threshold)) return -1;
    if (high - low === 1) return low;
    const middle = (low + high) >> 1;
    const left = this.descend(2 * node, low, middle, from, to, threshold);
    return left >= 0 ? left : this.descend(2 * node + 1, middle, high, from, to, threshold);
  }
}
