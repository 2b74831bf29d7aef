import { existsSync } from "node:fs";
import { availableParallelism } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { BENCH_INPUT } from "~/features/charging-engine/fixtures";
import { defaultPlanInput } from "~/features/planning";
import {
  PER_USER_WAITING,
  planRunsOf,
  PlanSupersededError,
  runPlanComputation,
  setPlanWorkerScript,
  stopPlanComputations,
} from "~/features/planning/index.server";
import { UserError } from "~/lib/user-error";

/**
 * The plan scheduler with the production build's worker threads: one
 * haulier's large plans must not hold back another's small one, and a plan
 * run again stops the run it replaces.
 */
const workerScript = path.resolve("build/server/plan-worker.js");
const small = defaultPlanInput({ vehicles: 6, chargers: [] });
const noProgress = () => undefined;

async function until(condition: () => boolean, timeoutMs = 5_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition() && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 10));
}

describe("sharing plan workers between users", () => {
  beforeAll(() => {
    expect(existsSync(workerScript), "npm run build first").toBe(true);
    setPlanWorkerScript(workerScript);
  });
  afterAll(async () => {
    await stopPlanComputations();
    setPlanWorkerScript(null);
  });

  it("stops a run that a newer run of the same depot replaces, and computes the newer one", async () => {
    const started = Date.now();
    const older = runPlanComputation(BENCH_INPUT, noProgress, { owner: "alice", key: "depot-1" });
    await new Promise((resolve) => setTimeout(resolve, 200));
    const newer = runPlanComputation(small, noProgress, { owner: "alice", key: "depot-1" });
    await expect(older).rejects.toBeInstanceOf(PlanSupersededError);
    const summary = await newer;
    expect(summary.vehicles).toBe(6);
    // The large run (several seconds) did not have to finish first: its worker was stopped.
    expect(Date.now() - started).toBeLessThan(2_500);
    await until(() => planRunsOf("alice").computing === 0);
    expect(planRunsOf("alice")).toEqual({ computing: 0, waiting: 0 });
  });

  it("computes another user's small plan while one user's large plans wait their turn, and refuses a user's plans past the limit", async () => {
    const finished: string[] = [];
    const track = (label: string, run: Promise<unknown>) =>
      run.then(
        () => finished.push(label),
        () => undefined,
      );
    const large = Array.from({ length: 1 + PER_USER_WAITING }, (_, i) =>
      track(`alice-${i}`, runPlanComputation(BENCH_INPUT, noProgress, { owner: "alice", key: `large-${i}` })),
    );
    expect(planRunsOf("alice")).toEqual({ computing: 1, waiting: PER_USER_WAITING });
    await expect(runPlanComputation(BENCH_INPUT, noProgress, { owner: "alice", key: "one-too-many" })).rejects.toThrow(
      UserError,
    );
    const bobStarted = Date.now();
    await track("bob", runPlanComputation(small, noProgress, { owner: "bob", key: "bob-depot" }));
    const bobMs = Date.now() - bobStarted;
    // Bob's plan took a free worker at once (on a machine with one core, the next turn after alice's first).
    if (availableParallelism() > 1) {
      expect(finished).toEqual(["bob"]);
      expect(bobMs).toBeLessThan(3_000);
    } else {
      expect(finished.indexOf("bob")).toBeLessThanOrEqual(1);
    }
    await stopPlanComputations();
    await Promise.allSettled(large);
  });
});
