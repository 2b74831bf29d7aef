import { existsSync } from "node:fs";
import { availableParallelism } from "node:os";
import { Worker } from "node:worker_threads";

import type { FlexAnswer, OfferOutlook, OfferShape } from "~/features/connections";
import { letOthersIn } from "~/lib/event-loop.server";
import { UserError } from "~/lib/user-error";

import type { PlanRequest } from "./plan-input";
import type { PlanSummary } from "./plan-summary";
import { runTask, type FlexTask, type PlanTask, type TaskOutcome } from "./plan-task";
import type { WorkerMessage } from "./plan-worker";

/**
 * Computes plans in worker threads so a long plan never stalls the server's
 * other requests, and shares the workers fairly (issue 17: one haulier's
 * eight large plans made another's one-second plan wait 222 s):
 *
 * - one run per depot: a newer run of the same depot cancels the older one,
 *   waiting or computing (its worker is terminated, so it stops using CPU);
 * - at most PER_USER_RUNNING of one user's runs compute at once, and at most
 *   PER_USER_WAITING wait; more are refused with a message;
 * - a free worker goes to the next user in turn (round robin over users with
 *   runs waiting), not to whoever queued most;
 * - each run is stopped after RUN_TIME_LIMIT_MS.
 *
 * Without a built worker script (development server, tests of the store) the
 * plan runs in this thread, still one at a time per the rules above.
 */
export const RUN_TIME_LIMIT_MS = 60_000;
/**
 * Each plan's heap in its worker. V8 grows a heap towards its limit before it
 * collects in earnest: with a 4 GB limit a year of 200 recorded vans took
 * 620 MB of the server's memory for about 100 MB of live data. 512 MB of old
 * generation still leaves room for the largest plans the limits admit (an
 * 850-vehicle year completes under it). A 16 MB young generation (the default
 * grows to about 150) keeps that year's plan near 180 MB for a few tenths of
 * a second; 32 MB took some 25 MB more (`npm run bench:trips`, decisions 026
 * and 027).
 */
export const PLAN_WORKER_LIMITS = { maxOldGenerationSizeMb: 512, maxYoungGenerationSizeMb: 16 } as const;
export const PER_USER_RUNNING = 1;
export const PER_USER_WAITING = 4;

/** The run was replaced by a newer run of the same depot (or the server is stopping); its outcome is not recorded. */
export class PlanSupersededError extends Error {
  override name = "PlanSupersededError";
}

type Result = TaskOutcome;
type Job = {
  owner: string;
  key: string;
  input: PlanTask;
  onProgress: (done: number) => void;
  resolve: (summary: Result) => void;
  reject: (error: Error) => void;
  /** Set while computing in a worker: stops it. */
  stop?: (error: Error) => void;
  settled: boolean;
};

let workerScript: string | null = null;
const slots = Math.max(1, availableParallelism());
const waiting = new Map<string, Job[]>();
/** Users with runs waiting, in the order they get the next free worker. */
const turns: string[] = [];
const computing = new Set<Job>();
const byKey = new Map<string, Job>();

export function setPlanWorkerScript(file: string | null): void {
  workerScript = file && existsSync(file) ? file : null;
}

/** How many of a user's runs are computing and waiting (for tests and logs). */
export function planRunsOf(owner: string): { computing: number; waiting: number } {
  return {
    computing: [...computing].filter((job) => job.owner === owner).length,
    waiting: waiting.get(owner)?.length ?? 0,
  };
}

/** Why a run for `key` by `owner` cannot be queued now (too many of theirs waiting), or null. A rerun of a waiting key replaces it, so it is always taken. */
export function planRunRefusal(owner: string, key: string): string | null {
  const queued = waiting.get(owner) ?? [];
  if (queued.length < PER_USER_WAITING || queued.some((job) => job.key === key)) return null;
  return `You already have ${PER_USER_WAITING} plans waiting to be computed: wait for them to finish, then run this one again.`;
}

/**
 * Queues a plan for `key` (a depot) on behalf of `owner` (a user). Settles
 * with the summary, a UserError with a message for the user, or a
 * PlanSupersededError when a newer run of the same key replaced it.
 */
export function runPlanComputation(
  input: PlanRequest,
  onProgress: (done: number) => void,
  options: { owner: string; key: string },
): Promise<PlanSummary> {
  return queue({ task: "plan", input }, onProgress, options) as Promise<PlanSummary>;
}

/** Queues the outlook of a connection offer for a depot's plan (issue 60), as a plan run of its own key. */
export function runOutlookComputation(
  input: PlanRequest,
  offer: OfferShape,
  options: { owner: string; key: string },
): Promise<OfferOutlook> {
  return queue({ task: "outlook", input, offer }, () => {}, options) as Promise<OfferOutlook>;
}

