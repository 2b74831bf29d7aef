import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { defaultPlanInput } from "~/features/planning";
import {
  deleteScenario,
  listScenarios,
  MAX_SCENARIOS,
  saveScenario,
  startPlanRun,
} from "~/features/planning/index.server";
import { createUser } from "~/features/users/index.server";
import type { SessionUser } from "~/lib/auth/session.server";
import type { Runtime } from "~/lib/runtime.server";
import { type UserError } from "~/lib/user-error";

import { insertDepot } from "../support/depots";
import { createTestDatabase, ENGINES } from "../support/test-database";
import { openTestRuntime } from "../support/test-runtime";
import { viewerOf } from "../support/viewers";

describe.each(ENGINES)("plan scenarios on %s", (engine) => {
  let runtime: Runtime;
  let owner: SessionUser;
  let stranger: SessionUser;
  let depotId = 0;

  beforeAll(async () => {
    runtime = await openTestRuntime(await createTestDatabase(engine));
    owner = await viewerOf(
      runtime,
      await createUser(runtime, { email: "owner@scenarios.example", password: "owner-password" }),
    );
    stranger = await viewerOf(
      runtime,
      await createUser(runtime, { email: "stranger@scenarios.example", password: "stranger-password" }),
    );
    depotId = await insertDepot(runtime, {
      user_id: owner.id,
      depot_name: "Scenario Yard",
      depot_address: "2 Plan Road",
      number_of_vehicles: 12,
    });
  });
  afterAll(async () => {
    await runtime?.database.destroy();
  });

  const refusal = (promise: Promise<unknown>) =>
    promise.then(
      () => null,
      (e: unknown) => e as UserError,
    );

  it("keeps a run plan under a name, compares scenarios, and deletes one", async () => {
    // Nothing to keep before a plan has run.
    expect((await refusal(saveScenario(runtime, owner, depotId, { name: "Too soon" })))?.message).toBe(
      "Run the plan first: a scenario keeps a plan with its results.",
    );
    // Twelve vans on four chargers, then on the chargers they need.
    const short = { ...defaultPlanInput({ vehicles: 12, chargers: [{ name: "AC 22 kW", powerKw: 22, count: 4 }] }) };
    await (
      await startPlanRun(runtime, owner, depotId, short)
    ).finished;
    await saveScenario(runtime, owner, depotId, { name: "Today's layout" });
    const sized = { ...short, chargers: [{ id: "s", name: "AC 7 kW", count: 12, powerKw: 7, serves: "all" as const }] };
    await (
      await startPlanRun(runtime, owner, depotId, sized)
    ).finished;
    await saveScenario(runtime, owner, depotId, { name: "  Sized chargers  " });
    const [today, after] = await listScenarios(runtime, owner, depotId);
    expect(today).toMatchObject({ name: "Today's layout", chargers: "4 × 22 kW", vehicles: 12, connectionKva: null });
    expect(today!.vehiclesShort).toBe(8);
    expect(after).toMatchObject({ name: "Sized chargers", chargers: "12 × 7 kW", vehiclesShort: 0 });
    expect(after!.connectionKva).toBeGreaterThan(0);
    expect(after!.capitalPounds).toBeGreaterThan(0);
    expect(after!.co2eTonnesPerYear).toBeGreaterThan(0);
    expect(after!.inputs).toEqual(sized);

    await deleteScenario(runtime, owner, depotId, today!.id);
    expect((await listScenarios(runtime, owner, depotId)).map((s) => s.name)).toEqual(["Sized chargers"]);
    expect((await refusal(deleteScenario(runtime, owner, depotId, today!.id)))?.status).toBe(404);
  });

  it("refuses a name on two lines or none, and more than the limit, changing nothing", async () => {
    const before = await listScenarios(runtime, owner, depotId);
    expect((await refusal(saveScenario(runtime, owner, depotId, { name: "Two\nlines" })))?.fieldErrors).toEqual({
      name: "The name must be on one line",
    });
    expect((await refusal(saveScenario(runtime, owner, depotId, { name: "   " })))?.fieldErrors).toEqual({
      name: "Give the scenario a name",
    });
    expect(await listScenarios(runtime, owner, depotId)).toEqual(before);
    for (let n = before.length; n < MAX_SCENARIOS; n++) await saveScenario(runtime, owner, depotId, { name: `S${n}` });
    const full = await refusal(saveScenario(runtime, owner, depotId, { name: "One too many" }));
    expect(full?.status).toBe(409);
    expect(await listScenarios(runtime, owner, depotId)).toHaveLength(MAX_SCENARIOS);
  });

  it("shows, keeps and deletes nothing for someone else's depot", async () => {
    const [first] = await listScenarios(runtime, owner, depotId);
    expect((await refusal(listScenarios(runtime, stranger, depotId)))?.status).toBe(404);
    expect((await refusal(saveScenario(runtime, stranger, depotId, { name: "Mine" })))?.status).toBe(404);
    expect((await refusal(deleteScenario(runtime, stranger, depotId, first!.id)))?.status).toBe(404);
    expect(await listScenarios(runtime, owner, depotId)).toContainEqual(first);
  });
});
