import { buildingLoadBySteps, planCharging, type PlanInput } from "~/features/charging-engine";

/**
 * What a depot's fleet can spare for a flexibility request (issue 60, item 4): the network asks the site to draw less
 * over a window, and pays for what it moves. The answer is worked out from the depot's plan (cost-optimal, the rule
 * the live controller follows): its chargers' draw in the window is the baseline the offer is measured against; the
 * site is then held to the lowest limit over the window that leaves no vehicle shorter than the plan does, or, where
 * the network asked for less, the highest limit that still moves what it asked. Pure: a plan worker runs it.
 */
export type FlexWindow = {
  /** The horizon's steps the window touches (a window across the horizon's end wraps to its start). */
  steps: number[];
  /** The window's length in hours (a partly covered step counts only its covered part). */
  hours: number;
  /** The part of each step the window covers (0–1), in the order of `steps`. */
  covered: number[];
};
export type FlexAnswer = {
  /** The chargers' planned draw in each of the window's steps without the request (kW): the nominated baseline. */
  baselineKw: number[];
  /** The site's limit over the window that delivers the offer (kVA), or null when nothing can be spared. */
  capKva: number | null;
  /** The energy the offer moves out of the window (kWh), and that as a power over the window (kW). */
  offeredKwh: number;
  offeredKw: number;
  /** The most the fleet could move out of the window without any vehicle going shorter (kW over the window). */
  mostKw: number;
  /** The vehicles the plan already leaves short, whatever the request (kWh): the offer never adds to it. */
  planShortKwh: number;
};

const EPS = 1e-6;
/** Less than this moved is not worth offering (kWh). */
export const FLEX_LEAST_KWH = 0.5;

function runOn(input: PlanInput, kvaByStep: number[], window: FlexWindow) {
  const mostKva = Math.max(...kvaByStep);
  const site = { ...input.site, connectionKva: mostKva, connectionKvaByStep: kvaByStep };
  const result = planCharging({ ...input, site }, ["cost-optimal"], { sessions: false });
  const strategy = result.strategies[0]!;
  const windowKw = window.steps.map((t) => strategy.chargingKw[t]!);
  return {
    shortKwh: strategy.vehicles.reduce((sum, v) => sum + v.shortfallKwh, 0),
    windowKw,
    windowKwh: windowKw.reduce((sum, kw, k) => sum + kw * window.covered[k]! * result.stepHours, 0),
  };
}

/**
 * The answer to a request over `window` on a connection of `kvaByStep` (the plan's horizon), asking the fleet to draw
 * `askedKw` less (null: as much as it can). More room never leaves a vehicle shorter nor moves more out of the window,
 * so each limit is found by bisection, to half a kVA, and rounded to the whole kVA on its safe side.
 */
export function flexAnswer(
  input: PlanInput,
  kvaByStep: number[],
  window: FlexWindow,
  askedKw: number | null,
): FlexAnswer {
  const base = runOn(input, kvaByStep, window);
  const runs = new Map<number, ReturnType<typeof runOn>>();
  const capped = (kva: number) => {
    let run = runs.get(kva);
    if (!run) runs.set(kva, (run = runOn(input, capAt(kvaByStep, window, kva), window)));
    return run;
  };
  const keeps = (run: ReturnType<typeof runOn>) => run.shortKwh <= base.shortKwh + EPS;
  const answer = (capKva: number | null, offeredKwh: number, mostKwh: number): FlexAnswer => ({
    baselineKw: base.windowKw,
    capKva,
    offeredKwh,
    offeredKw: offeredKwh / window.hours,
    mostKw: mostKwh / window.hours,
    planShortKwh: base.shortKwh,
  });
  const top = Math.ceil(Math.max(...window.steps.map((t) => kvaByStep[t]!)));
  // The building's load is drawn whatever the chargers do: the site is never held below it.
  const building = buildingLoadBySteps(input.site.buildingKw, kvaByStep.length, input.horizon.stepMinutes);
  const floor = Math.min(top, Math.ceil(Math.max(...window.steps.map((t) => building[t]!)) / input.site.powerFactor));
  // The lowest limit that keeps every vehicle as charged as the plan does.
  let low = floor;
  let high = top;
  if (!keeps(capped(floor)))
    while (high - low > 0.5) {
      const middle = (low + high) / 2;
      if (keeps(capped(middle))) high = middle;
      else low = middle;
    }
  else high = floor;
  const leastKva = Math.ceil(high);
  const most = base.windowKwh - capped(leastKva).windowKwh;
  if (most < FLEX_LEAST_KWH) return answer(null, 0, Math.max(0, most));
  const wantedKwh = askedKw === null ? Infinity : askedKw * window.hours;
  if (most <= wantedKwh + EPS) return answer(leastKva, most, most);
  // Asked for less: the highest limit that still moves what was asked.
  const movesEnough = (kva: number) => base.windowKwh - capped(kva).windowKwh >= wantedKwh - EPS;
  let moves = leastKva;
  let moot = top;
  while (moot - moves > 0.5) {
    const middle = (moves + moot) / 2;
    if (movesEnough(middle)) moves = middle;
    else moot = middle;
  }
  const capKva = Math.max(leastKva, movesEnough(Math.ceil(moves)) ? Math.ceil(moves) : Math.floor(moves));
  // What is promised is what was asked: the plan under that limit moves at least as much (often a little more, as the
  // plan re-balances around it), and a network pays for what it asked.
  return answer(capKva, wantedKwh, most);
}

/** The connection held to `kva` in the window's steps (never raised). */
export function capAt(kvaByStep: readonly number[], window: FlexWindow, kva: number): number[] {
  const out = [...kvaByStep];
  for (const t of window.steps) out[t] = Math.min(out[t]!, kva);
  return out;
}