/** Works out what a depot's fleet can spare for a flexibility request (issue 60), as a plan run of its own key. */
export function runFlexComputation(
  task: Omit<FlexTask, "task">,
  options: { owner: string; key: string },
): Promise<FlexAnswer> {
  return queue({ task: "flex", ...task }, () => {}, options) as Promise<FlexAnswer>;
}

function queue(
  input: PlanTask,
  onProgress: (done: number) => void,
  options: { owner: string; key: string },
): Promise<Result> {
  const refusal = planRunRefusal(options.owner, options.key);
  if (refusal) return Promise.reject(new UserError(refusal));
  const older = byKey.get(options.key);
  if (older) cancel(older, new PlanSupersededError("A newer run of this plan replaced this one."));
  const queued = waiting.get(options.owner) ?? [];
  return new Promise<Result>((resolve, reject) => {
    const job: Job = { ...options, input, onProgress, resolve, reject, settled: false };
    byKey.set(job.key, job);
    queued.push(job);
    waiting.set(job.owner, queued);
    if (!turns.includes(job.owner)) turns.push(job.owner);
    dispatch();
  });
}

function settle(job: Job, outcome: { summary: Result } | { error: Error }): void {
  if (job.settled) return;
  job.settled = true;
  if (byKey.get(job.key) === job) byKey.delete(job.key);
  if ("summary" in outcome) job.resolve(outcome.summary);
  else job.reject(outcome.error);
}

function cancel(job: Job, error: Error): void {
  const queued = waiting.get(job.owner);
  const index = queued?.indexOf(job) ?? -1;
  if (queued && index >= 0) {
    queued.splice(index, 1);
    if (queued.length === 0) forget(job.owner);
  }
  job.stop?.(error);
  settle(job, { error });
}

function forget(owner: string): void {
  waiting.delete(owner);
  const turn = turns.indexOf(owner);
  if (turn >= 0) turns.splice(turn, 1);
}

/** Starts waiting runs while workers are free, taking users in turn and skipping those at their limit. */
function dispatch(): void {
  while (computing.size < slots) {
    const owner = turns.find((candidate) => planRunsOf(candidate).computing < PER_USER_RUNNING);
    if (owner === undefined) return;
    const queued = waiting.get(owner)!;
    const job = queued.shift()!;
    // This user goes to the back of the line.
    turns.splice(turns.indexOf(owner), 1);
    if (queued.length > 0) turns.push(owner);
    else waiting.delete(owner);
    computing.add(job);
    void compute(job).finally(() => {
      computing.delete(job);
      dispatch();
    });
  }
}

async function compute(job: Job): Promise<void> {
  if (!workerScript) {
    // Let the caller see the run as started before this thread is busy with it.
    await letOthersIn();
    if (job.settled) return;
    try {
      settle(job, { summary: runTask(job.input, job.onProgress) });
    } catch (error) {
      settle(job, { error: error instanceof Error ? error : new Error(String(error)) });
    }
    return;
  }
  const worker = new Worker(workerScript, { workerData: job.input, resourceLimits: PLAN_WORKER_LIMITS });
  await new Promise<void>((done) => {
    let reason: Error | undefined;
    const timer = setTimeout(
      () => stop(new UserError("The plan took too long to compute: choose a longer step or a shorter horizon.")),
      RUN_TIME_LIMIT_MS,
    );
    const stop = (error: Error) => {
      reason ??= error;
      void worker.terminate();
    };
    job.stop = stop;
    worker.on("message", (message: WorkerMessage) => {
      if (message.type === "progress") job.onProgress(message.done);
      else if (message.type === "failed") {
        // A refusal made in the worker is a UserError again here; anything else is a fault with its message.
        settle(job, {
          error:
            UserError.fromData(message.error) ?? new Error("message" in message.error ? message.error.message : ""),
        });
        void worker.terminate();
      } else {
        settle(job, { summary: message.summary });
        // Frees the slot now rather than when the thread winds down by itself.
        void worker.terminate();
      }
    });
    worker.on("error", (error) => (reason ??= error));
    worker.on("exit", (code) => {
      clearTimeout(timer);
      job.stop = undefined;
      const fallback =
        code === 1
          ? new UserError(
              "The plan needed more memory than the server allows: choose a longer step or a shorter horizon.",
            )
          : new UserError("The server stopped while computing the plan: run it again.");
      settle(job, { error: reason ?? fallback });
      done();
    });
  });
}

/** Stops every plan waiting or being computed (server shutdown); their runs are recorded as failed. */
export async function stopPlanComputations(): Promise<void> {
  const error = new UserError("The server stopped while computing the plan: run it again.");
  for (const queued of [...waiting.values()]) for (const job of [...queued]) cancel(job, error);
  const running = [...computing];
  for (const job of running) job.stop?.(error);
  await new Promise<void>((resolve) => {
    const check = () => (computing.size === 0 ? resolve() : setTimeout(check, 10));
    check();
  });
}
