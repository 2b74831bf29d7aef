import { planCharging } from "./engine/plan-charging";
import { sizeChargers } from "./engine/sizing";
import { STRATEGIES, type PlanInput } from "./engine/types";
import { PLAN_STEPS, summarisePlan, summariseStrategy, type PlanSummary, type StrategySummary } from "./plan-summary";

/**
 * Runs every strategy one after the other, reporting after each, and keeps
 * only the summary of each (so a year-long plan never holds four full
 * schedules at once); then sizes the chargers the fleet needs. Used by the
 * worker thread and, where there is no built worker (development, unit
 * tests), in the calling thread.
 */
export function computePlan(input: PlanInput, onProgress: (done: number) => void): PlanSummary {
  const started = performance.now();
  const strategies: StrategySummary[] = [];
  let last: ReturnType<typeof planCharging> | null = null;
  for (const strategy of STRATEGIES) {
    last = planCharging(input, [strategy]);
    strategies.push(summariseStrategy(input, last, last.strategies[0]!));
    onProgress(strategies.length);
  }
  const sizing = sizeChargers(input);
  onProgress(PLAN_STEPS);
  return summarisePlan(input, last!, strategies, performance.now() - started, sizing);
}
