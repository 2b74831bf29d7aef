import { existsSync } from "node:fs";
import { availableParallelism } from "node:os";
import { Worker } from "node:worker_threads";
import { computePlan } from "./compute-plan";
import type { PlanInput } from "./engine";
import type { PlanSummary } from "./plan-summary";
import type { WorkerMessage } from "./plan-worker";

/**
 * Computes plans in worker threads so a long plan never stalls the server's
 * other requests: at most one per core at a time (the rest wait their turn),
 * each stopped after RUN_TIME_LIMIT_MS. Without a built worker script
 * (development server, tests of the store) the plan runs in this thread.
 */
export const RUN_TIME_LIMIT_MS = 60_000;

let workerScript: string | null = null;
const slots = Math.max(1, availableParallelism());
let running = 0;
const waiting: (() => void)[] = [];
const workers = new Set<Worker>();

export function setPlanWorkerScript(file: string | null): void {
  workerScript = file && existsSync(file) ? file : null;
}

async function slot(): Promise<() => void> {
  if (running >= slots) await new Promise<void>((resolve) => waiting.push(resolve));
  running++;
  return () => {
    running--;
    waiting.shift()?.();
  };
}

export class PlanRunError extends Error {
  override name = "PlanRunError";
}

export async function runPlanComputation(input: PlanInput, onProgress: (done: number) => void): Promise<PlanSummary> {
  const release = await slot();
  try {
    if (!workerScript) return computePlan(input, onProgress);
    const worker = new Worker(workerScript, { workerData: input, resourceLimits: { maxOldGenerationSizeMb: 4096 } });
    workers.add(worker);
    return await new Promise<PlanSummary>((resolve, reject) => {
      const timer = setTimeout(() => {
        reject(new PlanRunError("The plan took too long to compute: choose a longer step or a shorter horizon."));
        void worker.terminate();
      }, RUN_TIME_LIMIT_MS);
      worker.on("message", (message: WorkerMessage) => {
        if (message.type === "progress") onProgress(message.done);
        else {
          clearTimeout(timer);
          resolve(message.summary);
        }
      });
      worker.on("error", (error) => {
        clearTimeout(timer);
        reject(error);
      });
      worker.on("exit", (code) => {
        clearTimeout(timer);
        workers.delete(worker);
        reject(new PlanRunError(code === 1 ? "The plan needed more memory than the server allows: choose a longer step or a shorter horizon." : "The server stopped while computing the plan: run it again."));
      });
    });
  } finally {
    release();
  }
}

/** Stops every plan being computed (server shutdown); their runs are recorded as failed. */
export async function stopPlanComputations(): Promise<void> {
  await Promise.all([...workers].map((worker) => worker.terminate()));
}
