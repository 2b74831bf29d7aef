import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { TARIFF_PRESETS, type PlanInput } from "~/features/charging-engine";
import { contractRequestSchema, hubOfferSchema, type PriceList } from "~/features/hubs";
import {
  approveHub,
  decideContract,
  findHubs,
  hubContracts,
  hubWeek,
  listHubs,
  offerHub,
  requestContract,
  requireHub,
  setHubPrices,
  withdrawContract,
} from "~/features/hubs/index.server";
import { createUser } from "~/features/users/index.server";
import type { SessionUser } from "~/lib/auth/session.server";
import type { Runtime } from "~/lib/runtime.server";

import { signIn, startAppServer, type AppServer } from "../support/app-server";
import { insertDepot, insertDepotPlanInputs } from "../support/depots";
import { seedTeamCompany } from "../support/team-fixture";
import { createTestDatabase, ENGINES } from "../support/test-database";
import { openTestRuntime } from "../support/test-runtime";
import { viewerOf } from "../support/viewers";

/** The hub's site: 6 chargers of 22 kW, a 60 kW connection, 10 kW of building, two vans of its own out by day. */
const HUB_PLAN: PlanInput = {
  vehicleTypes: [{ id: "van", name: "Van", batteryKwh: 75, consumptionKwhPerKm: 0.3, maxChargeKw: 11 }],
  vehicles: [
    {
      id: "g1",
      name: "Own vans",
      typeId: "van",
      count: 2,
      week: Array.from({ length: 7 }, () => ({ depart: 7 * 60, return: 17 * 60, energyKwh: 30 })),
      targetSocPct: 90,
    },
  ],
  chargers: [{ id: "c1", name: "AC 22", count: 6, powerKw: 22, serves: "all" }],
  site: { connectionKva: 60, powerFactor: 1, buildingKw: 10, chargingEfficiency: 1 },
  tariff: TARIFF_PRESETS["day-night"],
  horizon: { days: 7, stepMinutes: 15, startWeekday: 0 },
};
const PRICES: PriceList = {
  pencePerKwh: 45,
  pencePerVisit: 150,
  pencePerReservedHour: 0,
  overstayPencePerHour: 600,
  graceMinutes: 30,
};
/** Vans arriving 18:00–19:00 on weekdays, leaving 05:00–06:00, 40 kWh a visit. */
const request = (fields: Record<string, unknown> = {}) =>
  contractRequestSchema.parse({
    vehicleType: "default:van",
    vehicles: 2,
    days: [0, 1, 2, 3, 4],
    arriveFrom: "18:00",
    arriveTo: "19:00",
    departFrom: "05:00",
    departTo: "06:00",
    energyKwh: 40,
    ...fields,
  });

/**
 * Hubs and contracts (issue 50) on both engines: a partner's hub waits for the admins; a request is checked by the
 * engine and refused with the hours that are full and what would fit; the operator's acceptance is checked again, and
 * two at once never promise more than the connection; the booked price holds; and a haulier sees only its own.
 */
