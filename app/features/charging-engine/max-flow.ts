/**
 * Dinic's maximum flow on real-valued capacities (used to test whether a
 * peak is feasible, exactly). Edges live in typed arrays sized up front (a
 * year's plan builds a few thousand small flows, and growing plain arrays of
 * doubles was most of what it allocated); they grow if more edges come.
 */
export class MaxFlow {
  private to: Int32Array;
  private cap: Float64Array;
  private next: Int32Array;
  private edges = 0;
  private initial: Float64Array | null = null;
  private readonly head: Int32Array;
  private readonly level: Int32Array;
  private readonly iter: Int32Array;
  private readonly queue: Int32Array;

  /** `expectedEdges`: how many addEdge calls to make room for (more still fit). */
  constructor(
    private readonly nodes: number,
    expectedEdges = 16,
  ) {
    this.head = new Int32Array(nodes).fill(-1);
    this.level = new Int32Array(nodes).fill(-1);
    this.iter = new Int32Array(nodes);
    this.queue = new Int32Array(nodes);
    this.to = new Int32Array(2 * expectedEdges);
    this.cap = new Float64Array(2 * expectedEdges);
    this.next = new Int32Array(2 * expectedEdges);
  }

  /** Adds an edge and returns its index (its flow is read with flowOn). */
  addEdge(from: number, to: number, capacity: number): number {
    const index = 2 * this.edges++;
    if (index + 2 > this.to.length) this.grow();
    this.to[index] = to;
    this.to[index + 1] = from;
    this.cap[index] = capacity;
    this.cap[index + 1] = 0;
    this.next[index] = this.head[from]!;
    this.next[index + 1] = this.head[to]!;
    this.head[from] = index;
    this.head[to] = index + 1;
    return index;
  }

  private grow(): void {
    const size = Math.max(32, this.to.length * 2);
    const widen = <T extends Int32Array | Float64Array>(from: T, into: T): T => (into.set(from), into);
    this.to = widen(this.to, new Int32Array(size));
    this.cap = widen(this.cap, new Float64Array(size));
    this.next = widen(this.next, new Int32Array(size));
  }

  /** Keeps every edge's capacity as it is now (before any flow), for reset. */
  snapshot(): void {
    this.initial = this.cap.slice(0, 2 * this.edges);
  }

  /** Back to the capacities kept by snapshot, with no flow: the same network solved again at other capacities (setCapacity) without building it anew. */
  reset(): void {
    this.cap.set(this.initial!);
  }

  /** Sets an edge's capacity (before any flow is sent on it). */
  setCapacity(edge: number, capacity: number): void {
    this.cap[edge] = capacity;
    this.cap[edge + 1] = 0;
  }

  /** What an edge can still carry. */
  room(edge: number): number {
    return this.cap[edge]!;
  }

  /** Sends flow along an edge (to start from a known flow; the caller keeps it balanced). */
  push(edge: number, amount: number): void {
    this.cap[edge]! -= amount;
    this.cap[edge ^ 1]! += amount;
  }

  /** Flow sent along an edge added with addEdge. */
  flowOn(edge: number): number {
    return this.cap[edge + 1]!;
  }

  private bfs(source: number, sink: number): boolean {
    this.level.fill(-1);
    this.level[source] = 0;
    this.queue[0] = source;
    for (let read = 0, write = 1; read < write; read++) {
      const node = this.queue[read]!;
      for (let e = this.head[node]!; e !== -1; e = this.next[e]!) {
        const target = this.to[e]!;
        if (this.cap[e]! > 1e-12 && this.level[target]! < 0) {
          this.level[target] = this.level[node]! + 1;
          // Levels past the sink's carry no path to it (a path climbs one level per edge), so the search stops here.
          if (target === sink) return true;
          this.queue[write++] = target;
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
          this.cap[e]! -= sent;
          // An edge and its reverse are a pair (2k, 2k + 1).
          this.cap[e ^ 1]! += sent;
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
      this.iter.set(this.head);
      for (let sent = this.dfs(source, sink, Infinity); sent > 1e-12; sent = this.dfs(source, sink, Infinity))
        total += sent;
    }
    return total;
  }
}
