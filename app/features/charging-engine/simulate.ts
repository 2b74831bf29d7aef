import { type Chain } from "./chain";
import { Cycle } from "./cycle";
import type { Pieces } from "./pieces";
import { RepeatingStart } from "./repeating-start";
import type { Schedule } from "./schedule";
import type { Stay, Vehicle } from "./stays";
import { everyWeek, repeatingWeek, type Week } from "./week-cycle";

/**
 * The plan, its chain, whether it is one week's repeated (week-cycle.ts: from the week's own repeating start, not the
 * whole cycle's runs), and how many weeks the whole cycle's runs jumped over (week-jumps.ts).
 */
export type Simulated = { pieces: Pieces; chain: Chain; oneWeek: boolean; weeksSkipped: number };
type Mode = "uncontrolled" | "balanced";

/**
 * Uncontrolled and balanced charging, simulated with each vehicle's real
 * state of charge: the curve is read at the charge reached, a stay starts
 * from what the vehicle left its previous stay with, and the charger never
 * runs below its minimum (a vehicle is switched off instead). Uncontrolled
 * takes full power from arrival; balanced the lowest constant power that
 * reaches the target by departure, held until the curve falls below it
 * (worked out again whenever the connection gave it less). When the
 * connection binds, everyone is scaled down together, and vehicles that
 * would fall below their charger's minimum are switched off, the one leaving
 * last first. The cycle repeats: it is run again until every vehicle starts
 * it as it ends (at most `maxCycles` times), from the starts a root search
 * picks (repeating-start.ts, decision 041).
 *
 * Event-driven (decision 030): a stay is visited when it arrives, when what
 * it wants changes (its target reached, the curve read at its charge, the
 * last part-step), when it leaves, and at the steps where the connection
 * could bind; in between it holds its power (a piece of its plan, pieces.ts).
 * Where the connection binds, those steps are taken one at a time as before.
 * The result equals the step-by-step simulation (simulate-stepped.ts) bit
 * for bit: every sum the decisions depend on is made in the same order.
 * With `schedule`, each stay's row is written into it too. A cycle of
 * weeks that repeat is run as one week where that gives the same plan
 * (week-cycle.ts): the whole cycle's, to the millionth of a charge to which
 * either finds its repeating start. Where the connection binds, the whole
 * cycle is run, jumping over its weeks once one starts as the week before
 * did (week-jumps.ts, decision 078): bit for bit the same.
 */
export function simulate(
  stays: Stay[],
  vehicles: Vehicle[],
  steps: number,
  dt: number,
  headroom: number[],
  mode: Mode,
  maxCycles: number,
  schedule?: Schedule,
): Simulated {
  const week = repeatingWeek(stays, vehicles, steps, dt, headroom);
  const once = week && run(week, dt, mode, WEEK_CYCLES, null, true);
  const result =
    week && once && once.settled && !once.bound
      ? { ...everyWeek(week, stays, once.pieces, once.chain), oneWeek: true, weeksSkipped: 0 }
      : run({ stays, vehicles, steps, headroom }, dt, mode, maxCycles, week);
  if (schedule) result.pieces.writeInto(schedule);
  const { pieces, chain, weeksSkipped } = result;
  return { pieces, chain, oneWeek: !("settled" in result), weeksSkipped };
}

/** Runs of a week until it repeats: a week's run is a fifty-second of a year's, and a vehicle short every week takes a few. */
const WEEK_CYCLES = 30;

/**
 * The cycle run until every vehicle starts it as it ends (or `maxCycles` runs); whether it did, and whether the
 * connection bound in any run. A week run on its own (`stopIfBound`) stops once the connection binds: its plan is not
 * the cycle's then, and the whole cycle is run instead, jumping over the weeks that repeat (week-jumps.ts).
 */
function run(
  { stays, vehicles, steps, headroom }: Pick<Week, "stays" | "vehicles" | "steps" | "headroom">,
  dt: number,
  mode: Mode,
  maxCycles: number,
  weekOf: Week | null,
  stopIfBound = false,
) {
  const cycle = new Cycle(
    stays,
    vehicles,
    steps,
    dt,
    headroom,
    mode,
    weekOf && { steps: weekOf.steps, like: weekOf.like },
  );
  let carry: Float64Array = new Float64Array(vehicles.length);
  vehicles.forEach((vehicle, v) => (carry[v] = stays[vehicle.stays[0]!]!.targetKwh));
  let result = cycle.run(carry);
  let bound = result.bound;
  let weeksSkipped = cycle.weeksSkipped;
  const search = new RepeatingStart(vehicles.length);
  for (let n = 1; n < maxCycles && !RepeatingStart.settled(carry, result.endCarry) && !(stopIfBound && bound); n++) {
    carry = search.next(carry, result.endCarry, result.bound);
    result = cycle.run(carry);
    bound ||= result.bound;
    weeksSkipped += cycle.weeksSkipped;
  }
  const settled = RepeatingStart.settled(carry, result.endCarry);
  return { pieces: cycle.pieces, chain: result.chain, settled, bound, weeksSkipped };
}
