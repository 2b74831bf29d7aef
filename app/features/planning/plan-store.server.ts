import type { Selectable } from "kysely";

import { findDepot, requireDepot, type DepotViewer } from "~/features/depots/index.server";
import type { DepotPlanTable } from "~/lib/db/schema";
import type { Runtime } from "~/lib/runtime.server";
import { UserError } from "~/lib/user-error";

import { planInputSchema, type PlanRequest } from "./plan-input";
import { checkPlanRequest, type CheckedPlanRequest } from "./plan-issues";
import { planRunRefusal, PlanSupersededError, runPlanComputation, stopPlanComputations } from "./plan-runner.server";
import { PLAN_STEPS, planSummarySchema, type PlanSummary } from "./plan-summary";

type Deps = Pick<Runtime, "database" | "log">;

/** A run still marked as running after this long was cut off (the server stopped); it counts as failed. */
const STALE_MS = 5 * 60_000;

export type SavedPlan = {
  inputs: PlanRequest | null;
  status: "running" | "done" | "failed";
  /** Strategies computed so far (of 4) while running. */
  progress: number;
  error: string | null;
  results: PlanSummary | null;
  startedAt: string;
  finishedAt: string | null;
};

const iso = (value: Date | string) =>
  value instanceof Date
    ? value.toISOString()
    : new Date(value.endsWith("Z") || value.includes("+") ? value : `${value}Z`).toISOString();

/** The plan saved with one of the user's depots, or null when none has been run (or the depot is not theirs). */
export async function getPlan(
  deps: Pick<Runtime, "database">,
  viewer: DepotViewer,
  depotId: number,
): Promise<SavedPlan | null> {
  if (!(await findDepot(deps.database.db, viewer, depotId))) return null;
  return readDepotPlan(deps, depotId);
}

/** The plan saved with a depot, for a caller that has already checked who may see it (Box Charge's operators). */
export async function readDepotPlan(deps: Pick<Runtime, "database">, depotId: number): Promise<SavedPlan | null> {
  return (await readDepotPlans(deps, [depotId])).get(depotId) ?? null;
}

/** The plans saved with several depots, in one query (a company's portfolio), by depot; depots without one are absent. */
export async function readDepotPlans(
  deps: Pick<Runtime, "database">,
  depotIds: readonly number[],
): Promise<Map<number, SavedPlan>> {
  if (depotIds.length === 0) return new Map();
  const rows = await deps.database.db
    .selectFrom("depot_plans")
    .selectAll()
    .where("depot_id", "in", [...depotIds])
    .execute();
  return new Map(rows.map((row) => [row.depot_id, savedPlanOf(row)]));
}

function savedPlanOf(row: Selectable<DepotPlanTable>): SavedPlan {
  // Stored JSON is read through its schemas: what no longer fits them reads as missing (run the plan again).
  const parsedInputs = planInputSchema.safeParse(JSON.parse(row.inputs));
  const parsedResults = row.results ? planSummarySchema.safeParse(JSON.parse(row.results)) : null;
  const startedAt = iso(row.started_at);
  const stale = row.status === "running" && Date.now() - Date.parse(startedAt) > STALE_MS;
  return {
    inputs: parsedInputs.success ? parsedInputs.data : null,
    status: stale ? "failed" : row.status,
    progress: row.progress,
    error: stale ? "The last run did not finish (the server stopped during it). Run the plan again." : row.error,
    results: parsedResults?.success ? parsedResults.data : null,
    startedAt,
    finishedAt: row.finished_at ? iso(row.finished_at) : null,
  };
}

/**
 * Checks the inputs, saves them with the depot (so nothing typed is lost
 * whatever happens next) and starts computing. The returned promise settles
 * when the run has finished and its outcome is saved; the previous results
 * stay until then.
 */
export async function startPlanRun(
  deps: Deps,
  viewer: DepotViewer,
  depotId: number,
  inputs: unknown,
): Promise<{ runId: string; finished: Promise<void> }> {
  return startCheckedPlanRun(deps, viewer, depotId, checkPlanRequest(inputs));
}

/** startPlanRun with inputs already checked (the Trips tab's request, checked where it was built). */
export async function startCheckedPlanRun(
  deps: Deps,
  viewer: DepotViewer,
  depotId: number,
  request: CheckedPlanRequest,
): Promise<{ runId: string; finished: Promise<void> }> {
  await requireDepot(deps.database.db, viewer, depotId, "depot.change");
  const refusal = planRunRefusal(viewer.id, String(depotId));
  if (refusal) throw new UserError(refusal, { status: 429 });
  const runId = crypto.randomUUID();
  const values = {
    inputs: JSON.stringify(request),
    status: "running" as const,
    progress: 0,
    run_id: runId,
    error: null,
    started_at: new Date().toISOString(),
    finished_at: null,
  };
  await deps.database.db
    .insertInto("depot_plans")
    .values({ depot_id: depotId, ...values })
    .onConflict((oc) => oc.column("depot_id").doUpdateSet(values))
    .execute();
  const thisRun = (query: ReturnType<typeof deps.database.db.updateTable<"depot_plans">>) =>
    query.where("depot_id", "=", depotId).where("run_id", "=", runId);
  const finished = (async () => {
    // Progress is written in order, and before the outcome, so a late write never overwrites it.
    let progress = Promise.resolve();
    try {
      const summary = await runPlanComputation(
        request,
        (done) => {
          progress = progress.then(() =>
            thisRun(deps.database.db.updateTable("depot_plans").set({ progress: done }))
              .execute()
              .then(
                () => undefined,
                () => undefined,
              ),
          );
        },
        { owner: viewer.id, key: String(depotId) },
      );
      await progress;
      await thisRun(
        deps.database.db.updateTable("depot_plans").set({
          status: "done",
          progress: PLAN_STEPS,
          results: JSON.stringify(summary),
          finished_at: new Date().toISOString(),
        }),
      ).execute();
    } catch (error) {
      await progress;
      // A newer run of this depot replaced this one: the row is already the newer run's.
      if (error instanceof PlanSupersededError) return;
      deps.log.warn({ err: error, depotId }, "charging plan run failed");
      const message =
        error instanceof UserError
          ? error.message
          : "The plan could not be computed. Your inputs are saved; try again.";
      await thisRun(
        deps.database.db
          .updateTable("depot_plans")
          .set({ status: "failed", error: message, finished_at: new Date().toISOString() }),
      )
        .execute()
        .catch(() => undefined);
    }
  })();
  active.add(finished);
  void finished.finally(() => active.delete(finished));
  return { runId, finished };
}

const active = new Set<Promise<void>>();

/** Server shutdown: stops the plans being computed and waits until each run's outcome is recorded (as failed, to be run again). */
export async function stopPlanRuns(): Promise<void> {
  await stopPlanComputations();
  await Promise.all(active);
}

/** The companies with a depot whose plan has been run (the roadmap's reminders look only at them). */
export async function companiesWithPlans(deps: Pick<Runtime, "database">): Promise<number[]> {
  const rows = await deps.database.db
    .selectFrom("depots")
    .innerJoin("depot_plans", "depot_plans.depot_id", "depots.id")
    .select("depots.company_id")
    .where("depots.company_id", "is not", null)
    .distinct()
    .execute();
  return rows.map((r) => r.company_id!);
}
