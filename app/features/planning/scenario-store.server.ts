import { z } from "zod";

import { requireDepot, type DepotViewer } from "~/features/depots/index.server";
import { toIsoString } from "~/lib/db/dialect.server";
import type { Runtime } from "~/lib/runtime.server";
import { singleLine } from "~/lib/single-line";
import { invalidInput, UserError } from "~/lib/user-error";

import { describeChargerGroups } from "./plan-defaults";
import { planInputSchema, type PlanRequest } from "./plan-input";
import { recommendedStrategy } from "./plan-labels";
import { planSummarySchema, type PlanSummary } from "./plan-summary";

type Deps = Pick<Runtime, "database">;

/** Scenarios one depot keeps (each holds a plan's inputs and results). */
export const MAX_SCENARIOS = 20;

export const scenarioNameSchema = z.object({
  name: singleLine(z.string().trim().min(1, "Give the scenario a name").max(60, "At most 60 characters"), "The name"),
});

/** One scenario as the comparison table shows it. */
export type ScenarioRow = {
  id: number;
  name: string;
  createdAt: string;
  /** The inputs to open again (null when they are too large to send with the page, e.g. a year of 5-minute building readings). */
  inputs: PlanRequest | null;
  chargers: string;
  vehicles: number;
  vehiclesShort: number;
  peakKw: number;
  /** null while vehicles are short: no connection is asked for. */
  connectionKva: number | null;
  annualEnergyPounds: number;
  capitalPounds: number | null;
  paybackYear: number | null;
  years: number | null;
  co2eTonnesPerYear: number | null;
};

/** Inputs larger than this (as JSON) are not sent with the page. */
const MAX_INPUTS_SENT = 50_000;

function row(
  id: number,
  name: string,
  createdAt: string,
  inputs: PlanRequest,
  results: PlanSummary,
  size: number,
): ScenarioRow {
  const best = recommendedStrategy(results);
  const site = results.businessCase?.site;
  return {
    id,
    name,
    createdAt,
    inputs: size <= MAX_INPUTS_SENT ? inputs : null,
    chargers: describeChargerGroups(inputs.chargers),
    vehicles: results.vehicles,
    vehiclesShort: best.vehiclesShort,
    peakKw: best.peakKw,
    connectionKva: best.vehiclesShort === 0 ? best.recommendedConnectionKva : null,
    annualEnergyPounds: best.annualPounds,
    capitalPounds: site
      ? site.chargersPounds + site.connectionPounds + site.transformerPounds - site.grantPounds
      : null,
    paybackYear: results.businessCase?.paybackYear ?? null,
    years: results.businessCase?.years ?? null,
    co2eTonnesPerYear: results.businessCase?.co2eTonnesSavedPerYear ?? null,
  };
}

/** The depot's scenarios, oldest first; one whose stored plan no longer reads is left out. */
export async function listScenarios(deps: Deps, viewer: DepotViewer, depotId: number): Promise<ScenarioRow[]> {
  await requireDepot(deps.database.db, viewer, depotId);
  const rows = await deps.database.db
    .selectFrom("plan_scenarios")
    .select(["id", "name", "inputs", "results", "created_at"])
    .where("depot_id", "=", depotId)
    .orderBy("id")
    .execute();
  return rows.flatMap((r) => {
    const inputs = planInputSchema.safeParse(JSON.parse(r.inputs));
    const results = planSummarySchema.safeParse(JSON.parse(r.results));
    return inputs.success && results.success
      ? [row(r.id, r.name, toIsoString(r.created_at), inputs.data, results.data, r.inputs.length)]
      : [];
  });
}

/** Keeps the depot's plan as last run (inputs and results) under a name. */
export async function saveScenario(deps: Deps, viewer: DepotViewer, depotId: number, form: unknown): Promise<string> {
  const parsed = scenarioNameSchema.safeParse(form);
  if (!parsed.success) throw invalidInput(parsed.error);
  const { name } = parsed.data;
  return deps.database.db.transaction().execute(async (trx) => {
    await requireDepot(trx, viewer, depotId, "depot.change");
    const plan = await trx
      .selectFrom("depot_plans")
      .select(["inputs", "results"])
      .where("depot_id", "=", depotId)
      .executeTakeFirst();
    if (!plan?.results) throw new UserError("Run the plan first: a scenario keeps a plan with its results.");
    const { count } = await trx
      .selectFrom("plan_scenarios")
      .select((eb) => eb.fn.countAll<number>().as("count"))
      .where("depot_id", "=", depotId)
      .executeTakeFirstOrThrow();
    if (Number(count) >= MAX_SCENARIOS)
      throw new UserError(`A depot keeps at most ${MAX_SCENARIOS} scenarios: delete one first.`, { status: 409 });
    await trx
      .insertInto("plan_scenarios")
      .values({ depot_id: depotId, name, inputs: plan.inputs, results: plan.results })
      .execute();
    return name;
  });
}

export async function deleteScenario(
  deps: Deps,
  viewer: DepotViewer,
  depotId: number,
  scenarioId: number,
): Promise<void> {
  await requireDepot(deps.database.db, viewer, depotId, "depot.change");
  const result = await deps.database.db
    .deleteFrom("plan_scenarios")
    .where("id", "=", scenarioId)
    .where("depot_id", "=", depotId)
    .executeTakeFirst();
  if (Number(result.numDeletedRows) === 0) throw new UserError("That scenario no longer exists.", { status: 404 });
}
