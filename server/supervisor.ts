/**
 * The process `npm start` runs first in production (built to
 * build/server/supervisor.js): a small cluster primary that serves nothing
 * itself. It starts the serving processes (WEB_CONCURRENCY, one by default)
 * on one port, replaces one that dies for any reason at once and logs why,
 * backs off when they die in a loop, and stops them all on SIGTERM/SIGINT.
 *
 * It loads neither the app nor the database: the first serving process
 * validates the environment, migrates the database and prepares the data
 * (prepare "full") before it listens, then reports the validated figures; the
 * others start only after that. Decision 028 says why this keeps SQLite's
 * single writer: a replacement is started only after the process it replaces
 * has exited.
 */
import cluster, { type Worker } from "node:cluster";

import { recordFault, stopOnFault, type Fault, type FaultMessage } from "~/lib/faults.server";
import { createLogger, type Logger } from "~/lib/log.server";

/** What a serving process does with the data before it listens (server/app.ts). */
export type Prepare = "full" | "restart" | "none";

/** Sent by a serving process once it listens, with the environment's validated figures. */
export type ReadyMessage = { type: "electrify:ready"; processes: number; port: number; host: string };

/**
 * A serving process that dies before it listens, or within this long after,
 * is dying in a loop (a start that cannot succeed, a fault on every first
 * request); one that served longer resets the count.
 */
const YOUNG_MS = 5_000;
const FIRST_BACKOFF_MS = 500;
const MAX_BACKOFF_MS = 8_000;

/**
 * How long to wait before replacing a serving process, given how many in a
 * row died young (this one included): the first at once, then 0.5 s, 1 s,
 * 2 s, 4 s, 8 s at most, so a process that dies on every start does not spin
 * and the site is never down for long once the cause is gone.
 */
export function restartDelay(youngDeathsInARow: number): number {
  if (youngDeathsInARow <= 1) return 0;
  return Math.min(MAX_BACKOFF_MS, FIRST_BACKOFF_MS * 2 ** (youngDeathsInARow - 2));
}

function supervisorLogger(): Logger {
  try {
    return createLogger(process.env.LOG_LEVEL ?? "info");
  } catch {
    // An unknown level: the first serving process refuses it with a message naming the variable.
    return createLogger("info");
  }
}

type Tracked = { listened: boolean; listenedAt?: number; fault?: Fault };

export function runSupervisor(): void {
  const log = supervisorLogger();
  const tracked = new Map<number, Tracked>();
  let youngDeaths = 0;
  let ready: ReadyMessage | undefined;
  let listening = 0;
  let stopping = false;

  const start = (prepare: Prepare) => {
    const worker = cluster.fork({ ELECTRIFY_PREPARE: prepare });
    tracked.set(worker.id, { listened: false });
    worker.on("message", (message: ReadyMessage | FaultMessage) => onMessage(worker, message));
    // A worker's IPC channel can fail as it dies; its exit is what counts.
    worker.on("error", (error) =>
      log.warn({ err: error, servingPid: worker.process.pid }, "serving process channel error"),
    );
  };

  const onMessage = (worker: Worker, message: ReadyMessage | FaultMessage) => {
    if (message?.type === "electrify:fault") {
      const entry = tracked.get(worker.id);
      if (entry) entry.fault = message.fault;
    } else if (message?.type === "electrify:ready" && !ready) {
      ready = message;
      for (let i = 1; i < message.processes; i++) start("none");
      announceWhenAllListen();
    }
  };

  // A serving process's 'listening' reaches this process before its ready message does, or after.
  let announced = false;
  const announceWhenAllListen = () => {
    if (announced || !ready || listening < ready.processes) return;
    announced = true;
    log.info(
      { port: ready.port, host: ready.host, mode: "production", processes: ready.processes },
      `Electrify is listening on http://localhost:${ready.port}`,
    );
  };

  const stopAll = (code: number) => {
    if (stopping) return;
    stopping = true;
    const force = setTimeout(() => {
      log.warn("serving processes did not stop in 15 s; exiting");
      process.exit(1);
    }, 15_000);
    force.unref();
    const running = Object.values(cluster.workers ?? {});
    if (running.length === 0) process.exit(code);
    for (const worker of running) worker?.process.kill("SIGTERM");
    cluster.on("exit", () => {
      if (Object.keys(cluster.workers ?? {}).length === 0) {
        log.info("stopped");
        process.exit(code);
      }
    });
  };

  stopOnFault("supervisor", log, () => stopAll(1));

  cluster.on("listening", (worker) => {
    const entry = tracked.get(worker.id);
    if (entry && !entry.listened) {
      entry.listened = true;
      entry.listenedAt = Date.now();
      listening++;
    }
    announceWhenAllListen();
  });

  cluster.on("exit", (worker, code, signal) => {
    const entry = tracked.get(worker.id);
    tracked.delete(worker.id);
    if (entry?.listened) listening--;
    if (stopping) return;
    // Before the server was ever ready it is a start-up failure (a bad configuration, the port taken): stop, as a
    // single process would, with the serving process's own message above this line.
    if (!ready) {
      log.error({ servingPid: worker.process.pid, code, signal }, "the server could not start; stopping");
      return stopAll(1);
    }
    const young = entry?.listenedAt === undefined || Date.now() - entry.listenedAt < YOUNG_MS;
    youngDeaths = young ? youngDeaths + 1 : 1;
    const delay = restartDelay(youngDeaths);
    const cause = entry?.fault;
    const how = signal ?? `code ${code}`;
    recordFault({
      time: new Date().toISOString(),
      pid: worker.process.pid ?? 0,
      role: "serving process",
      origin: "exit",
      name: cause?.name ?? "Exit",
      message: cause ? `exited with ${how} after ${cause.origin}: ${cause.message}` : `exited with ${how}`,
      stack: cause?.stack,
    });
    log.error(
      {
        servingPid: worker.process.pid,
        code,
        signal,
        cause: cause
          ? { origin: cause.origin, name: cause.name, message: cause.message, stack: cause.stack }
          : undefined,
        restartInMs: delay,
        diedYoungInARow: youngDeaths,
      },
      "a serving process stopped unexpectedly; starting another",
    );
    // With one serving process the replacement may clean up after the one it replaces (decision 028).
    setTimeout(() => stopping || start(ready!.processes === 1 ? "restart" : "none"), delay);
  });

  for (const signal of ["SIGTERM", "SIGINT"] as const) {
    process.on(signal, () => {
      log.info({ signal }, "shutting down: serving processes finish their open requests");
      stopAll(0);
    });
  }

  start("full");
}
