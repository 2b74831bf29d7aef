/**
 * Worker-thread entry (built to build/server/plan-worker.js by the plugin in
 * vite.config.ts): computes one plan (or an offer's outlook, plan-task.ts) off
 * the server's main thread, posting progress after each strategy and the result at the end.
 */
import { parentPort, workerData } from "node:worker_threads";

import { UserError, type UserErrorData } from "~/lib/user-error";

import { runTask, type PlanTask } from "./plan-task";

export type WorkerMessage =
  | { type: "progress"; done: number }
  | { type: "done"; summary: ReturnType<typeof runTask> }
  | { type: "failed"; error: UserErrorData | { message: string } };

const post = (message: WorkerMessage) => parentPort?.postMessage(message);
try {
  const summary = runTask(workerData as PlanTask, (done) => post({ type: "progress", done }));
  post({ type: "done", summary });
} catch (error) {
  // A UserError crosses as its data (the runner makes it a UserError again); a fault as its message.
  post({
    type: "failed",
    error:
      error instanceof UserError ? error.toData() : { message: error instanceof Error ? error.message : String(error) },
  });
}
