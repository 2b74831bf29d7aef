import { requireDepot } from "~/features/depots/index.server";
import { PlanTab } from "~/features/planning";
import { deleteScenario, listScenarios, saveScenario, startPlanRun } from "~/features/planning/index.server";
import { handleIntent, succeeded } from "~/lib/action-result.server";
import { requireUser } from "~/lib/auth/guards.server";
import { parseId } from "~/lib/parse-id";
import { jsonField, readForm } from "~/lib/request-body.server";
import { getRuntime } from "~/lib/runtime.server";

import type { Route } from "./+types/plan";
import { useWorkspace } from "./workspace";

/** How long 'Run plan' waits for the result before answering; longer plans report progress instead. */
const WAIT_FOR_PLAN_MS = 2000;

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const user = requireUser(context, request);
  const depotId = parseId(params.id);
  // Someone else's (or an unknown) depot: the workspace answers 404; its scenarios are simply none.
  const scenarios = await listScenarios(getRuntime(), user, depotId).catch(() => []);
  return { scenarios };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const user = requireUser(context, request);
  // A plan may carry a year of 5-minute building readings in its one JSON field (server/body-limits.ts).
  const form = await readForm(request, { fields: 10, fieldSize: 16 * 1024 * 1024 });
  const runtime = getRuntime();
  return handleIntent(
    form,
    runtime,
    {
      "run-plan": {
        refusedTitle: "The plan was not run",
        run: async (form, deps) => {
          const inputs = jsonField(form, "plan", "The plan's inputs were not readable.");
          const run = await startPlanRun(deps, user, parseId(params.id), inputs);
          const done = await Promise.race([
            run.finished.then(() => true),
            new Promise<false>((resolve) => setTimeout(() => resolve(false), WAIT_FOR_PLAN_MS)),
          ]);
          return succeeded(done ? "Charging plan computed" : "Computing the charging plan…");
        },
      },
      "save-scenario": {
        refusedTitle: "The scenario was not saved",
        run: async (form, deps) => {
          const name = await saveScenario(deps, user, parseId(params.id), { name: form.get("name") });
          return succeeded(`Scenario "${name}" saved`);
        },
      },
      "delete-scenario": {
        refusedTitle: "The scenario was not deleted",
        run: async (form, deps) => {
          await deleteScenario(deps, user, parseId(params.id), parseId(form.get("scenarioId")));
          return succeeded("Scenario deleted");
        },
      },
    },
    undefined,
    // Every intent changes the depot's plans: the policy first (404 another company's depot, 403 a viewer).
    () => requireDepot(runtime.database.db, user, parseId(params.id), "depot.change"),
  );
}

export default function DepotPlanTab({ loaderData }: Route.ComponentProps) {
  const { depot, plan, planDefaults, designer } = useWorkspace();
  return (
    <PlanTab
      depotId={depot.id}
      saved={plan}
      defaults={planDefaults}
      scenarios={loaderData.scenarios}
      layout={{ chargers: designer.chargers, place: designer.placeChargers }}
    />
  );
}
