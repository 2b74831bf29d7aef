import { MaxFlow } from "../max-flow";
import type { Schedule } from "./schedule";

/** What the flow needs of a stay: when it is plugged in, what it must put in, and its power limit at each step. */
export type FlowStay = {
  start: number;
  length: number;
  needKwh: number;
  caps: Float64Array;
  /** Equal keys mean equal stays (same start, length, need and limits): they are merged. */
  key: string;
};

export type Site = { steps: number; dt: number; building: number[]; limitKw: number; efficiency: number };

export type ClusterResult = { peakKw: number; deliveredKwh: number };

/** Stays whose times share a step, grouped: each group can be planned on its own. Stays with nothing to put in are left out. */
export function clusters(
  stays: Pick<FlowStay, "start" | "length">[],
  steps: number,
  included: (i: number) => boolean,
): number[][] {
  const parent = stays.map((_, i) => i);
  const find = (i: number): number => (parent[i] === i ? i : (parent[i] = find(parent[i]!)));
  const owner = new Int32Array(steps).fill(-1);
  stays.forEach((s, i) => {
    if (!included(i)) return;
    for (let k = 0; k < s.length; k++) {
      const t = (s.start + k) % steps;
      const other = owner[t]!;
      if (other >= 0) parent[find(i)] = find(other);
      owner[t] = i;
    }
  });
  const groups = new Map<number, number[]>();
  stays.forEach((_, i) => {
    if (!included(i)) return;
    const root = find(i);
    const group = groups.get(root);
    if (group) group.push(i);
    else groups.set(root, [i]);
  });
  return [...groups.values()];
}

/**
 * The lowest site peak at which a group of stays still gets `target` kWh
 * (by default all the connection lets it have), found exactly: for a
 * candidate peak P, feasibility is a maximum flow (stays → the steps of
 * their stay, each within its limit → what P leaves above the building's
 * load at each step, never above the connection). Newton steps on the
 * minimum cut find the lowest P: at a P that falls short, the cut says how
 * much more its source-side steps must give; P rises exactly to meet that
 * cut, and again until the flow is enough (usually a handful of flows).
 *
 * Two reductions keep the flow small without changing its answer: equal
 * stays become one with their needs and limits added (any feasible plan
 * averaged over swapping them is feasible and shares equally), and
 * consecutive steps that no arrival, departure, building change or change
 * of a stay's limit separates form one segment (spreading a segment's energy
 * evenly over its steps is feasible whenever the total is). Writes each
 * stay's power (kW) at each step of its stay into `schedule`.
 */
