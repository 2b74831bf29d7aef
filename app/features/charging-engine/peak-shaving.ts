import { chainAfter, chainFrom, copyChain, fullDepartures, settleChain, type Chain } from "./chain";
import { chainFlowPlan } from "./chain-flow";
import { balancedPower, powerAt, reachesKwh, relaxedCaps, speedLimitedCaps } from "./curve";
import { minimumPeak, type FlowStay, type Site } from "./min-peak-flow";
import { clusters } from "./peak-segments";
import { delivered, emptySchedule, type Schedule } from "./schedule";
import { maxOf } from "./site-battery";
import type { Stay, Vehicle } from "./stays";

const EPS = 1e-9;

/**
 * The lowest site peak at which every stay still gets what the connection
 * lets it have. Per group of overlapping stays:
 * 1. A relaxation is solved exactly (minimumPeak): each stay's power at a
 *    step is at most the highest its curve goes between the latest and the
 *    fastest charge it can be at then. Its peak is a lower bound for any plan.
 * 2. If that schedule keeps every curve at the charge it really reaches, it
 *    is the plan, and it is optimal.
 * 3. Otherwise the stays with curves get limits that hold whatever the flow
 *    does (speedLimitedCaps, at the speed the relaxation used, at least the
 *    balanced one), and the group is solved again; if that delivers less,
 *    the fastest-path limits are tried too. The bound stays beside the answer.
 * State of charge carries between stays: stays that left short make the next
 * need larger and the changed groups are solved again (at most `maxRounds`).
 */
export function peakShaving(
  stays: Stay[],
  vehicles: Vehicle[],
  site: Site,
  maxRounds: number,
  schedule: Schedule = emptySchedule(stays),
): { schedule: Schedule; chain: Chain; lowerBoundKw: number; suppliesMost: boolean } {
  const { steps, dt } = site;
  const boundOf = new Float64Array(stays.length);
  let chain = chainFrom(stays, fullDepartures(stays));
  let changed: Set<number> | null = null;
  for (let round = 0; round < maxRounds; round++) {
    const needs = chain.needKwh;
    const reachMemo = new Map<string, boolean>();
    const mustReach = stays.map((s, i) => {
      if (!s.curve || !s.charger) return false;
      const key = `${s.typeId}|${s.capKw}|${s.length}|${chain.arrivalKwh[i]}|${s.targetKwh}`;
      let reaches = reachMemo.get(key);
      if (reaches === undefined) {
        reaches = reachesKwh(s, chain.arrivalKwh[i]!, s.targetKwh, s.length, dt, needs[i]!);
        reachMemo.set(key, reaches);
      }
      return reaches;
    });
    const memo: Memo = new Map();
    const groups = clusters(stays, steps, (i) => stays[i]!.charger !== null && needs[i]! > EPS);
    for (const group of groups) {
      if (changed && !group.some((i) => changed!.has(i))) continue;
      // Each group is solved on its own arrays (its members as 0…n−1), so nothing the size of the whole plan is copied per group.
      const local: Local = {
        stays: group.map((i) => stays[i]!),
        arrivalKwh: group.map((i) => chain.arrivalKwh[i]!),
        needKwh: group.map((i) => chain.needKwh[i]!),
        mustReach: group.map((i) => mustReach[i]!),
        schedule: group.map((i) => schedule[i]!),
      };
      const relaxed = local.stays.map((s, n) =>
        flowStay(s, local.arrivalKwh[n]!, local.needKwh[n]!, dt, "relaxed", local.mustReach[n]!, memo),
      );
      const bound = solveGroup(local, relaxed, site);
      group.forEach((i, n) => {
        schedule[i] = local.schedule[n]!;
        boundOf[i] = bound;
      });
    }
    if (round === maxRounds - 1) break;
    const next = chainAfter(stays, vehicles, chain, schedule, dt);
    changed = new Set(stays.map((_, i) => i).filter((i) => Math.abs(next.needKwh[i]! - chain.needKwh[i]!) > 1e-6));
    if (changed.size === 0) break;
    chain = next;
    for (const i of changed) schedule[i]!.fill(0);
  }
  const lowerBoundKw = boundOf.reduce((max, kw) => Math.max(max, kw), 0);
  const exact = suppliesMost(stays, vehicles, site, chain, schedule);
  if (exact) return { schedule, chain: exact.chain, lowerBoundKw: exact.peakKw, suppliesMost: true };
  return { schedule, chain, lowerBoundKw, suppliesMost: false };
}

/** A group's stays with their charge on arrival, need, whether they must reach their target, and their rows of the schedule (written in place, or replaced). */
type Local = { stays: Stay[]; arrivalKwh: number[]; needKwh: number[]; mustReach: boolean[]; schedule: Schedule };

