import { PgBoss } from "pg-boss";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { defaultPlanInput } from "~/features/planning";
import { defaultRoadmapSettings, neededDepotYears, type RoadmapDepot } from "~/features/portfolio";
import {
  DEPOT_YEAR_QUEUE,
  DEPOT_YEAR_QUEUE_OPTIONS,
  portfolioOf,
  QUEUE_SCHEMA,
  queueDepotYears,
  roadmapFor,
  startRoadmapQueue,
} from "~/features/portfolio/index.server";
import { createUser } from "~/features/users/index.server";
import type { Runtime } from "~/lib/runtime.server";

import { insertDepot, insertDepotPlanInputs } from "../support/depots";
import { createTestDatabase, type TestDatabase } from "../support/test-database";
import { openTestRuntime } from "../support/test-runtime";
import { viewerOf } from "../support/viewers";

/**
 * On PostgreSQL a roadmap's depot-years are jobs on pg-boss's queue (decision
 * 033): the roadmap waits for whichever worker plans them, and a job taken
 * by an instance that dies is retried by another once its heartbeat stops.
 */
describe("the roadmap's queue on PostgreSQL", () => {
  let database: TestDatabase;
  let runtime: Runtime;
  let stop: () => Promise<void> = async () => undefined;

  beforeAll(async () => {
    database = await createTestDatabase("postgres");
    runtime = await openTestRuntime(database);
  });
  afterAll(async () => {
    await stop();
    await runtime?.database.destroy();
  });

  it("retries a depot-year whose worker died, and a roadmap waits for the queue's workers", async () => {
    const inputs = defaultPlanInput({ vehicles: 6, chargers: [] });
    const depot: RoadmapDepot = {
      id: 1,
      name: "Queue Yard",
      inputs,
      baseKey: "queue-yard",
      operator: null,
      application: null,
    };
    const [key, yearInputs] = [...neededDepotYears([depot], defaultRoadmapSettings(), 2026)][0]!;

    // An instance takes the job and dies with it: no heartbeat, no answer.
    const doomed = new PgBoss({
      connectionString: database.databaseUrl!,
      schema: QUEUE_SCHEMA,
      supervise: false,
      schedule: false,
    });
    await doomed.start();
    await doomed.createQueue(DEPOT_YEAR_QUEUE, DEPOT_YEAR_QUEUE_OPTIONS);
    await queueDepotYears(doomed, [{ key: key, inputs: yearInputs }]);
    // The same depot-year asked for again while queued is not a second job.
    await queueDepotYears(doomed, [{ key: key, inputs: yearInputs }]);
    const taken = await doomed.fetch(DEPOT_YEAR_QUEUE, { batchSize: 10 });
    expect(taken).toHaveLength(1);
    await doomed.stop({ graceful: false, close: true });

    // This instance's queue notices the silent job, fails it, and its worker plans the retry.
    const started = Date.now();
    stop = await startRoadmapQueue({ ...runtime, env: { DATABASE_URL: database.databaseUrl } });
    const kept = async () =>
      runtime.database.db.selectFrom("roadmap_results").select("key").where("key", "=", key).executeTakeFirst();
    while (!(await kept()) && Date.now() - started < 45_000) await new Promise((r) => setTimeout(r, 250));
    expect(await kept()).toBeDefined();
    // Within a heartbeat (10 s) and a supervision pass (5 s) or so.
    expect(Date.now() - started).toBeLessThan(30_000);
    const jobs = await runtime.database.db
      .withSchema(QUEUE_SCHEMA)
      // pg-boss's own table, read as it is.
      .selectFrom("job" as never)
      .select(["state" as never, "retry_count" as never])
      .execute();
    expect(jobs).toEqual([{ state: "completed", retry_count: 1 }]);

    // A company's roadmap on PostgreSQL: its depot-years planned by the queue's worker, then read back.
    const owner = await viewerOf(
      runtime,
      await createUser(runtime, { email: "queue@fleet.example", password: "queue-password" }),
    );
    const yard = await insertDepot(runtime, { user_id: owner.id, depot_name: "Queue Yard" });
    await insertDepotPlanInputs(runtime, yard, defaultPlanInput({ vehicles: 10, chargers: [] }));
    const first = await roadmapFor(runtime, portfolioOf(owner), "2026-11-26");
    expect(first.planned).toBe(5);
    expect(first.roadmap.depots[0]!.years.at(-1)!.electric).toBe(10);
    expect((await roadmapFor(runtime, portfolioOf(owner), "2026-11-26")).planned).toBe(0);
  });
});
