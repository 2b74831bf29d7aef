/**
 * The two pieces the lowest-peak flows share (minimumPeak, chainFlowPlan):
 * the steps cut into segments within which nothing changes, and Newton's
 * step from a minimum cut to the next peak to try.
 */

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
