/**
 * On PostgreSQL, a roadmap's depot-years are jobs on a durable queue
 * (pg-boss, decision 033): whichever instance is free takes them, each
 * batch planned in its background process and kept in roadmap_results, and
 * a job whose instance dies mid-way is failed by the queue's monitor once
 * its heartbeat stops and retried elsewhere. The page that asked waits for
 * the results to appear in the table, from whichever instance planned them.
 * The embedded default (SQLite, one machine) needs none of it: its
 * depot-years go straight to the background process (roadmap.server.ts).
 */
import type { PgBoss } from "pg-boss";

import type { Runtime } from "~/lib/runtime.server";

import type { DepotYear, DepotYearRequest } from "./depot-year";
import { planDepotYearsInBackground } from "./roadmap-tasks.server";

export const DEPOT_YEAR_QUEUE = "roadmap-depot-years";
/** A queue job's depot-year: its cache key and the year's inputs. */
export type DepotYearJob = { key: string; inputs: DepotYearRequest };

/** Depot-years a worker takes at once (the background process plans them one after another). */
const BATCH = 8;
/** A worker's heartbeat: the queue fails a job whose worker has been silent this long (pg-boss's least). */
const HEARTBEAT_SECONDS = 10;

/** The queue's rules: one job per depot-year while queued or active, retried after a failure or a silent worker. */
export const DEPOT_YEAR_QUEUE_OPTIONS = {
  policy: "stately",
  retryLimit: 5,
  retryDelay: 1,
  expireInSeconds: 300,
  heartbeatSeconds: HEARTBEAT_SECONDS,
  deleteAfterSeconds: 3600,
} as const;

/** pg-boss's own tables live in this schema, beside the product's. */
export const QUEUE_SCHEMA = "pgboss";

let boss: PgBoss | null = null;

type Deps = Pick<Runtime, "database" | "log"> & { env: { DATABASE_URL?: string } };

/** Starts this instance's queue and its worker (PostgreSQL only); returns how to stop it. */
export async function startRoadmapQueue(deps: Deps): Promise<() => Promise<void>> {
  if (deps.database.engine !== "postgres" || !deps.env.DATABASE_URL) return async () => undefined;
  // Loaded on PostgreSQL only: the embedded default never needs it (decision 040).
  const { PgBoss } = await import("pg-boss");
  const instance = new PgBoss({
    connectionString: deps.env.DATABASE_URL,
    schema: QUEUE_SCHEMA,
    max: 3,
    // A dead worker's job is noticed within a heartbeat and a few seconds, not a minute.
    superviseIntervalSeconds: 5,
    monitorIntervalSeconds: 5,
    schedule: false,
  });
  instance.on("error", (error) => deps.log.error({ err: error }, "roadmap queue error"));
  await instance.start();
  await instance.createQueue(DEPOT_YEAR_QUEUE, DEPOT_YEAR_QUEUE_OPTIONS);
  await instance.work<DepotYearJob>(
    DEPOT_YEAR_QUEUE,
    { batchSize: BATCH, pollingIntervalSeconds: 0.5 },
    async (jobs) => {
      const planned = await planDepotYearsInBackground(jobs.map((job) => job.data.inputs));
      await keepDepotYears(
        deps,
        jobs.map((job, i) => [job.data.key, planned[i]!] as const),
      );
    },
  );
  boss = instance;
  return async () => {
    boss = null;
    await instance.stop({ graceful: true, timeout: 5000 });
  };
}

/** The running queue, or null in the embedded default. */
export const roadmapQueue = () => boss;

/** Queues the depot-years (one job per key; a key already queued is not queued twice). */
export async function queueDepotYears(queue: PgBoss, jobs: DepotYearJob[]): Promise<void> {
  if (jobs.length)
    await queue.insert(
      DEPOT_YEAR_QUEUE,
      jobs.map((data) => ({ data, singletonKey: data.key })),
    );
}

/** Keeps planned depot-years; a key another instance kept first stays as it was (the same inputs plan the same). */
export async function keepDepotYears(
  deps: Pick<Runtime, "database">,
  planned: readonly (readonly [string, DepotYear])[],
): Promise<void> {
  if (!planned.length) return;
  const now = new Date().toISOString();
  await deps.database.db
    .insertInto("roadmap_results")
    .values(planned.map(([key, result]) => ({ key, result: JSON.stringify(result), used_at: now })))
    .onConflict((oc) => oc.column("key").doNothing())
    .execute();
}
