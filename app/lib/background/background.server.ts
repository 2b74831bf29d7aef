import { spawn, type ChildProcess } from "node:child_process";
import { existsSync } from "node:fs";

import type { Logger } from "~/lib/log.server";
import { atLowerPriority } from "~/lib/lower-priority.server";
import { UserError, type UserErrorData } from "~/lib/user-error";

/**
 * Runs CPU-heavy tasks in one child process per server process, started at a
 * lower scheduling priority (nice 10): hashing a password or decoding a photo
 * then only uses the CPU that page requests leave, instead of taking a core
 * from them (decision 019). A module defines its task with `backgroundTask`;
 * the child's entry (app/entry.background.server.ts) imports those modules.
 * Without a built script (development server, tests of the modules) the task
 * runs here.
 */
export const BACKGROUND_NICENESS = 10;

/**
 * The background process could not take or finish a task (it stopped, or the message could not be sent): nothing the
 * user did wrong, and nothing lost, so the page says to try again (503) rather than showing the error page.
 */
const interrupted = (message: string, cause?: unknown) => new UserError(message, { status: 503, cause });

export type BackgroundRequest = { id: number; task: string; args: unknown[] };
/** A failed task's error: a UserError's data, or a fault's name and message. */
export type BackgroundReply =
  | { id: number; ok: true; value: unknown }
  | { id: number; ok: false; error: UserErrorData | { name: string; message: string } };

type Task = (...args: never[]) => Promise<unknown>;
const tasks = new Map<string, Task>();

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

/**
 * Registers `work` as the background task `name` and returns the function
 * that runs it there; it takes and answers structured-clonable values.
 */
export function backgroundTask<Args extends unknown[], Result>(
  name: string,
  work: (...args: Args) => Promise<Result>,
): (...args: Args) => Promise<Result> {
  // A module evaluated again (the dev server's reload) replaces its task.
  tasks.set(name, work as unknown as Task);
  return (...args) => (script ? (send(script, name, args) as Promise<Result>) : work(...args));
}

/** The task registered as `name` (the background process looks its requests up here). */
export function backgroundTaskNamed(name: string): ((...args: unknown[]) => Promise<unknown>) | undefined {
  return tasks.get(name) as ((...args: unknown[]) => Promise<unknown>) | undefined;
}

function send(file: string, task: string, args: unknown[]): Promise<unknown> {
  const current = child ?? startChild(file);
  const id = nextId++;
  return new Promise((resolve, reject) => {
    current.pending.set(id, { resolve, reject });
    current.process.send({ id, task, args } satisfies BackgroundRequest, (error) => {
      if (!error) return;
      current.pending.delete(id);
      reject(interrupted("The server could not start this task. Please try again.", error));
    });
  });
}

/** A failed task's error as it was: a UserError again, or a plain Error with the fault's name. */
function rebuildError(error: Extract<BackgroundReply, { ok: false }>["error"]): Error {
  const userError = UserError.fromData(error);
  if (userError) return userError;
  const { name, message } = error as { name: string; message: string };
  return Object.assign(new Error(message), { name });
}

/**
 * The background process's heap. Reading a year of trips makes a few hundred
 * MB of short-lived strings around some 60 MB that live; with Node's defaults
 * (a 16–64 MB semi-space, an old generation that may grow to gigabytes) V8
 * lets the process grow by 150–400 MB before it collects. An 8 MB semi-space
 * and a 384 MB old generation keep it near what it needs, for a few tenths
 * of a second on a year's import (`npm run bench:trips`, decision 026); a
 * year-long plan's PDF report renders within it (tests/integration/charging-plan).
 */
export const BACKGROUND_SEMI_SPACE_MB = 8;
export const BACKGROUND_OLD_SPACE_MB = 384;

function startChild(file: string): Child {
  const { command, args, lowered } = atLowerPriority(BACKGROUND_NICENESS, process.execPath, [
    `--max-semi-space-size=${BACKGROUND_SEMI_SPACE_MB}`,
    `--max-old-space-size=${BACKGROUND_OLD_SPACE_MB}`,
    // For the last-resort collection that gives an idle process's freed pages back (background-process.ts).
    "--expose-gc",
    file,
  ]);
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
      waiting.reject(interrupted("The server was interrupted while working on this. Please try again."));
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