export function minimumPeak(
  group: number[],
  stays: FlowStay[],
  site: Site,
  schedule: Schedule,
  target?: number,
): ClusterResult {
  const { steps, dt, building, limitKw, efficiency } = site;
  const merged = new Map<string, number[]>();
  for (const i of group) {
    const same = merged.get(stays[i]!.key);
    if (same) same.push(i);
    else merged.set(stays[i]!.key, [i]);
  }
  const jobs = [...merged.values()];
  // Segments: the group's steps in order, cut wherever a stay starts or ends, its limit changes, the building's load changes, or the group has a gap.
  const cuts = new Set<number>();
  const covered = new Set<number>();
  for (const members of jobs) {
    const s = stays[members[0]!]!;
    cuts.add(s.start % steps);
    cuts.add((s.start + s.length) % steps);
    for (let k = 0; k < s.length; k++) {
      covered.add((s.start + k) % steps);
      if (k > 0 && s.caps[k] !== s.caps[k - 1]) cuts.add((s.start + k) % steps);
    }
  }
  const ordered = [...covered].sort((a, b) => a - b);
  const segmentOf = new Map<number, number>();
  const segments: { steps: number[]; buildingKw: number }[] = [];
  ordered.forEach((t, n) => {
    const previous = ordered[n - 1];
    if (n === 0 || cuts.has(t) || previous !== t - 1 || building[t] !== building[previous!])
      segments.push({ steps: [], buildingKw: building[t]! });
    segments.at(-1)!.steps.push(t);
    segmentOf.set(t, segments.length - 1);
  });
  // Each job's segments in stay order, and its limit in each (constant within a segment).
  const jobCaps: number[][] = [];
  const jobSegments = jobs.map((members) => {
    const s = stays[members[0]!]!;
    const list: number[] = [];
    const caps: number[] = [];
    for (let k = 0; k < s.length; k++) {
      const segment = segmentOf.get((s.start + k) % steps)!;
      if (list.at(-1) !== segment) {
        list.push(segment);
        caps.push(s.caps[k]!);
      }
    }
    jobCaps.push(caps);
    return list;
  });
  // Which jobs charge in each segment, earliest departure first (a stay that wraps past the end of the cycle departs last).
  const segmentJobs: { job: number; index: number; due: number }[][] = segments.map(() => []);
  jobSegments.forEach((list, j) => {
    const last = list.at(-1)!;
    const due = last < list[0]! ? last + segments.length : last;
    list.forEach((segment, index) => segmentJobs[segment]!.push({ job: j, index, due }));
  });
  for (const present of segmentJobs) present.sort((a, b) => a.due - b.due);
  const weight = (n: number) => segments[n]!.steps.length * dt * efficiency;
  const edgeCount = jobs.length + jobSegments.reduce((sum, list) => sum + list.length, 0) + segments.length;
  const solve = (peak: number) => {
    const flow = new MaxFlow(2 + jobs.length + segments.length, edgeCount);
    const fromSource = jobs.map((members, j) => flow.addEdge(0, 2 + j, stays[members[0]!]!.needKwh * members.length));
    const edges = jobs.map((members, j) =>
      jobSegments[j]!.map((segment, n) =>
        flow.addEdge(
          2 + j,
          2 + jobs.length + segment,
          jobCaps[j]![n]! * members.length * segments[segment]!.steps.length * dt,
        ),
      ),
    );
    // What the grid may give in each segment, as energy into batteries (never above the connection, even where the building alone exceeds it).
    const toSink = segments.map((segment, n) =>
      flow.addEdge(2 + jobs.length + n, 1, Math.max(0, Math.min(peak, limitKw) - segment.buildingKw) * weight(n)),
    );
    // A head start: fill each segment earliest departure first; the flow then only corrects what that got wrong.
    let sent = 0;
    segmentJobs.forEach((present, n) => {
      for (const { job, index } of present) {
        const amount = Math.min(flow.room(fromSource[job]!), flow.room(edges[job]![index]!), flow.room(toSink[n]!));
        if (amount <= 0) continue;
        flow.push(fromSource[job]!, amount);
        flow.push(edges[job]![index]!, amount);
        flow.push(toSink[n]!, amount);
        sent += amount;
      }
    });
    return { sent: sent + flow.run(0, 1), flow, edges };
  };
  const lo = segments.reduce((max, segment) => Math.max(max, segment.buildingKw), 0);
  const hi = Math.max(lo, limitKw);
  let best = solve(hi);
  let peak = hi;
  const goal = Math.min(target ?? best.sent, best.sent);
  const enough = (sent: number) => sent >= goal - 1e-9 * Math.max(1, goal);
  // Newton's method on the cuts: each step only raises the peak and never past the optimum, and there are finitely many cuts, so it ends on the exact minimum.
  let candidate = goal > 1e-9 ? lo : hi;
  for (let iteration = 0; iteration < 100 && candidate < hi; iteration++) {
    const attempt = solve(candidate);
    if (enough(attempt.sent)) {
      best = attempt;
      peak = candidate;
      break;
    }
    const sourceSide = segments.map((_, n) => n).filter((n) => attempt.flow.onSourceSide(2 + jobs.length + n));
    const missing =
      goal -
      attempt.sent +
      sourceSide.reduce((sum, n) => sum + Math.max(0, candidate - segments[n]!.buildingKw) * weight(n), 0);
    // The smallest P with Σ over those segments of (P − building) × weight ≥ missing: walk up the building levels.
    const levels = sourceSide
      .map((n) => ({ kw: segments[n]!.buildingKw, weight: weight(n) }))
      .sort((a, b) => a.kw - b.kw);
    let next = hi;
    let slope = 0;
    let given = 0;
    for (let k = 0; k < levels.length; k++) {
      slope += levels[k]!.weight;
      const p = levels[k]!.kw + (missing - given) / slope;
      const upTo = levels[k + 1]?.kw ?? Infinity;
      if (p <= upTo) {
        next = p;
        break;
      }
      given += slope * (upTo - levels[k]!.kw);
    }
    candidate = Math.max(next, candidate + 1e-9);
  }
  if (candidate >= hi) peak = hi;
  // Back to stays and steps: a job's energy in a segment shared equally by its stays and spread evenly over the segment's steps.
  let deliveredKwh = 0;
  // (A job covers each of its segments whole, in stay order, so its steps are its segments' steps one after another.)
  jobs.forEach((members, j) => {
    let k = 0;
    jobSegments[j]!.forEach((segment, n) => {
      const length = segments[segment]!.steps.length;
      const kw = best.flow.flowOn(best.edges[j]![n]!) / members.length / length / dt;
      for (const i of members) schedule[i]!.fill(kw, k, k + length);
      deliveredKwh += kw * dt * length * members.length;
      k += length;
    });
  });
  return { peakKw: peak, deliveredKwh };
}
