import { spawn, type ChildProcess } from "node:child_process";
import { existsSync } from "node:fs";

import type { Logger } from "~/lib/log.server";
import { atLowerPriority } from "~/lib/lower-priority.server";

import {
  backgroundErrors,
  backgroundTasks,
  type BackgroundReply,
  type BackgroundTaskName,
  type BackgroundTasks,
} from "./background-tasks";

/**
 * Runs CPU-heavy tasks (background-tasks.ts) in one child process per server
 * process, started at a lower scheduling priority (nice 10): hashing a
 * password or decoding a photo then only uses the CPU that page requests
 * leave, instead of taking a core from them (decision 019). Without a built
 * script (development server, tests of the modules) the task runs here.
 */
export const BACKGROUND_NICENESS = 10;

export class BackgroundError extends Error {
  override name = "BackgroundError";
}

type Pending = { resolve: (value: unknown) => void; reject: (error: Error) => void };
type Child = { process: ChildProcess; pending: Map<number, Pending> };

let script: string | null = null;
let log: Logger | undefined;
let child: Child | null = null;
let nextId = 1;

export function configureBackground(options: { script: string | null; log?: Logger }): void {
  script = options.script && existsSync(options.script) ? options.script : null;
  log = options.log;
}

export function runInBackground<K extends BackgroundTaskName>(
  task: K,
  ...args: Parameters<BackgroundTasks[K]>
): Promise<Awaited<ReturnType<BackgroundTasks[K]>>> {
  type Result = Awaited<ReturnType<BackgroundTasks[K]>>;
  if (!script) return (backgroundTasks[task] as (...values: unknown[]) => Promise<Result>)(...args);
  const current = child ?? startChild(script);
  const id = nextId++;
  return new Promise<Result>((resolve, reject) => {
    current.pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
    current.process.send({ id, task, args }, (error) => {
      if (!error) return;
      current.pending.delete(id);
      reject(new BackgroundError("The server could not start this task. Please try again.", { cause: error }));
    });
  });
}

/** An error from the background process as its own class when it is one of backgroundErrors, else a plain Error with its name. */
function rebuildError({ name, message }: { name: string; message: string }): Error {
  const Known = Object.hasOwn(backgroundErrors, name) ? backgroundErrors[name] : undefined;
  return Known ? new Known(message) : Object.assign(new Error(message), { name });
}

function startChild(file: string): Child {
  const { command, args, lowered } = atLowerPriority(BACKGROUND_NICENESS, process.execPath, [file]);
  if (!lowered) log?.warn("nice was not found: the background process runs at the server's priority");
  const started: Child = {
    process: spawn(command, args, { stdio: ["ignore", "inherit", "inherit", "ipc"], serialization: "advanced" }),
    pending: new Map(),
  };
  started.process.on("message", (message: BackgroundReply) => {
    const waiting = started.pending.get(message.id);
    if (!waiting) return;
    started.pending.delete(message.id);
    if (message.ok) waiting.resolve(message.value);
    else waiting.reject(rebuildError(message.error));
  });
  const stopped = (reason: string) => {
    if (child === started) child = null;
    if (started.pending.size > 0)
      log?.error({ reason, pending: started.pending.size }, "the background process stopped with tasks running");
    for (const waiting of started.pending.values())
      waiting.reject(new BackgroundError("The server was interrupted while working on this. Please try again."));
    started.pending.clear();
  };
  started.process.on("error", (error) => stopped(error.message));
  started.process.on("exit", (code, signal) => stopped(signal ?? `exit code ${code}`));
  child = started;
  return started;
}

/** Stops the background process (server shutdown); tasks still running are refused. */
export async function stopBackground(): Promise<void> {
  const current = child;
  if (!current) return;
  child = null;
  if (current.process.pid === undefined || current.process.exitCode !== null || current.process.signalCode !== null)
    return;
  await new Promise<void>((resolve) => {
    current.process.once("exit", () => resolve());
    current.process.kill("SIGTERM");
  });
}
