import {
  flexAnswer,
  offerOutlook,
  type FlexAnswer,
  type FlexWindow,
  type OfferOutlook,
  type OfferShape,
} from "~/features/connections";

import { computePlan } from "./compute-plan";
import type { PlanRequest } from "./plan-input";
import type { PlanSummary } from "./plan-summary";

/**
 * What a plan worker computes: a depot's plan (its four strategies, sizing and business case), or what a connection
 * offer means for that plan (issue 60: the plan run on the offer's limit, season by season or across its
 * curtailment record), or what the fleet can spare for a flexibility request (the plan run under limits over its
 * window). All share the workers' fairness, time and memory limits (plan-runner.server.ts).
 */
export type FlexTask = {
  task: "flex";
  input: PlanRequest;
  kvaByStep: number[];
  window: FlexWindow;
  askedKw: number | null;
};
export type PlanTask =
  { task: "plan"; input: PlanRequest } | { task: "outlook"; input: PlanRequest; offer: OfferShape } | FlexTask;
export type TaskOutcome = PlanSummary | OfferOutlook | FlexAnswer;

export function runTask(job: PlanTask, onProgress: (done: number) => void): TaskOutcome {
  if (job.task === "plan") return computePlan(job.input, onProgress);
  if (job.task === "outlook") return offerOutlook(job.input, job.offer);
  return flexAnswer(job.input, job.kvaByStep, job.window, job.askedKw);
}
