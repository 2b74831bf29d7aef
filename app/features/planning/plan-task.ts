import { offerOutlook, type OfferOutlook, type OfferShape } from "~/features/connections";

import { computePlan } from "./compute-plan";
import type { PlanRequest } from "./plan-input";
import type { PlanSummary } from "./plan-summary";

/**
 * What a plan worker computes: a depot's plan (its four strategies, sizing and business case), or what a connection
 * offer means for that plan (issue 60: the plan run on the offer's limit, season by season or across its
 * curtailment record). Both share the workers' fairness, time and memory limits (plan-runner.server.ts).
 */
export type PlanTask =
  { task: "plan"; input: PlanRequest } | { task: "outlook"; input: PlanRequest; offer: OfferShape };
export type TaskResult<T extends PlanTask> = T extends { task: "plan" } ? PlanSummary : OfferOutlook;

export function runTask(job: PlanTask, onProgress: (done: number) => void): PlanSummary | OfferOutlook {
  return job.task === "plan" ? computePlan(job.input, onProgress) : offerOutlook(job.input, job.offer);
}
