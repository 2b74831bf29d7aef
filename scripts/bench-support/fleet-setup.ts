/**
 * A company for the fleet benches: depots of `perDepot` chargers, each with a plan giving a site limit of `limitKw`,
 * every charger registered (1.6J and 2.0.1 alternating when simulated), and `tags` of the company's vehicle tags
 * (the first one per charger, for its vehicle). Written straight to the database before the server starts.
 */
import { pino } from "pino";

import { CLI_ACTOR } from "~/lib/audit.server";
import { loadEnv } from "~/lib/env.server";
import { openRuntime } from "~/lib/runtime.server";

import { registerChargePointAt } from "../../app/features/chargers/internals";
import { defaultPlanInput } from "../../app/features/planning/index";
import { createUser } from "../../app/features/users/index.server";
import { nameTagsForBench } from "../../app/features/vehicles/internals";

export type FleetSetup = {
  email: string;
  password: string;
  depotIds: number[];
  chargers: { identity: string; password: string; depot: number; depotId: number }[];
};

export async function setUpFleet(
  env: Record<string, string>,
  options: { chargers: number; perDepot: number; limitKw: number; tags: number },
): Promise<FleetSetup> {
  const runtime = await openRuntime(loadEnv({ ...env, LOG_LEVEL: "silent" }), pino({ level: "silent" }));
  const email = "fleet-bench@fleet.example";
  const password = "fleet-bench-password";
  const owner = await createUser(runtime, { email, password });
  const { company_id: companyId } = await runtime.database.db
    .selectFrom("company_members")
    .select("company_id")
    .where("user_id", "=", owner.id)
    .executeTakeFirstOrThrow();
  const plan = defaultPlanInput({
    vehicles: options.perDepot,
    chargers: [{ name: "AC 22", powerKw: 22, count: options.perDepot }],
  });
  plan.site = { ...plan.site, connectionKva: options.limitKw, powerFactor: 1, buildingKw: 0 };
  const depotIds: number[] = [];
  const chargers: FleetSetup["chargers"] = [];
  for (let d = 0; d < Math.ceil(options.chargers / options.perDepot); d++) {
    const { id } = await runtime.database.db
      .insertInto("depots")
      .values({
        user_id: owner.id,
        company_id: companyId,
        depot_name: `Fleet ${d + 1}`,
        depot_address: "Bench Road",
        contact_name: null,
        contact_email: null,
        contact_phone: null,
        number_of_vehicles: options.perDepot,
        additional_notes: null,
        location_latitude: null,
        location_longitude: null,
        location_address: null,
        cable_run_obstacles: null,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    depotIds.push(id);
    await runtime.database.db
      .insertInto("depot_plans")
      .values({
        depot_id: id,
        inputs: JSON.stringify(plan),
        status: "done",
        progress: 5,
        run_id: "bench",
        results: null,
        error: null,
        started_at: new Date().toISOString(),
        finished_at: null,
      })
      .execute();
    for (let c = 0; c < options.perDepot && chargers.length < options.chargers; c++) {
      const identity = `F${d}-${c}`;
      const registered = await registerChargePointAt(
        runtime,
        CLI_ACTOR,
        { id, name: `Fleet ${d + 1}` },
        { identity, name: identity, connectors: 1, maxKw: 22, currentType: "AC" },
      );
      chargers.push({ identity, password: registered.password, depot: d, depotId: id });
    }
  }
  // The company's tags: one per charger's vehicle (named at its depot, so it charges there), then the rest of the
  // fleet's cards up to `tags`; every depot's chargers hold all of them in their local list.
  await nameTagsForBench(
    runtime.database.db,
    companyId,
    Array.from({ length: options.tags }, (_, i) => ({
      depotId: chargers[i]?.depotId ?? depotIds[i % depotIds.length]!,
      tag: `g1-${i}`,
      groupId: i < chargers.length ? "g1" : null,
    })),
  );
  await runtime.database.destroy();
  return { email, password, depotIds, chargers };
}
