/**
 * When the live controller shares a depot's limit again besides the events of
 * this process (smart-charging.server.ts): at every five minutes of the UK
 * clock, where tariff bands and the building's hours change and departures
 * come closer; and, with several processes on SQLite, when the sessions
 * another process holds change.
 */
import type { Runtime } from "~/lib/runtime.server";

import { depotChanged } from "./live.server";

type Deps = Pick<Runtime, "database" | "log">;
const EVERY_MS = 5 * 60_000;
/** A moment after the edge, so the edge's own slot is the one read. */
const AFTER_EDGE_MS = 1_000;

/** Every depot with a vehicle plugged in, at each five minutes of the clock (UTC and UK time agree on minutes). */
export function everyFiveMinutes(deps: Deps, schedule: (depotId: number) => void): () => void {
  let timer: NodeJS.Timeout;
  const round = () => {
    void deps.database.db
      .selectFrom("charging_sessions")
      .innerJoin("charge_points", "charge_points.id", "charging_sessions.charge_point_id")
      .select("charge_points.depot_id")
      .distinct()
      .where("charging_sessions.stopped_at", "is", null)
      .execute()
      .then((rows) => rows.forEach((r) => schedule(r.depot_id)))
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
    void deps.database.db
      .selectFrom("charging_sessions")
      .innerJoin("charge_points", "charge_points.id", "charging_sessions.charge_point_id")
      .select((eb) => [
        "charge_points.depot_id as depotId",
        eb.fn.max("charging_sessions.id").as("newest"),
        eb.fn.max("charging_sessions.stopped_at").as("ended"),
        eb.fn.countAll<number | string>().as("count"),
        // A limit lowered elsewhere leaves room for this process's chargers.
        eb.fn.max("charging_sessions.limit_sent_at").as("sent"),
      ])
      .where((eb) =>
        eb.or([
          eb("charging_sessions.stopped_at", "is", null),
          eb("charging_sessions.stopped_at", ">", new Date(Date.now() - 60_000).toISOString()),
        ]),
      )
      .groupBy("charge_points.depot_id")
      .execute()
      .then((rows) => {
        for (const row of rows) {
          const mark = `${row.newest}|${String(row.ended)}|${row.count}|${String(row.sent)}`;
          if (seen.get(row.depotId) !== mark) {
            if (seen.has(row.depotId)) {
              schedule(row.depotId);
              depotChanged(row.depotId, { relayed: true });
            }
            seen.set(row.depotId, mark);
          }
        }
      })
      .catch((error: unknown) => deps.log.warn({ err: error }, "smart charging's look at other processes failed"));
  }, 2000);
  poll.unref();
  return () => clearInterval(poll);
}
