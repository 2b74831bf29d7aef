import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { BENCH_INPUT } from "~/features/charging-engine/fixtures";
import { offerFromForm } from "~/features/connections";
import { addOffer, chooseOffer, listOffers, removeOffer } from "~/features/connections/index.server";
import { siteLimitKw } from "~/features/live-control";
import { depotSite } from "~/features/live-control/index.server";
import { defaultPlanInput } from "~/features/planning";
import {
  planRunsOf,
  PlanSupersededError,
  runPlanComputation,
  setPlanWorkerScript,
  startPlanRun,
  workOutOffer,
} from "~/features/planning/index.server";
import { createUser } from "~/features/users/index.server";
import type { SessionUser } from "~/lib/auth/session.server";
import type { Runtime } from "~/lib/runtime.server";
import { UserError } from "~/lib/user-error";

import { insertDepot } from "../support/depots";
import { createTestDatabase, ENGINES } from "../support/test-database";
import { openTestRuntime } from "../support/test-runtime";
import { viewerOf } from "../support/viewers";

const TODAY = "2026-11-28";
const form = (fields: Record<string, string>) => {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.set(name, value);
  return data;
};
const offer = (fields: Record<string, string>) =>
  form({ name: "Offer", costPounds: "10000", energiseOn: "2027-04-01", ...fields });
/** The refusal's field messages, or "taken". */
const refusal = (fields: Record<string, string>) => {
  try {
    offerFromForm(offer(fields), TODAY);
    return "taken";
  } catch (error) {
    return error instanceof UserError ? error.fieldErrors : error;
  }
};

