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
  const supervisor = new Supervisor(supervisorLogger());
  stopOnFault("supervisor", supervisor.log, () => supervisor.stopAll(1));
  cluster.on("listening", (worker) => supervisor.listened(worker));
  cluster.on("exit", (worker, code, signal) => supervisor.exited(worker, code, signal));
  for (const signal of ["SIGTERM", "SIGINT"] as const) {
    process.on(signal, () => {
      supervisor.log.info({ signal }, "shutting down: serving processes finish their open requests");
      supervisor.stopAll(0);
    });
  }
  supervisor.start("full");
}

/** The serving processes: which listen, which died young in a row, and whether the server was ever ready. */
class Supervisor {
  private readonly tracked = new Map<number, Tracked>();
  private youngDeaths = 0;
  private ready: ReadyMessage | undefined;
  private listening = 0;
  private stopping = false;
  private announced = false;

  constructor(readonly log: Logger) {}

  start(prepare: Prepare) {
    const worker = cluster.fork({ ELECTRIFY_PREPARE: prepare });
    this.tracked.set(worker.id, { listened: false });
    worker.on("message", (message: ReadyMessage | FaultMessage) => this.received(worker, message));
    // A worker's IPC channel can fail as it dies; its exit is what counts.
    worker.on("error", (error) =>
      this.log.warn({ err: error, servingPid: worker.process.pid }, "serving process channel error"),
    );
  }

  /** A serving process's fault (kept for its exit's log) or the first one's ready message (then the others start). */
  private received(worker: Worker, message: ReadyMessage | FaultMessage) {
    if (message?.type === "electrify:fault") {
      const entry = this.tracked.get(worker.id);
      if (entry) entry.fault = message.fault;
    } else if (message?.type === "electrify:ready" && !this.ready) {
      this.ready = message;
      for (let i = 1; i < message.processes; i++) this.start("none");
      this.announceWhenAllListen();
    }
  }

  listened(worker: Worker) {
    const entry = this.tracked.get(worker.id);
    if (entry && !entry.listened) {
      entry.listened = true;
      entry.listenedAt = Date.now();
      this.listening++;
    }
    this.announceWhenAllListen();
  }

  // A serving process's 'listening' reaches this process before its ready message does, or after.
  private announceWhenAllListen() {
    const ready = this.ready;
    if (this.announced || !ready || this.listening < ready.processes) return;
    this.announced = true;
    this.log.info(
      { port: ready.port, host: ready.host, mode: "production", processes: ready.processes },
      `Electrify is listening on http://localhost:${ready.port}`,
    );
  }

  exited(worker: Worker, code: number, signal: string) {
    const entry = this.tracked.get(worker.id);
    this.tracked.delete(worker.id);
    if (entry?.listened) this.listening--;
    if (this.stopping) return;
    // Before the server was ever ready it is a start-up failure (a bad configuration, the port taken): stop, as a
    // single process would, with the serving process's own message above this line.
    if (!this.ready) {
      this.log.error({ servingPid: worker.process.pid, code, signal }, "the server could not start; stopping");
      return this.stopAll(1);
    }
    const young = entry?.listenedAt === undefined || Date.now() - entry.listenedAt < YOUNG_MS;
    this.youngDeaths = young ? this.youngDeaths + 1 : 1;
    const delay = restartDelay(this.youngDeaths);
    this.recordDeath(worker, code, signal, entry?.fault, delay);
    // With one serving process the replacement may clean up after the one it replaces (decision 028).
    const prepare = this.ready.processes === 1 ? "restart" : "none";
    setTimeout(() => this.stopping || this.start(prepare), delay);
  }

  /** A serving process that died: into the fault log (with its last fault, if it sent one) and the log. */
  private recordDeath(worker: Worker, code: number, signal: string, cause: Fault | undefined, delay: number) {
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
    this.log.error(
      {
        servingPid: worker.process.pid,
        code,
        signal,
        cause: cause
          ? { origin: cause.origin, name: cause.name, message: cause.message, stack: cause.stack }
          : undefined,
        restartInMs: delay,
        diedYoungInARow: this.youngDeaths,
      },
      "a serving process stopped unexpectedly; starting another",
    );
  }

  stopAll(code: number) {
    if (this.stopping) return;
    this.stopping = true;
    const force = setTimeout(() => {
      this.log.warn("serving processes did not stop in 15 s; exiting");
      process.exit(1);
    }, 15_000);
    force.unref();
    const running = Object.values(cluster.workers ?? {});
    if (running.length === 0) process.exit(code);
    for (const worker of running) worker?.process.kill("SIGTERM");
    cluster.on("exit", () => {
      if (Object.keys(cluster.workers ?? {}).length === 0) {
        this.log.info("stopped");
        process.exit(code);
      }
    });
  }
}
