import { MaxFlow } from "./max-flow";
import { repeatingPart } from "./min-peak-period";
import { nextPeak, segmentsOf } from "./peak-segments";
import type { Schedule } from "./schedule";

/** What the flow needs of a stay: when it is plugged in, what it must put in, and its power limit at each step. */
export type FlowStay = {
  start: number;
  length: number;
  needKwh: number;
  caps: Float64Array;
  /** Equal keys mean equal length, need and limits: with the same start too, the stays are merged. */
  key: string;
};

/** The site as the flows see it: the building's load and the connection's limit (kW) at each step, and the limit's most. */
export type Site = {
  steps: number;
  dt: number;
  building: number[];
  limitKw: number;
  limit: number[];
  efficiency: number;
};

export type ClusterResult = { peakKw: number; deliveredKwh: number };

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
 * evenly over its steps is feasible whenever the total is). A cycle of
 * days or weeks that repeat is solved as one of them (min-peak-period.ts).
 * Writes each stay's power (kW) at each step of its stay into `schedule`.
 */
export function minimumPeak(
  group: number[],
  stays: FlowStay[],
  site: Site,
  schedule: Schedule,
  target?: number,
): ClusterResult {
  const part = repeatingPart(group, stays, site);
  if (!part) return solve(group, stays, site, schedule, target);
  const { steps, building, times } = part;
  const periodTarget = target === undefined ? undefined : target / times;
  const on = (limit: number[]) => solve(part.group, stays, { ...site, steps, building, limit }, schedule, periodTarget);
  // Where the connection's limit differs from one period to the next (a profile's seasons, a curtailment), the period
  // is solved on each step's most and on its least: the most gives no higher a peak nor less energy than any plan for
  // the whole cycle, the least a plan that holds in every period. Equal, the least's is the whole cycle's optimum.
  let once: ClusterResult;
  if (part.limitLeast === part.limit) once = on(part.limit);
  else {
    const most = on(part.limit);
    // Solved last, so its schedule is the one in place.
    once = on(part.limitLeast);
    const same = (a: number, b: number) => Math.abs(a - b) <= 1e-9 * Math.max(1, Math.abs(a));
    if (!same(once.peakKw, most.peakKw) || !same(once.deliveredKwh, most.deliveredKwh))
      return solve(group, stays, site, schedule, target);
  }
  for (const [i, first] of part.copies) schedule[i]!.set(schedule[first]!);
  return { peakKw: once.peakKw, deliveredKwh: once.deliveredKwh * times };
}