describe.each(ENGINES)("a depot's connection offers on %s", (engine) => {
  let runtime: Runtime;
  let owner: SessionUser;
  let stranger: SessionUser;
  let depotId = 0;
  let otherDepot = 0;

  beforeAll(async () => {
    runtime = await openTestRuntime(await createTestDatabase(engine));
    owner = await viewerOf(
      runtime,
      await createUser(runtime, { email: "owner@fleet.example", password: "owner-password" }),
    );
    stranger = await viewerOf(
      runtime,
      await createUser(runtime, { email: "stranger@fleet.example", password: "stranger-password" }),
    );
    const depot = { depot_address: "1 Grid Road", number_of_vehicles: 10 };
    depotId = await insertDepot(runtime, { user_id: owner.id, depot_name: "Grid Yard", ...depot });
    otherDepot = await insertDepot(runtime, { user_id: stranger.id, depot_name: "Other Yard", ...depot });
  });
  afterAll(async () => {
    await runtime?.database.destroy();
  });

  it("refuses what is wrong by field, before anything is kept", async () => {
    expect(refusal({ kind: "firm" })).toEqual({ firmKva: "The capacity must be a number" });
    expect(refusal({ kind: "firm", firmKva: "-5" })).toEqual({ firmKva: "The capacity cannot be negative" });
    expect(refusal({ kind: "profiled", profile: "all,all,00:00,20:00,300" })).toEqual({
      profile:
        "The profile was not taken. Winter weekdays: nothing from 20:00 to 24:00. Winter weekends: nothing from 20:00 to 24:00. Summer weekdays: nothing from 20:00 to 24:00. Summer weekends: nothing from 20:00 to 24:00.",
    });
    expect(refusal({ kind: "flexible", firmKva: "100", nonFirmKva: "0", curtailment: "x" })).toEqual({
      nonFirmKva: "A flexible offer has a non-firm part above 0 kVA",
    });
    expect(
      refusal({
        kind: "flexible",
        firmKva: "100",
        nonFirmKva: "200",
        curtailment: "2026-01-05T16:00:00,2026-01-05T18:00:00,",
      }),
    ).toEqual({
      curtailment:
        "The curtailment record was not taken. Line 1: give each time with its zone, as 2025-12-01T16:30:00Z or 2025-07-01T17:00:00+01:00.",
    });
    expect(
      refusal({
        kind: "flexible",
        firmKva: "100",
        nonFirmKva: "200",
        record: "estimate",
        hoursPerYear: "40",
        windowFrom: "19:00",
        windowTo: "16:00",
      }),
    ).toEqual({
      windowTo: "After the start.",
    });
    expect(refusal({ kind: "firm", firmKva: "300", energiseOn: "2027-02-30" })).toEqual({
      energiseOn: "That date does not exist",
    });
    expect(await listOffers(runtime, owner, depotId)).toEqual([]);
  });

  it("keeps offers for the depot's company only; the first is the one tracked", async () => {
    const firm = offerFromForm(offer({ name: "Firm 300", kind: "firm", firmKva: "300" }), TODAY);
    await addOffer(runtime, owner, depotId, firm.details, firm.shape);
    const flex = offerFromForm(
      offer({
        name: "Flex",
        kind: "flexible",
        firmKva: "60",
        nonFirmKva: "240",
        record: "estimate",
        hoursPerYear: "30",
        windowFrom: "16:00",
        windowTo: "19:00",
      }),
      TODAY,
    );
    await addOffer(runtime, owner, depotId, flex.details, flex.shape);
    // Another company's member neither sees them nor may add one.
    expect(await listOffers(runtime, stranger, depotId)).toEqual([]);
    await expect(addOffer(runtime, stranger, depotId, firm.details, firm.shape)).rejects.toMatchObject({ status: 404 });
    const offers = await listOffers(runtime, owner, depotId);
    expect(offers.map((o) => [o.name, o.chosen])).toEqual([
      ["Firm 300", true],
      ["Flex", false],
    ]);
    await chooseOffer(runtime, owner, depotId, String(offers[1]!.id));
    expect((await listOffers(runtime, owner, depotId)).map((o) => o.chosen)).toEqual([false, true]);
    // An offer is found only through its own depot.
    await expect(removeOffer(runtime, stranger, otherDepot, String(offers[0]!.id))).rejects.toMatchObject({
      status: 404,
    });
    await expect(removeOffer(runtime, owner, depotId, "none")).rejects.toMatchObject({ status: 400 });
    expect(await listOffers(runtime, owner, depotId)).toHaveLength(2);
  });

  it("works an offer out on the depot's plan, and says which plan run it was", async () => {
    const [firm] = await listOffers(runtime, owner, depotId);
    await expect(workOutOffer(runtime, owner, depotId, String(firm!.id))).rejects.toThrow(
      "Make the depot's charging plan first",
    );
    const run = await startPlanRun(runtime, owner, depotId, defaultPlanInput({ vehicles: 10, chargers: [] }));
    await run.finished;
    // The owner's year-long plan computes in a worker first: one run computes at a time per user, so the outlook
    // certainly waits while the list is read (on PostgreSQL a small outlook could otherwise finish before the read).
    setPlanWorkerScript(path.resolve("build/server/plan-worker.js"));
    try {
      const hold = runPlanComputation(BENCH_INPUT, () => undefined, { owner: owner.id, key: "year-ahead" });
      for (let i = 0; i < 100 && planRunsOf(owner.id).computing === 0; i++)
        await new Promise((resolve) => setTimeout(resolve, 10));
      const { finished } = await workOutOffer(runtime, owner, depotId, String(firm!.id));
      expect(planRunsOf(owner.id)).toEqual({ computing: 1, waiting: 1 });
      expect((await listOffers(runtime, owner, depotId))[0]!.outlook?.status).toBe("running");
      // A newer run of the year's key stops it, so the outlook's turn comes without waiting the year out.
      const newer = runPlanComputation(defaultPlanInput({ vehicles: 2, chargers: [] }), () => undefined, {
        owner: owner.id,
        key: "year-ahead",
      });
      await expect(hold).rejects.toBeInstanceOf(PlanSupersededError);
      await Promise.all([finished, newer]);
    } finally {
      setPlanWorkerScript(null);
    }
    const [worked] = await listOffers(runtime, owner, depotId);
    expect(worked!.outlook).toMatchObject({ status: "done", result: { offer: "Firm 300", mostKva: 300 } });
    expect(worked!.outlook!.result!.base.vehiclesShort).toBe(0);
    await removeOffer(runtime, owner, depotId, String(worked!.id));
    expect((await listOffers(runtime, owner, depotId)).map((o) => o.name)).toEqual(["Flex"]);
  });

  it("puts the tracked offer in force from its energisation date: a flexible one at its firm part", async () => {
    const now = Date.UTC(2026, 10, 28, 3); // 03:00 on 28 Nov 2026
    // The flexible offer tracked, energised only from next year: the plan's connection still holds.
    const [flex] = await listOffers(runtime, owner, depotId);
    expect(flex!.chosen).toBe(true);
    let site = await depotSite(runtime, depotId, now);
    expect(site.connectionOffer).toBeNull();
    const planKw = site.connectionKw!;
    expect(siteLimitKw(site, now)).toBeCloseTo(planKw - 20, 9);
    // One energised this month, tracked: the chargers get its firm 60 kVA less the building's 20 kW, not the 300 it makes.
    const energised = offerFromForm(
      offer({
        name: "Flex now",
        kind: "flexible",
        energiseOn: "2026-11-01",
        firmKva: "60",
        nonFirmKva: "240",
        record: "estimate",
        hoursPerYear: "10",
        windowFrom: "16:00",
        windowTo: "19:00",
      }),
      TODAY,
    );
    await addOffer(runtime, owner, depotId, energised.details, energised.shape);
    const added = (await listOffers(runtime, owner, depotId)).find((o) => o.name === "Flex now")!;
    await chooseOffer(runtime, owner, depotId, String(added.id));
    site = await depotSite(runtime, depotId, now);
    expect(site.connectionOffer?.name).toBe("Flex now");
    expect(siteLimitKw(site, now)).toBeCloseTo(60 * 0.95 - 20, 9);
  });
});