describe.each(ENGINES)("hubs on %s", (engine) => {
  let runtime: Runtime;
  let server: AppServer;
  let team: Awaited<ReturnType<typeof seedTeamCompany>>;
  let haulier: SessionUser;
  let viewer: SessionUser;
  let operator: SessionUser;
  let rival: SessionUser;
  let admin: SessionUser;
  let hubId = 0;

  beforeAll(async () => {
    const database = await createTestDatabase(engine);
    runtime = await openTestRuntime(database);
    team = await seedTeamCompany(runtime, `hubs-${engine}`);
    haulier = await viewerOf(runtime, { id: team.ids.owner!, email: team.people.owner.email });
    viewer = await viewerOf(runtime, { id: team.ids.viewer!, email: team.people.viewer.email });
    admin = await viewerOf(runtime, { id: team.ids.admin!, email: team.people.admin.email, role: "admin" });
    const op = await createUser(runtime, { email: `op-${engine}@partner.example`, password: "operator-password-1" });
    operator = await viewerOf(runtime, op);
    const depotId = await insertDepot(runtime, {
      user_id: op.id,
      depot_name: "Partner Yard",
      depot_address: "9 Dock Road",
    });
    await insertDepotPlanInputs(runtime, depotId, HUB_PLAN);
    const rv = await createUser(runtime, { email: `rival-${engine}@rival.example`, password: "rival-password-1" });
    rival = await viewerOf(runtime, rv);
    await runtime.database.db
      .updateTable("companies")
      .set({ company_name: "Rival Freight" })
      .where("id", "=", rival.company!.id)
      .execute();
    hubId = await offerHub(
      runtime,
      operator,
      hubOfferSchema.parse({
        depotId,
        name: "Dock Hub",
        openDays: [0, 1, 2, 3, 4, 5, 6],
        openFrom: "00:00",
        openTo: "00:00",
        ...PRICES,
      }),
    );
    server = await startAppServer({ DATA_DIR: database.dataDir, DATABASE_URL: database.databaseUrl });
  });
  afterAll(async () => {
    await server?.stop();
    await runtime?.database.destroy();
  });

  it("keeps a partner's hub from other fleets until the consultancy's admins approve it", async () => {
    expect((await listHubs(runtime, haulier)).map((h) => h.name)).toEqual([]);
    await expect(requireHub(runtime, haulier, hubId)).rejects.toMatchObject({ status: 404 });
    await expect(requestContract(runtime, haulier, hubId, request())).rejects.toMatchObject({ status: 404 });
    const cookie = await signIn(server, team.people.owner.email, team.people.owner.password);
    expect((await fetch(`${server.url}/electrify/hubs/${hubId}`, { headers: { cookie } })).status).toBe(404);
    await expect(approveHub(runtime, operator, hubId)).rejects.toMatchObject({ status: 403 });
    await approveHub(runtime, admin, hubId);
    expect((await listHubs(runtime, haulier)).map((h) => [h.name, h.as])).toEqual([["Dock Hub", "haulier"]]);
    const page = await fetch(`${server.url}/electrify/hubs/${hubId}`, { headers: { cookie } });
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("Ask for capacity");
  });

  it("takes a request the engine can serve, at the prices of the day, and the operator's acceptance fills the week", async () => {
    const before = await hubWeek(runtime, await requireHub(runtime, operator, hubId));
    const id = await requestContract(runtime, haulier, hubId, request());
    const row = await runtime.database.db
      .selectFrom("hub_contracts")
      .selectAll()
      .where("id", "=", id)
      .executeTakeFirstOrThrow();
    expect([row.status, row.pence_per_kwh, row.pence_per_visit, row.vehicles]).toEqual(["requested", 45, 150, 2]);
    // The price list changes: the request keeps its prices.
    await setHubPrices(runtime, operator, hubId, { ...PRICES, pencePerKwh: 60 });
    await expect(setHubPrices(runtime, haulier, hubId, PRICES)).rejects.toMatchObject({ status: 403 });
    expect(await decideContract(runtime, operator, id, true, null)).toBe("accepted");
    const after = await hubWeek(runtime, await requireHub(runtime, operator, hubId));
    // Monday 20:00: two more chargers taken than before.
    expect(before.byHour[20]!.chargersFree - after.byHour[20]!.chargersFree).toBe(2);
    const contracts = await hubContracts(runtime, haulier, await requireHub(runtime, haulier, hubId));
    expect(contracts.map((c) => [c.status, c.pencePerKwh])).toEqual([["accepted", 45]]);
  });

  it("refuses what the hub cannot serve, saying where it is full and what would fit, and keeps nothing", async () => {
    const count = async () => (await runtime.database.db.selectFrom("hub_contracts").select("id").execute()).length;
    const kept = await count();
    const refused = await requestContract(runtime, haulier, hubId, request({ vehicles: 5 })).catch((e: unknown) => e);
    expect(refused).toMatchObject({ status: 409 });
    const message = (refused as Error).message;
    expect(message).toMatch(/^The hub cannot take this: it is full (Mon|Tue).*/);
    const fits = /It could take (\d+) vehicles? in that window/.exec(message);
    expect(fits).not.toBeNull();
    expect(await count()).toBe(kept);
    // What it said would fit does.
    const id = await requestContract(runtime, haulier, hubId, request({ vehicles: Number(fits![1]) }));
    await withdrawContract(runtime, haulier, id);
    // Bad input: each refused with its field named, nothing kept.
    const field = async (promise: Promise<unknown>) =>
      ((await promise.catch((e: unknown) => e)) as { fieldErrors: object }).fieldErrors;
    expect(await field(requestContract(runtime, haulier, hubId, request({ energyKwh: 200 })))).toHaveProperty(
      "energyKwh",
    );
    expect(await field(requestContract(runtime, haulier, hubId, request({ vehicleType: "999:van" })))).toHaveProperty(
      "vehicleType",
    );
    expect(
      contractRequestSchema.safeParse({
        ...request(),
        arriveFrom: "18:00",
        arriveTo: "19:00",
        departFrom: "18:30",
        departTo: "20:00",
      }).success,
    ).toBe(false);
    await expect(requestContract(runtime, viewer, hubId, request())).rejects.toMatchObject({ status: 403 });
    await expect(requestContract(runtime, operator, hubId, request())).rejects.toThrow(
      "Only an owner or a fleet manager of a company other than the hub's may ask it for a contract.",
    );
    expect(await count()).toBe(kept + 1);
  });

  it("accepts two requests decided at once one after the other: the second only if both still fit", async () => {
    // With the hub's two vans and the two contracted, two more fill the six chargers: each request fits alone, not both.
    const a = await requestContract(runtime, rival, hubId, request());
    const b = await requestContract(runtime, haulier, hubId, request());
    const results = await Promise.allSettled([
      decideContract(runtime, operator, a, true, null),
      decideContract(runtime, operator, b, true, null),
    ]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    expect(results.find((r) => r.status === "rejected")).toMatchObject({ reason: { status: 409 } });
    const week = await hubWeek(runtime, await requireHub(runtime, operator, hubId));
    expect(Math.min(...week.byHour.map((h) => h.chargersFree))).toBe(0);
    // The one refused is still waiting: the operator may decline it.
    const waiting = results[0]!.status === "rejected" ? a : b;
    expect(await decideContract(runtime, operator, waiting, false, null)).toBe("declined");
  });

  it("finds the hubs with room for a visit pattern with the same check a request gets, on the page and in its address", async () => {
    const [room] = await findHubs(
      runtime,
      haulier,
      request({
        vehicles: 1,
        days: [5, 6],
        arriveFrom: "09:00",
        arriveTo: "10:00",
        departFrom: "13:00",
        departTo: "14:00",
        energyKwh: 30,
      }),
    );
    expect(room).toMatchObject({ hubId, room: true, why: "Has room for them" });
    const [full] = await findHubs(runtime, haulier, request({ vehicles: 3 }));
    expect(full!.room).toBe(false);
    expect(full!.why).toMatch(/^Full Mon/);
    await expect(requestContract(runtime, haulier, hubId, request({ vehicles: 3 }))).rejects.toMatchObject({
      status: 409,
    });
    const cookie = await signIn(server, team.people.fleetManager.email, team.people.fleetManager.password);
    const query =
      "find=1&vehicleType=default%3Avan&vehicles=1&days=5&days=6&arriveFrom=09%3A00&arriveTo=10%3A00&departFrom=13%3A00&departTo=14%3A00&energyKwh=30";
    const page = (
      await (await fetch(`${server.url}/electrify/hubs?${query}`, { headers: { cookie } })).text()
    ).replaceAll("<!-- -->", "");
    expect(page).toContain("1 of 1 hub has room for that.");
    const bad = await (
      await fetch(`${server.url}/electrify/hubs?${query.replace("energyKwh=30", "energyKwh=500")}`, {
        headers: { cookie },
      })
    ).text();
    expect(bad).toContain("holds");
    expect(bad).not.toContain("room for that.");
  });

  it("shows a haulier only its own contracts, and answers another company's contract as if it did not exist", async () => {
    const rivals = await runtime.database.db
      .selectFrom("hub_contracts")
      .select("id")
      .where("company_id", "=", rival.company!.id)
      .execute();
    const mine = await hubContracts(runtime, haulier, await requireHub(runtime, haulier, hubId));
    expect(mine.every((c) => c.companyId === haulier.company!.id)).toBe(true);
    const all = await hubContracts(runtime, operator, await requireHub(runtime, operator, hubId));
    expect(all.some((c) => c.company === "Rival Freight")).toBe(true);
    for (const { id } of rivals) {
      await expect(withdrawContract(runtime, haulier, id)).rejects.toMatchObject({ status: 404 });
      await expect(decideContract(runtime, haulier, id, true, null)).rejects.toMatchObject({ status: 404 });
    }
    const cookie = await signIn(server, team.people.viewer.email, team.people.viewer.password);
    const page = await (await fetch(`${server.url}/electrify/hubs/${hubId}`, { headers: { cookie } })).text();
    expect(page).toContain("Dock Hub");
    expect(page).not.toContain("Rival Freight");
    expect(page).not.toContain("Ask for capacity");
  });
});
