import type { Insertable } from "kysely";

import type { DepotTable } from "~/lib/db/schema";
import type { Runtime } from "~/lib/runtime.server";

/** Adds a depot row for a test (everything optional but its owner), returning its id. */
export async function insertDepot(
  runtime: Pick<Runtime, "database">,
  values: Partial<Insertable<DepotTable>> & { user_id: string },
): Promise<number> {
  // The depot joins its creator's first company unless the test names one.
  const company =
    values.company_id ??
    (
      await runtime.database.db
        .selectFrom("company_members")
        .select("company_id")
        .where("user_id", "=", values.user_id)
        .orderBy("id")
        .executeTakeFirst()
    )?.company_id ??
    null;
  const row = await runtime.database.db
    .insertInto("depots")
    .values({
      contact_name: null,
      contact_email: null,
      contact_phone: null,
      depot_name: "Test Depot",
      depot_address: "1 Test Road",
      number_of_vehicles: null,
      additional_notes: null,
      location_latitude: null,
      location_longitude: null,
      location_address: null,
      cable_run_obstacles: null,
      company_id: company,
      ...values,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Saves a depot's plan inputs as if a plan had been run (no results): what Box Charge reads for the site. */
export async function insertDepotPlanInputs(
  runtime: Pick<Runtime, "database">,
  depotId: number,
  inputs: unknown,
  results: unknown = null,
): Promise<void> {
  await runtime.database.db
    .insertInto("depot_plans")
    .values({
      depot_id: depotId,
      inputs: JSON.stringify(inputs),
      status: "done",
      progress: 5,
      run_id: "t",
      results: results === null ? null : JSON.stringify(results),
      error: null,
      started_at: new Date().toISOString(),
      finished_at: null,
    })
    .execute();
}
