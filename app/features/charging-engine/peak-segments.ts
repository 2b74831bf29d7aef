/**
 * The pieces the lowest-peak flows share (minimumPeak, chainFlowPlan, peak
 * shaving): the stays grouped where their times overlap, the steps cut into
 * segments within which nothing changes, and Newton's step from a minimum
 * cut to the next peak to try.
 */

/**
 * Stays whose times share a step, grouped: each group can be planned on its own. Stays with nothing to put in are
 * left out. Found from how many stays are plugged in at each step and how many plug in there: where every stay
 * present plugged in at that step, none shares it with the step before, and a new group may begin (a count per
 * step, not a visit to every step of every stay: a year's 28,000 stays cover some two million).
 */
export function clusters(
  stays: { start: number; length: number }[],
  steps: number,
  included: (i: number) => boolean,
): number[][] {
  const change = new Int32Array(steps + 1);
  const plugging = new Int32Array(steps);
  let whole = false;
  stays.forEach((s, i) => {
    if (!included(i) || s.length <= 0) return;
    if (s.length >= steps) whole = true;
    const end = s.start + s.length;
    plugging[s.start]!++;
    change[s.start]!++;
    change[Math.min(end, steps)]!--;
    if (end > steps) {
      change[0]!++;
      change[end - steps]!--;
    }
  });
  // Each step's run of steps that stays bridge; the last run joins the first where a stay spans the end of the cycle.
  const run = new Int32Array(steps);
  let present = 0;
  let runs = 0;
  for (let t = 0; t < steps; t++) {
    present += change[t]!;
    if (t > 0 && !whole && present === plugging[t]) runs++;
    run[t] = runs;
  }
  const wraps = whole || change[0]! > plugging[0]!;
  const groups = new Map<number, number[]>();
  stays.forEach((s, i) => {
    if (!included(i)) return;
    // (A stay with no steps is a group of its own.)
    const key = s.length <= 0 ? -1 - i : wraps && run[s.start] === runs ? 0 : run[s.start]!;
    const group = groups.get(key);
    if (group) group.push(i);
    else groups.set(key, [i]);
  });
  return [...groups.values()];
}

/** The covered steps in runs that no `cut`, gap or change of the building's load separates: each run's length and load, and each step's run (-1 where not covered). */
export function segmentsOf(covered: Uint8Array, cut: Uint8Array, building: number[]) {
  const segmentOf = new Int32Array(covered.length).fill(-1);
  const segments: { steps: number; buildingKw: number }[] = [];
  let previous = -1;
  for (let t = 0; t < covered.length; t++) {
    if (!covered[t]) continue;
    if (previous < 0 || cut[t] || previous !== t - 1 || building[t] !== building[previous])
      segments.push({ steps: 0, buildingKw: building[t]! });
    segments.at(-1)!.steps++;
    segmentOf[t] = segments.length - 1;
    previous = t;
  }
  return { segments, segmentOf };
}

/**
 * A Newton step on a minimum cut: the lowest peak P at which the cut's
 * peak-limited edges (each segment's room above its building load, times its
 * weight) carry what they did at `candidate` plus `missing` — walking up the
 * building levels, as the room of each segment only grows from its level.
 */
export function nextPeak(
  cut: { kw: number; weight: number }[],
  candidate: number,
  missing: number,
  hi: number,
): number {
  const want = missing + cut.reduce((sum, { kw, weight }) => sum + Math.max(0, candidate - kw) * weight, 0);
  const levels = [...cut].sort((a, b) => a.kw - b.kw);
  let slope = 0;
  let given = 0;
  for (let k = 0; k < levels.length; k++) {
    slope += levels[k]!.weight;
    const p = levels[k]!.kw + (want - given) / slope;
    const upTo = levels[k + 1]?.kw ?? Infinity;
    if (p <= upTo) return p;
    given += slope * (upTo - levels[k]!.kw);
  }
  return hi;
}