// Kept whole: one solver. It builds the flow network of a group of
// stays, searches the lowest peak by Newton steps on the minimum cut and reads the schedule back off the same arrays;
// split, each part would take and return the same dozen typed arrays, and the hot loop would pay for the calls.
// eslint-disable-next-line max-lines-per-function -- kept whole, for the reason above
function solve(group: number[], stays: FlowStay[], site: Site, schedule: Schedule, target?: number): ClusterResult {
  const { steps, dt, building, limitKw, limit, efficiency } = site;
  const merged = new Map<string, number[]>();
  for (const i of group) {
    const key = `${stays[i]!.start}|${stays[i]!.key}`;
    const same = merged.get(key);
    if (same) same.push(i);
    else merged.set(key, [i]);
  }
  const jobs = [...merged.values()];
  // Segments: the group's steps in order, cut wherever a stay starts or ends, its limit changes, the building's load changes, or the group has a gap.
  const cut = new Uint8Array(steps);
  const covered = new Uint8Array(steps);
  for (const members of jobs) {
    const s = stays[members[0]!]!;
    cut[s.start % steps] = 1;
    cut[(s.start + s.length) % steps] = 1;
    for (let k = 0; k < s.length; k++) {
      covered[(s.start + k) % steps] = 1;
      if (k > 0 && s.caps[k] !== s.caps[k - 1]) cut[(s.start + k) % steps] = 1;
    }
  }
  const { segments, segmentOf } = segmentsOf(covered, cut, building, limit);
  // Each job's segments in stay order, and its limit in each (constant within a segment).
  const jobCaps: number[][] = [];
  const jobSegments = jobs.map((members) => {
    const s = stays[members[0]!]!;
    const list: number[] = [];
    const caps: number[] = [];
    for (let k = 0; k < s.length; k++) {
      const segment = segmentOf[(s.start + k) % steps]!;
      if (list.at(-1) !== segment) {
        list.push(segment);
        caps.push(s.caps[k]!);
      }
    }
    jobCaps.push(caps);
    return list;
  });
  // Which jobs charge in each segment (flat: segment n's entries are at [first[n], first[n + 1])), earliest departure
  // first (a stay that wraps past the end of the cycle departs last); with each, the job's position in its own list.
  const first = new Int32Array(segments.length + 1);
  for (const list of jobSegments) for (const segment of list) first[segment + 1]!++;
  for (let n = 0; n < segments.length; n++) first[n + 1]! += first[n]!;
  const entryJob = new Int32Array(first[segments.length]!);
  const entryIndex = new Int32Array(entryJob.length);
  const due = new Float64Array(jobs.length);
  jobSegments.forEach((list, j) => {
    const last = list.at(-1)!;
    due[j] = last < list[0]! ? last + segments.length : last;
  });
  // Filled job by job in order of departure (then as listed), so each segment's entries come in that order.
  const byDue = jobs.map((_, j) => j).sort((a, b) => due[a]! - due[b]! || a - b);
  const fill = first.slice(0, segments.length);
  for (const j of byDue)
    jobSegments[j]!.forEach((segment, index) => {
      const at = fill[segment]!++;
      entryJob[at] = j;
      entryIndex[at] = index;
    });
  // What each job's limits could put in from each of its segments to its end.
  const capLeft = jobs.map((members, j) => {
    const list = jobSegments[j]!;
    const left = new Float64Array(list.length + 1);
    for (let n = list.length - 1; n >= 0; n--)
      left[n] = left[n + 1]! + jobCaps[j]![n]! * members.length * segments[list[n]!]!.steps * dt;
    return left;
  });
  const weight = (n: number) => segments[n]!.steps * dt * efficiency;
  const edgeCount = jobs.length + jobSegments.reduce((sum, list) => sum + list.length, 0) + segments.length;
  // One network for every peak tried: only what it lets through to the sink changes (set afresh for each).
  const flow = new MaxFlow(2 + jobs.length + segments.length, edgeCount);
  const fromSource = jobs.map((members, j) => flow.addEdge(0, 2 + j, stays[members[0]!]!.needKwh * members.length));
  const edges = jobs.map((members, j) =>
    jobSegments[j]!.map((segment, n) =>
      flow.addEdge(2 + j, 2 + jobs.length + segment, jobCaps[j]![n]! * members.length * segments[segment]!.steps * dt),
    ),
  );
  const toSink = segments.map((_, n) => flow.addEdge(2 + jobs.length + n, 1, 0));
  flow.snapshot();
  // Each entry's edge and what its job's limits could still put in from it on, side by side with it (read for every entry of every peak tried).
  const entryEdge = new Int32Array(entryJob.length);
  const entryLeft = new Float64Array(entryJob.length);
  const sourceEdge = Int32Array.from(fromSource);
  for (let e = 0; e < entryJob.length; e++) {
    entryEdge[e] = edges[entryJob[e]!]![entryIndex[e]!]!;
    entryLeft[e] = capLeft[entryJob[e]!]![entryIndex[e]!]!;
  }
  const slack = new Float64Array(jobs.length);
  let solvedAt = NaN;
  const solveAt = (peak: number) => {
    flow.reset();
    solvedAt = peak;
    // What the grid may give in each segment, as energy into batteries (never above the connection, even where the building alone exceeds it).
    segments.forEach((segment, n) =>
      flow.setCapacity(toSink[n]!, Math.max(0, Math.min(peak, segment.limitKw) - segment.buildingKw) * weight(n)),
    );
    // A head start: fill each segment, least slack first (what a job's limits could still put in, less what it
    // still needs); the flow then only corrects what that got wrong. Where every job's want fits, order is moot.
    let sent = 0;
    for (let n = 0; n < segments.length; n++) {
      const sink = toSink[n]!;
      if (!(flow.room(sink) > 0)) continue;
      let wanted = 0;
      for (let e = first[n]!; e < first[n + 1]!; e++)
        wanted += Math.min(flow.room(sourceEdge[entryJob[e]!]!), flow.room(entryEdge[e]!));
      if (wanted > flow.room(sink)) {
        for (let e = first[n]!; e < first[n + 1]!; e++) {
          const job = entryJob[e]!;
          slack[job] = entryLeft[e]! - flow.room(sourceEdge[job]!);
        }
        sortEntries(first.subarray(n, n + 2), entryJob, entryEdge, entryLeft, slack, due);
      }
      for (let e = first[n]!; e < first[n + 1]!; e++) {
        const source = sourceEdge[entryJob[e]!]!;
        const edge = entryEdge[e]!;
        const amount = Math.min(flow.room(source), flow.room(edge), flow.room(sink));
        if (amount <= 0) continue;
        flow.push(source, amount);
        flow.push(edge, amount);
        flow.push(sink, amount);
        sent += amount;
      }
    }
    return { sent: sent + flow.run(0, 1), peak };
  };
  const lo = segments.reduce((max, segment) => Math.max(max, segment.buildingKw), 0);
  const hi = Math.max(lo, limitKw);
  let best = solveAt(hi);
  let peak = hi;
  const goal = Math.min(target ?? best.sent, best.sent);
  const enough = (sent: number) => sent >= goal - 1e-9 * Math.max(1, goal);
  // Newton's method on the cuts: each step only raises the peak and never past the optimum, and there are finitely many cuts, so it ends on the exact minimum.
  let candidate = goal > 1e-9 ? lo : hi;
  for (let iteration = 0; iteration < 100 && candidate < hi; iteration++) {
    const attempt = solveAt(candidate);
    if (enough(attempt.sent)) {
      best = attempt;
      peak = candidate;
      break;
    }
    const sourceSide = segments.map((_, n) => n).filter((n) => flow.onSourceSide(2 + jobs.length + n));
    const cut = sourceSide.map((n) => ({
      kw: segments[n]!.buildingKw,
      weight: weight(n),
      limitKw: segments[n]!.limitKw,
    }));
    candidate = Math.max(nextPeak(cut, candidate, goal - attempt.sent, hi), candidate + 1e-9);
  }
  if (candidate >= hi) peak = hi;
  // The network holds the last peak tried; the plan is read from the one kept.
  if (solvedAt !== best.peak) solveAt(best.peak);
  // Back to stays and steps: a job's energy in a segment shared equally by its stays and spread evenly over the segment's steps.
  let deliveredKwh = 0;
  // (A job covers each of its segments whole, in stay order, so its steps are its segments' steps one after another.)
  jobs.forEach((members, j) => {
    let k = 0;
    jobSegments[j]!.forEach((segment, n) => {
      const length = segments[segment]!.steps;
      const kw = flow.flowOn(edges[j]![n]!) / members.length / length / dt;
      for (const i of members) schedule[i]!.fill(kw, k, k + length);
      deliveredKwh += kw * dt * length * members.length;
      k += length;
    });
  });
  return { peakKw: peak, deliveredKwh };
}

/**
 * Sorts each segment's entries (between consecutive `first` offsets) by the
 * job's `key`, then `tie`, moving `ints` and `floats` with them: an
 * insertion sort, as a segment's order is nearly the one before it (the
 * head start sorts the busy segments of every peak it tries, a year's some
 * twenty thousand).
 */
function sortEntries(
  first: Int32Array,
  job: Int32Array,
  ints: Int32Array,
  floats: Float64Array,
  key: Float64Array,
  tie: Float64Array,
) {
  for (let n = 0; n + 1 < first.length; n++)
    for (let a = first[n]! + 1; a < first[n + 1]!; a++) {
      const j = job[a]!;
      const int = ints[a]!;
      const float = floats[a]!;
      let b = a - 1;
      while (b >= first[n]! && (key[job[b]!]! > key[j]! || (key[job[b]!]! === key[j]! && tie[job[b]!]! > tie[j]!))) {
        job[b + 1] = job[b]!;
        ints[b + 1] = ints[b]!;
        floats[b + 1] = floats[b]!;
        b--;
      }
      job[b + 1] = j;
      ints[b + 1] = int;
      floats[b + 1] = float;
    }
}
