/** Dinic's maximum flow on real-valued capacities (used to test whether a peak is feasible, exactly). */
export class MaxFlow {
  private readonly to: number[] = [];
  private readonly cap: number[] = [];
  private readonly head: number[];
  private readonly next: number[] = [];
  private level: number[] = [];
  private iter: number[] = [];

  constructor(private readonly nodes: number) {
    this.head = new Array<number>(nodes).fill(-1);
  }

  /** Adds an edge and returns its index (its flow is read with flowOn). */
  addEdge(from: number, to: number, capacity: number): number {
    const index = this.to.length;
    this.to.push(to, from);
    this.cap.push(capacity, 0);
    this.next.push(this.head[from]!, this.head[to]!);
    this.head[from] = index;
    this.head[to] = index + 1;
    return index;
  }

  /** What an edge can still carry. */
  room(edge: number): number {
    return this.cap[edge]!;
  }

  /** Sends flow along an edge (to start from a known flow; the caller keeps it balanced). */
  push(edge: number, amount: number): void {
    this.cap[edge] = this.cap[edge]! - amount;
    this.cap[edge + 1] = this.cap[edge + 1]! + amount;
  }

  /** Flow sent along an edge added with addEdge. */
  flowOn(edge: number): number {
    return this.cap[edge + 1]!;
  }

  private bfs(source: number, sink: number): boolean {
    this.level = new Array<number>(this.nodes).fill(-1);
    this.level[source] = 0;
    const queue = [source];
    for (let i = 0; i < queue.length; i++) {
      const node = queue[i]!;
      for (let e = this.head[node]!; e !== -1; e = this.next[e]!) {
        const target = this.to[e]!;
        if (this.cap[e]! > 1e-12 && this.level[target]! < 0) {
          this.level[target] = this.level[node]! + 1;
          queue.push(target);
        }
      }
    }
    return this.level[sink]! >= 0;
  }

  private dfs(node: number, sink: number, pushed: number): number {
    if (node === sink) return pushed;
    for (; this.iter[node]! !== -1; this.iter[node] = this.next[this.iter[node]!]!) {
      const e = this.iter[node]!;
      const target = this.to[e]!;
      if (this.cap[e]! > 1e-12 && this.level[target] === this.level[node]! + 1) {
        const sent = this.dfs(target, sink, Math.min(pushed, this.cap[e]!));
        if (sent > 1e-12) {
          this.cap[e] = this.cap[e]! - sent;
          this.cap[e + (e % 2 === 0 ? 1 : -1)] = this.cap[e + (e % 2 === 0 ? 1 : -1)]! + sent;
          return sent;
        }
      }
    }
    return 0;
  }

  /** After run: whether a node is on the source side of the minimum cut (still reachable from the source). */
  onSourceSide(node: number): boolean {
    return this.level[node]! >= 0;
  }

  run(source: number, sink: number): number {
    let total = 0;
    while (this.bfs(source, sink)) {
      this.iter = [...this.head];
      for (let sent = this.dfs(source, sink, Infinity); sent > 1e-12; sent = this.dfs(source, sink, Infinity))
        total += sent;
    }
    return total;
  }
}
