/**
 * What a process of the server does with an error nothing handled (an
 * `uncaughtException`, or an `unhandledRejection`, which Node raises as one):
 * it is a bug, and the process's state can no longer be trusted, so the
 * process records it and stops. The supervisor (server/supervisor.ts) then
 * starts another serving process within a second and logs the cause.
 *
 * Recording means three things: a fatal log line; a JSON line appended to
 * `FAULT_LOG` when that variable names a file, which the test harnesses read
 * to fail the test that caused the fault (a grep of the log would miss a
 * fault whose log line was cut off or interleaved); and, in a serving
 * process, a message to the supervisor with the cause.
 */
import { appendFileSync } from "node:fs";

import type { Logger } from "~/lib/log.server";

export type FaultRole = "supervisor" | "serving process" | "background process";

export type Fault = {
  time: string;
  pid: number;
  role: FaultRole;
  /** "uncaughtException", "unhandledRejection", or "exit" for a serving process that died. */
  origin: string;
  name: string;
  message: string;
  stack?: string;
};

/** Message a serving process sends the supervisor before it stops on a fault. */
export type FaultMessage = { type: "electrify:fault"; fault: Fault };

export function describeFault(role: FaultRole, origin: string, error: unknown): Fault {
  const known = error instanceof Error;
  return {
    time: new Date().toISOString(),
    pid: process.pid,
    role,
    origin,
    name: known ? error.name : "NonError",
    message: known ? error.message : String(error),
    stack: known ? error.stack : undefined,
  };
}

/** Appends the fault to FAULT_LOG (synchronously: the process may be about to exit). */
export function recordFault(fault: Fault): void {
  // Read as it is: a fault can come before the environment is validated (and the supervisor never validates it).
  // eslint-disable-next-line no-restricted-properties -- see above; env.server.ts documents and checks FAULT_LOG too
  const file = process.env.FAULT_LOG;
  if (!file) return;
  try {
    appendFileSync(file, `${JSON.stringify(fault)}\n`);
  } catch {
    // The log line below still says it.
  }
}

/**
 * Installs the process's last line of defence. `beforeExit` runs after the
 * fault is recorded and must end the process (a serving process first tells
 * the supervisor).
 */
export function stopOnFault(
  role: FaultRole,
  log: Pick<Logger, "fatal"> | undefined,
  beforeExit: (fault: Fault) => void,
) {
  let stopping = false;
  process.on("uncaughtException", (error, origin) => {
    const fault = describeFault(role, origin, error);
    recordFault(fault);
    if (log) log.fatal({ err: error, origin }, `${role} stopping on an unhandled error`);
    else console.error(`${role} stopping on an unhandled error (${origin}):`, error);
    // A second fault while stopping is recorded, not acted on twice.
    if (stopping) return;
    stopping = true;
    beforeExit(fault);
  });
}

/** A serving process tells the supervisor why it stops, so that the supervisor's log names the cause, then exits. */
export function exitTellingSupervisor(fault: Fault): void {
  if (!process.send || !process.connected) process.exit(1);
  const message: FaultMessage = { type: "electrify:fault", fault };
  setTimeout(() => process.exit(1), 1000);
  process.send(message, () => process.exit(1));
}
