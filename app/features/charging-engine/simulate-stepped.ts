import { arrive, chainFrom, fullDepartures } from "./chain";
import { balancedPower, powerAt } from "./curve";
import { RepeatingStart } from "./repeating-start";
import { clearSchedule, emptySchedule, type Schedule } from "./schedule";
import { shareConnection } from "./share-connection";
import type { Stay, Vehicle } from "./stays";

const EPS = 1e-9;
const none: readonly number[] = [];

/**
 * The simulation as it was written first, step by step (decision 030): the
 * reference the event-driven one (simulate.ts) must equal bit for bit. Only
 * the tests use it; it stays because its loop is the plainest statement of
 * what the simulated strategies do.
 *
 * Uncontrolled and balanced charging, simulated step by step with each
 * vehicle's real state of charge: the curve is read at the charge reached,
 * a stay starts from what the vehicle left its previous stay with, and the
 * charger never runs below its minimum (a vehicle is switched off instead).
 * Uncontrolled takes full power from arrival; balanced the lowest constant
 * power that reaches the target by departure, held until the curve falls
 * below it (worked out again whenever the connection gave it less). When the
 * connection binds, everyone is scaled down together, and vehicles that
 * would fall below their charger's minimum are switched off, the one leaving
 * last first. The cycle repeats: it is run again until every vehicle starts
 * it as it ends (at most `maxCycles` times), from the starts the same root
 * search as the event-driven one picks (repeating-start.ts).
 */
export function simulateStepped(
  stays: Stay[],
  vehicles: Vehicle[],
  steps: number,
  dt: number,
  headroom: number[],
  mode: "uncontrolled" | "balanced",
  maxCycles: number,
  schedule: Schedule = emptySchedule(stays),
): { schedule: Schedule; chain: ReturnType<typeof chainFrom> } {
  let carry: Float64Array = new Float64Array(vehicles.length);
  vehicles.forEach((vehicle, v) => (carry[v] = stays[vehicle.stays[0]!]!.targetKwh));
  // One schedule (zeros), written again by each cycle (a year of a fleet's is some 20 MB).
  let run = runCycle(stays, vehicles, steps, dt, headroom, mode, carry, schedule);
  const search = new RepeatingStart(vehicles.length);
  for (let cycle = 1; cycle < maxCycles && !RepeatingStart.settled(carry, run.endCarry); cycle++) {
    carry = search.next(carry, run.endCarry, run.bound);
    clearSchedule(schedule);
    run = runCycle(stays, vehicles, steps, dt, headroom, mode, carry, schedule);
  }
  return { schedule, chain: run.chain };
}

function runCycle(
  stays: Stay[],
  vehicles: Vehicle[],
  steps: number,
  dt: number,
  headroom: number[],
  mode: "uncontrolled" | "balanced",
  startCarry: Float64Array,
  schedule: Schedule,
) {
  const chain = chainFrom(stays, fullDepartures(stays));
  const lastDeparture = Float64Array.from(startCarry);
  const soc = new Float64Array(stays.length);
  const speed = new Float64Array(stays.length);
  const recompute = new Uint8Array(stays.length);
  const load = new Float64Array(steps);
  // Each vehicle's stays in its own order on an unwrapped timeline (a stay after one that wrapped past the end of the cycle comes a cycle later), so a stay always starts after its previous one has ended; a sweep over two cycles covers them all.
  const startingAt = new Map<number, number[]>();
  const unwrapped = new Int32Array(stays.length);
  for (const vehicle of vehicles) {
    let free = -Infinity;
    for (const i of vehicle.stays) {
      const s = stays[i]!;
      let start = s.start;
      while (start < free) start += steps;
      unwrapped[i] = start;
      free = start + s.length;
      pushTo(startingAt, start, i);
    }
  }
  // The stays charging at a step, with what each wants and is given (the step's scratch, reused: a year has tens of thousands of steps).
  const active: number[] = [];
  const wants = new Float64Array(stays.length);
  const given = new Float64Array(stays.length);
  const leaves = (i: number) => unwrapped[i]! + stays[i]!.length;
  const ending = new Map<number, number[]>();
  let bound = false;
  for (let u = 0; u < 2 * steps; u++) {
    for (const i of ending.get(u) ?? none) lastDeparture[stays[i]!.vehicle] = soc[i]!;
    ending.delete(u);
    for (const i of startingAt.get(u) ?? none) {
      const s = stays[i]!;
      arrive(chain, i, s, lastDeparture[s.vehicle]!);
      soc[i] = chain.arrivalKwh[i]!;
      const end = unwrapped[i]! + s.length;
      pushTo(ending, end, i);
      if (s.charger && chain.needKwh[i]! > EPS) {
        active.push(i);
        recompute[i] = 1;
      }
    }
    const t = u % steps;
    let kept = 0;
    for (const i of active) if (u < leaves(i) && stays[i]!.targetKwh - soc[i]! > EPS) active[kept++] = i;
    active.length = kept;
    if (kept === 0) continue;
    for (let n = 0; n < kept; n++) {
      const i = active[n]!;
      const s = stays[i]!;
      const k = u - unwrapped[i]!;
      const room = (s.targetKwh - soc[i]!) / dt;
      let want = powerAt(s, soc[i]!);
      if (mode === "balanced") {
        if (recompute[i]) speed[i] = balancedPower(s, soc[i]!, s.targetKwh - soc[i]!, s.length - k, dt);
        recompute[i] = 0;
        want = Math.min(want, Math.max(speed[i]!, s.minKw));
      }
      wants[n] = Math.min(want, room);
    }
    const available = Math.max(0, headroom[t]! - load[t]!);
    if (shareConnection(active, wants, given, available, stays, leaves)) bound = true;
    for (let n = 0; n < kept; n++) {
      const i = active[n]!;
      const kw = given[n]!;
      schedule[i]![u - unwrapped[i]!] = kw;
      soc[i] = soc[i]! + kw * dt;
      load[t] = load[t]! + kw;
      if (kw < wants[n]! - EPS) recompute[i] = 1;
    }
  }
  return { chain, endCarry: lastDeparture, bound };
}

function pushTo(lists: Map<number, number[]>, key: number, value: number): void {
  const list = lists.get(key);
  if (list) list.push(value);
  else lists.set(key, [value]);
}
