/**
 * When the live controller shares a depot's limit again besides the events of
 * this process (smart-charging.server.ts): at every five minutes of the UK
 * clock, where tariff bands and the building's hours change and departures
 * come closer; and, with several processes on SQLite, when the sessions
 * another process holds change.
 */
import { depotsCharging, sessionMarks } from "~/features/charging-records/index.server";
import { depotChanged } from "~/lib/depot-signals.server";
import type { Runtime } from "~/lib/runtime.server";

type Deps = Pick<Runtime, "database" | "log">;
const EVERY_MS = 5 * 60_000;
/** A moment after the edge, so the edge's own slot is the one read. */
const AFTER_EDGE_MS = 1_000;

/** Every depot with a vehicle plugged in, at each five minutes of the clock (UTC and UK time agree on minutes). */
export function everyFiveMinutes(deps: Deps, schedule: (depotId: number) => void): () => void {
  let timer: NodeJS.Timeout;
  const round = () => {
    void depotsCharging(deps)
      .then((depots) => depots.forEach(schedule))
      .catch((error: unknown) => deps.log.warn({ err: error }, "smart charging's round failed"));
    next();
  };
  const next = () => {
    const wait = EVERY_MS - (Date.now() % EVERY_MS) + AFTER_EDGE_MS;
    timer = setTimeout(round, wait);
    timer.unref();
  };
  next();
  return () => clearTimeout(timer);
}

/**
 * Another serving process's chargers plug in and out too: every 2 s, each
 * depot whose open sessions changed since the last look (a new one, one
 * ended, or a limit sent) is shared again, so what one process frees the others soon use, and
 * its pages here are told.
 */
export function lookForOtherProcesses(deps: Deps, schedule: (depotId: number) => void): () => void {
  const seen = new Map<number, string>();
  const poll = setInterval(() => {
    void sessionMarks(deps, 60_000)
      .then((marks) => {
        for (const [depotId, mark] of marks) {
          if (seen.get(depotId) !== mark) {
            if (seen.has(depotId)) {
              schedule(depotId);
              depotChanged(depotId, { relayed: true });
            }
            seen.set(depotId, mark);
          }
        }
      })
      .catch((error: unknown) => deps.log.warn({ err: error }, "smart charging's look at other processes failed"));
  }, 2000);
  poll.unref();
  return () => clearInterval(poll);
}
