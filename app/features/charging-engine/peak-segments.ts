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

/**
 * The covered steps in runs that no `cut`, gap, change of the building's load or change of the connection's limit
 * separates: each run's length, load and limit, and each step's run (-1 where not covered).
 */
export function segmentsOf(covered: Uint8Array, cut: Uint8Array, building: number[], limit: readonly number[]) {
  const segmentOf = new Int32Array(covered.length).fill(-1);
  const segments: { steps: number; buildingKw: number; limitKw: number }[] = [];
  let previous = -1;
  for (let t = 0; t < covered.length; t++) {
    if (!covered[t]) continue;
    if (
      previous < 0 ||
      cut[t] ||
      previous !== t - 1 ||
      building[t] !== building[previous] ||
      limit[t] !== limit[previous]
    )
      segments.push({ steps: 0, buildingKw: building[t]!, limitKw: limit[t]! });
    segments.at(-1)!.steps++;
    segmentOf[t] = segments.length - 1;
    previous = t;
  }
  return { segments, segmentOf };
}

/**
 * A Newton step on a minimum cut: the lowest peak P at which the cut's
 * peak-limited edges (each segment's room above its building load and below
 * its connection limit, times its weight) carry what they did at `candidate`
 * plus `missing` — walking up the levels where a segment's room starts to
 * grow (its building load) and stops (its limit). The cut's capacity only
 * grows with P, so the P found is never past the optimum: Newton's method
 * stays exact where the limit changes with time. Past every level, `hi`.
 */
export function nextPeak(
  cut: { kw: number; weight: number; limitKw: number }[],
  candidate: number,
  missing: number,
  hi: number,
): number {
  const room = (p: number, { kw, weight, limitKw }: (typeof cut)[number]) =>
    Math.max(0, Math.min(p, limitKw) - kw) * weight;
  const want = missing + cut.reduce((sum, entry) => sum + room(candidate, entry), 0);
  // Each segment's room grows at its weight from its load to its limit: the slope changes at those levels.
  const changes: { at: number; slope: number }[] = [];
  for (const { kw, weight, limitKw } of cut)
    if (limitKw > kw) changes.push({ at: kw, slope: weight }, { at: limitKw, slope: -weight });
  changes.sort((a, b) => a.at - b.at);
  let slope = 0;
  let given = 0;
  for (let k = 0; k < changes.length; k++) {
    slope += changes[k]!.slope;
    const upTo = changes[k + 1]?.at ?? Infinity;
    if (slope > 1e-12) {
      const p = changes[k]!.at + (want - given) / slope;
      // (Where the want is what every room holds up to a limit, rounding can put p a hair past it: the limit it is.)
      const short = want - given - slope * (upTo - changes[k]!.at);
      if (p <= upTo || short <= 1e-12 * Math.max(1, want)) return Math.min(p, upTo);
    }
    if (upTo !== Infinity) given += slope * (upTo - changes[k]!.at);
  }
  return hi;
}
