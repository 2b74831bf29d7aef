import { chainFrom, fullDepartures, type Chain } from "./chain";
import { MaxFlow } from "./max-flow";
import type { Site } from "./min-peak-flow";
import { nextPeak, segmentsOf } from "./peak-segments";
import type { Schedule } from "./schedule";
import type { Stay, Vehicle } from "./stays";

/**
 * Where the connection cannot give every stay its need, which stays go short
 * decides how much of the fleet's driving the depot supplies: energy a vehicle
 * leaves without is a top-up on the road, unless it only lowers what a later
 * stay needs. So, exactly (decision 034): the most trip energy the depot can
 * supply, as a maximum flow in which each vehicle's charge is carried from
 * stay to stay — the grid's room in each segment of steps → the stays
 * plugged in then (each within its charger) → the vehicle's battery as it
 * leaves (at most its target) → the trip after it (what it uses, to the sink)
 * and on to its next stay (what is left). The lowest peak that still
 * supplies that much is found by Newton steps on the minimum cut, as in
 * minimumPeak.
 *
 * For stays with flat curves (a curve's limit depends on the charge, which
 * the flow does not see). Returns null when the plan given supplies as much
 * already (`suppliedKwh`): then its vehicles leave as full as it planned them,
 * which this flow does not weigh; otherwise writes the flow's plan into `schedule`
 * and returns its peak and the chain it leaves.
 */
// Kept whole: one flow from building to reading back, over the same network
// arrays (as min-peak-flow's solve): the steps are in order and documented above.
// eslint-disable-next-line max-lines-per-function -- kept whole, for the reason above
export function chainFlowPlan(
  stays: Stay[],
  vehicles: Vehicle[],
  site: Site,
  schedule: Schedule,
  suppliedKwh: number,
): { peakKw: number; chain: Chain } | null {
  const { steps, dt, building, limitKw, limit, efficiency } = site;
  const charging = stays.map((_, i) => i).filter((i) => stays[i]!.charger !== null && stays[i]!.capKw > 0);
  // Segments: runs of steps no stay's start or end, no change of the building's load and no gap cuts.
  const cut = new Uint8Array(steps);
  const covered = new Uint8Array(steps);
  for (const i of charging) {
    const s = stays[i]!;
    cut[s.start % steps] = 1;
    cut[(s.start + s.length) % steps] = 1;
    for (let k = 0; k < s.length; k++) covered[(s.start + k) % steps] = 1;
  }
  const { segments, segmentOf } = segmentsOf(covered, cut, building, limit);
  const S = segments.length;
  const leaves = (i: number) => 2 + S + 2 * i;
  const trip = (i: number) => 2 + S + 2 * i + 1;
  const flow = new MaxFlow(2 + S + 2 * stays.length);
  const fromSource = segments.map((_, n) => flow.addEdge(0, 2 + n, 0));
  // Each charging stay's edges from the segments of its stay, in stay order (a stay covers its segments whole).
  const chargeEdges = new Map<number, { edge: number; steps: number }[]>();
  for (const i of charging) {
    const s = stays[i]!;
    const list: { edge: number; steps: number }[] = [];
    for (let k = 0; k < s.length; k++) {
      const n = segmentOf[(s.start + k) % steps]!;
      if (k > 0 && segmentOf[(s.start + k - 1) % steps] === n) continue;
      list.push({ edge: flow.addEdge(2 + n, leaves(i), s.capKw * segments[n]!.steps * dt), steps: segments[n]!.steps });
    }
    chargeEdges.set(i, list);
  }
  const departure = new Int32Array(stays.length);
  for (const { stays: order } of vehicles)
    order.forEach((i, k) => {
      const next = order[(k + 1) % order.length]!;
      departure[i] = flow.addEdge(leaves(i), trip(i), stays[i]!.targetKwh);
      flow.addEdge(trip(i), 1, stays[next]!.tripKwh);
      flow.addEdge(trip(i), leaves(next), stays[next]!.targetKwh);
    });
  flow.snapshot();
  const weight = (n: number) => segments[n]!.steps * dt * efficiency;
  let solvedAt = NaN;
  const solve = (peak: number) => {
    flow.reset();
    solvedAt = peak;
    segments.forEach((segment, n) =>
      flow.setCapacity(fromSource[n]!, Math.max(0, Math.min(peak, segment.limitKw) - segment.buildingKw) * weight(n)),
    );
    return flow.run(0, 1);
  };
  const lo = segments.reduce((max, segment) => Math.max(max, segment.buildingKw), 0);
  const hi = Math.max(lo, limitKw);
  const goal = solve(hi);
  if (goal <= suppliedKwh + 1e-9 * Math.max(1, goal)) return null;
  const enough = (sent: number) => sent >= goal - 1e-9 * Math.max(1, goal);
  let peak = hi;
  // Newton's method on the cuts (minimumPeak): the peak's edges in a cut are those into segments the source no longer reaches.
  for (let candidate = lo, iteration = 0; iteration < 100 && candidate < hi; iteration++) {
    const sent = solve(candidate);
    if (enough(sent)) {
      peak = candidate;
      break;
    }
    const cutSegments = segments
      .map((segment, n) => ({ kw: segment.buildingKw, weight: weight(n), limitKw: segment.limitKw, n }))
      .filter(({ n }) => !flow.onSourceSide(2 + n));
    candidate = Math.max(nextPeak(cutSegments, candidate, goal - sent, hi), candidate + 1e-9);
  }
  if (solvedAt !== peak) solve(peak);
  // Back to steps: a stay's energy in a segment spread evenly over its steps.
  for (let i = 0; i < stays.length; i++) schedule[i]!.fill(0);
  for (const [i, list] of chargeEdges) {
    let k = 0;
    for (const { edge, steps: length } of list) {
      schedule[i]!.fill(flow.flowOn(edge) / length / dt, k, k + length);
      k += length;
    }
  }
  // The flow fixes what each stay puts in, not how full a vehicle that never runs empty keeps: each leaves full to
  // begin with, and settling the chain finds the fullest repeating state that plan allows (settleChain).
  return { peakKw: peak, chain: chainFrom(stays, fullDepartures(stays)) };
}
