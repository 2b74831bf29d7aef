/**
 * The background process's loop (its entry, app/entry.background.server.ts,
 * imports the modules that define tasks, then calls this). Runs the tasks it
 * is sent, concurrently, and answers each with its result or its error: a
 * UserError as its data, anything else as a name and a message. It exits when
 * the server does: the IPC channel closes even when the server is killed.
 */
import { stopOnFault } from "~/lib/faults.server";
import { UserError } from "~/lib/user-error";

import { backgroundTaskNamed, type BackgroundReply, type BackgroundRequest } from "./background.server";

/**
 * After a large task (a year of trips, a long report) V8 keeps the heap pages
 * it freed for reuse: the process stayed 140 MB above rest with 60 MB of
 * live heap, and an ordinary collection did not give them back. Once no task
 * has run for RELEASE_AFTER_IDLE_MS, and only when the process has grown by
 * RELEASE_ABOVE_MB since it started or last gave memory back, a last-resort
 * collection (about 60 ms for a year's import) returns them to the system, so
 * what one upload took is not held while the plan it leads to runs (decision
 * 027). Small tasks (a password, a photo) do not grow it that much, so a busy
 * sign-in hour does not collect after each. Needs --expose-gc.
 */
const RELEASE_AFTER_IDLE_MS = 100;
const RELEASE_ABOVE_MB = 32;
let running = 0;
/** Resident memory when the process started, or after it last gave memory back. */
let baselineRss = 0;
let releaseTimer: NodeJS.Timeout | undefined;

function releaseWhenIdle(): void {
  clearTimeout(releaseTimer);
  if (running > 0) return;
  releaseTimer = setTimeout(() => {
    if (running > 0 || process.memoryUsage.rss() - baselineRss < RELEASE_ABOVE_MB * 1024 * 1024) return;
    globalThis.gc?.({ type: "major", execution: "sync", flavor: "last-resort" });
    baselineRss = process.memoryUsage.rss();
  }, RELEASE_AFTER_IDLE_MS);
}

function reply(message: BackgroundReply): void {
  // The server may go between the check and the send: a failed send has a callback, so it is no 'error' event.
  if (process.connected) process.send?.(message, () => undefined);
}

async function run({ id, task, args }: BackgroundRequest): Promise<void> {
  running++;
  clearTimeout(releaseTimer);
  try {
    const work = backgroundTaskNamed(task);
    if (!work) throw new Error(`Unknown background task ${String(task)}`);
    reply({ id, ok: true, value: await work(...args) });
  } catch (error) {
    if (error instanceof UserError) return reply({ id, ok: false, error: error.toData() });
    const { name, message } = error instanceof Error ? error : { name: "Error", message: String(error) };
    reply({ id, ok: false, error: { name, message } });
  } finally {
    running--;
    releaseWhenIdle();
  }
}

export function serveBackgroundTasks(): void {
  // A fault here is recorded and ends this process; the server's next task starts another.
  stopOnFault("background process", undefined, () => process.exit(1));
  baselineRss = process.memoryUsage.rss();
  process.on("message", (message) => void run(message as BackgroundRequest));
  process.on("disconnect", () => process.exit(0));
}