function solveGroup(local: Local, relaxed: FlowStay[], site: Site): number {
  const { dt } = site;
  const { stays, schedule, mustReach } = local;
  const group = stays.map((_, n) => n);
  const chain = { arrivalKwh: local.arrivalKwh, needKwh: local.needKwh };
  const lower = minimumPeak(group, relaxed, site, schedule);
  const breaks = (i: number) => !!stays[i]!.curve && !followsCurve(stays[i]!, chain.arrivalKwh[i]!, schedule[i]!, dt);
  let broken = group.filter(breaks);
  if (broken.length === 0) return lower.peakKw;
  // Limits that hold for any schedule, at the speed the relaxation used (at least the balanced one), for the stays whose schedule broke their curve; solved again until none does (then every stay with a curve gets them).
  const inner = relaxed.slice();
  const tighten = (i: number) => {
    const s = stays[i]!;
    const used = maxOf(schedule[i]!, 0);
    const balanced = balancedPower(s, chain.arrivalKwh[i]!, chain.needKwh[i]!, s.length, dt);
    inner[i] = flowStay(s, chain.arrivalKwh[i]!, chain.needKwh[i]!, dt, Math.min(s.capKw, Math.max(used, balanced)));
  };
  let plan = lower;
  for (let attempt = 0; attempt < 4 && broken.length > 0; attempt++) {
    for (const i of broken) tighten(i);
    plan = minimumPeak(group, inner, site, schedule);
    broken = group.filter((i) => inner[i] === relaxed[i] && breaks(i));
  }
  if (broken.length > 0) {
    for (const i of group) if (stays[i]!.curve && inner[i] === relaxed[i]) tighten(i);
    plan = minimumPeak(group, inner, site, schedule);
  }
  if (plan.deliveredKwh < lower.deliveredKwh - 1e-6) {
    const fastest = relaxed.slice();
    for (const i of group)
      if (stays[i]!.curve)
        fastest[i] = flowStay(stays[i]!, chain.arrivalKwh[i]!, chain.needKwh[i]!, dt, stays[i]!.capKw);
    const scratch = emptySchedule(stays);
    const other = minimumPeak(group, fastest, site, scratch);
    const better =
      other.deliveredKwh > plan.deliveredKwh + 1e-6 ||
      (other.deliveredKwh > plan.deliveredKwh - 1e-6 && other.peakKw < plan.peakKw - 1e-9);
    if (better) {
      for (const i of group) schedule[i] = scratch[i]!;
      plan = other;
    }
  }
  if (plan.deliveredKwh >= lower.deliveredKwh - 1e-6) return lower.peakKw;
  // The plan delivers less than the relaxation: the bound is for plans delivering as much as it does, without assuming any stay is met in full.
  const loose = relaxed.slice();
  for (const i of group)
    if (mustReach[i]) loose[i] = flowStay(stays[i]!, chain.arrivalKwh[i]!, chain.needKwh[i]!, dt, "relaxed", false);
  const scratch = emptySchedule(stays);
  return Math.min(minimumPeak(group, loose, site, scratch, plan.deliveredKwh).peakKw, plan.peakKw);
}

/** Limits are the same for equal stays (a group's vehicles on the same shift): worked out once per key. */
type Memo = Map<string, { caps: Float64Array; reaches: boolean }>;

function flowStay(
  s: Stay,
  arrival: number,
  need: number,
  dt: number,
  speed: number | "relaxed",
  mustReach = false,
  memo?: Memo,
): FlowStay {
  const limits = s.curve ? `${s.typeId}|${s.batteryKwh}|${arrival}|${s.targetKwh}|${speed}|${mustReach}` : "";
  const key = `${s.length}|${need}|${s.capKw}|${limits}`;
  const shape = `${s.length}|${s.capKw}|${limits}`;
  let caps = memo?.get(shape)?.caps;
  if (!caps) {
    caps =
      speed === "relaxed"
        ? relaxedCaps(s, arrival, s.targetKwh, s.length, dt, mustReach)
        : speedLimitedCaps(s, arrival, s.targetKwh, s.length, dt, speed);
    memo?.set(shape, { caps, reaches: false });
  }
  return { start: s.start, length: s.length, needKwh: need, caps, key };
}

/** Whether a schedule keeps the curve at the charge the vehicle really has at each step. */
export function followsCurve(stay: Stay, arrivalKwh: number, kw: Float64Array, dt: number): boolean {
  let soc = arrivalKwh;
  for (const p of kw) {
    if (p > powerAt(stay, soc) + 1e-6) return false;
    soc += p * dt;
  }
  return true;
}

/**
 * Where some trip needs a top-up on the road and every curve is flat, the
 * plan that supplies the most of the fleet's driving at the lowest peak for
 * it (chainFlowPlan), when it supplies more than the rounds' plan settles to.
 */
function suppliesMost(stays: Stay[], vehicles: Vehicle[], site: Site, chain: Chain, schedule: Schedule) {
  if (stays.some((s) => s.charger && s.curve)) return null;
  const short = stays.some(
    (s, i) => chain.topUpKwh[i]! > 1e-9 || (s.charger && delivered(schedule[i]!, site.dt) < chain.needKwh[i]! - 1e-6),
  );
  if (!short) return null;
  const settled = schedule.map((row) => row.slice());
  settleChain(stays, vehicles, copyChain(chain), settled, site.dt, undefined, true);
  const supplied = settled.reduce((sum, row) => sum + delivered(row, site.dt), 0);
  return chainFlowPlan(stays, vehicles, site, schedule, supplied);
}
