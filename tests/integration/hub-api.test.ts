import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { createApiKey } from "~/features/fleet-api/index.server";
import { contractRequestSchema } from "~/features/hubs";
import { decideContract, requestContract, ukDays } from "~/features/hubs/index.server";
import { createUser } from "~/features/users/index.server";
import type { Runtime } from "~/lib/runtime.server";

import { startAppServer, type AppServer } from "../support/app-server";
import { ownVehicle, seedAdminHub } from "../support/hub-fixture";
import { createTestDatabase, ENGINES } from "../support/test-database";
import { openTestRuntime } from "../support/test-runtime";
import { viewerOf } from "../support/viewers";

/**
 * Hubs through the fleet API (issue 50) on both engines, against the running server: a company's key lists the hubs
 * it may use with its own contracts, books a visit within a contract or a single one at the list price, cancels it
 * and reads its statement; another company's contract, booking, statement or hub answers 404, bad bodies 422.
 */
describe.each(ENGINES)("hubs through the fleet API on %s", (engine) => {
  let runtime: Runtime;
  let server: AppServer;
  let hubId = 0;
  let mine = 0;
  let theirs = 0;
  const keys = { haulier: "", rival: "", outsider: "" };
  const days = ukDays(14);

  const call = (who: keyof typeof keys, path: string, method = "GET", body?: unknown) =>
    fetch(`${server.url}/api/v1${path}`, {
      method,
      headers: { authorization: `Bearer ${keys[who]}`, ...(body ? { "content-type": "application/json" } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  // response.json() is untyped: each test reads the fields it asserts.
  const json = async (response: Response) => ({ status: response.status, body: await response.json() });

  beforeAll(async () => {
    const database = await createTestDatabase(engine);
    runtime = await openTestRuntime(database);
    const seeded = await seedAdminHub(runtime, { email: `ops-${engine}@c.example`, name: "API Hub" });
    const admin = seeded.admin;
    hubId = seeded.hubId;
    const contract = contractRequestSchema.parse({
      vehicleType: "default:van",
      vehicles: 1,
      days: [0, 1, 2, 3, 4, 5, 6],
      arriveFrom: "18:00",
      arriveTo: "19:00",
      departFrom: "05:00",
      departTo: "06:00",
      energyKwh: 40,
    });
    for (const who of ["haulier", "rival", "outsider"] as const) {
      const user = await viewerOf(
        runtime,
        await createUser(runtime, { email: `${who}-${engine}@fleet.example`, password: `${who}-password-1` }),
      );
      keys[who] = (await createApiKey(runtime, user, { name: "Telematics" })).key;
      if (who === "outsider") continue;
      // A booking names one of the company's own vehicles (issue 58).
      for (const tag of who === "haulier" ? ["API-1", "API-2"] : ["RIVAL-API-1"]) await ownVehicle(runtime, user, tag);
      const id = await requestContract(runtime, user, hubId, contract);
      await decideContract(runtime, admin, id, true, null);
      if (who === "haulier") mine = id;
      else theirs = id;
    }
    server = await startAppServer({ DATA_DIR: database.dataDir, DATABASE_URL: database.databaseUrl });
  });
  afterAll(async () => {
    await server?.stop();
    await runtime?.database.destroy();
  });

  it("lists the hubs a company may use with its own contracts only", async () => {
    const { status, body } = await json(await call("haulier", "/hubs"));
    expect(status).toBe(200);
    expect(body.hubs.map((h: { name: string }) => h.name)).toEqual(["API Hub"]);
    expect(body.hubs[0].contracts.map((c: { id: number; status: string }) => [c.id, c.status])).toEqual([
      [mine, "accepted"],
    ]);
    expect(body.hubs[0].prices.pencePerKwh).toBe(40);
    // The vehicle types a single visit may name.
    expect(body.vehicleTypes.map((t: { key: string }) => t.key)).toContain("default:van");
  });

  it("books within its contract and cancels, and finds nothing of another company's", async () => {
    const booking = { contractId: mine, visitDate: days[1]!.value, vehicle: "AB12 CDE", tag: "API-1" };
    const booked = await json(await call("haulier", `/hubs/${hubId}/bookings`, "POST", booking));
    expect(booked.status).toBe(200);
    const row = await runtime.database.db
      .selectFrom("hub_bookings")
      .selectAll()
      .where("id", "=", booked.body.id)
      .executeTakeFirstOrThrow();
    // Made by a key, not a person: no user recorded (the key's own trail has the call).
    expect([row.tag, row.created_by]).toEqual(["API-1", null]);
    const listed = await json(await call("haulier", `/hubs/${hubId}/bookings`));
    expect(listed.body.bookings.map((b: { tag: string }) => b.tag)).toEqual(["API-1"]);
    expect((await json(await call("rival", `/hubs/${hubId}/bookings`))).body.bookings).toEqual([]);
    // Another company's contract, booking or the same body broken: 404, 404, 422 naming the field.
    const other = await call("haulier", `/hubs/${hubId}/bookings`, "POST", { ...booking, contractId: theirs });
    expect(other.status).toBe(404);
    expect((await call("rival", `/hubs/${hubId}/bookings/${booked.body.id}`, "DELETE")).status).toBe(404);
    const bad = await json(await call("haulier", `/hubs/${hubId}/bookings`, "POST", { ...booking, tag: "no spaces!" }));
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.fields)).toEqual(["tag"]);
    // A tag the rival books is the rival's at this hub.
    const clash = await json(
      await call("rival", `/hubs/${hubId}/bookings`, "POST", { ...booking, contractId: theirs, vehicle: "RV1" }),
    );
    // A rule of the booking (not of the body's shape): 400, naming the field.
    expect([clash.status, clash.body.fields?.tag]).toEqual([
      400,
      "Book with one of your own vehicles' tags: add the vehicle and its tag on Operations first.",
    ]);
    expect((await call("haulier", `/hubs/${hubId}/bookings/${booked.body.id}`, "DELETE")).status).toBe(200);
    expect((await json(await call("haulier", `/hubs/${hubId}/bookings`))).body.bookings).toEqual([]);
  });

  it("books a single visit where room is left and says where the hub is full when there is none", async () => {
    const visit = {
      visitDate: days[2]!.value,
      arriveAt: "10:00",
      departAt: "12:00",
      vehicleType: "default:van",
      energyKwh: 15,
      vehicle: "CD34 EFG",
      tag: "API-2",
    };
    expect((await call("haulier", `/hubs/${hubId}/visits`, "POST", visit)).status).toBe(200);
    // Both chargers are the two contracts' every night.
    const night = await json(
      await call("haulier", `/hubs/${hubId}/visits`, "POST", { ...visit, arriveAt: "20:00", departAt: "22:00" }),
    );
    expect(night.status).toBe(409);
    expect(night.body.error).toMatch(/^The hub cannot take this: it is full \w{3} 20:00–22:00/);
  });

  it("reads its own statement, and nobody's it is not", async () => {
    const month = days[0]!.value.slice(0, 7);
    const statement = await json(await call("haulier", `/hubs/${hubId}/statements/${month}`));
    expect(statement.status).toBe(200);
    expect(statement.body.number).toMatch(new RegExp(`^HUB${hubId}-\\d+-${month}$`));
    expect(statement.body.pence).toBe(statement.body.lines.reduce((p: number, l: { pence: number }) => p + l.pence, 0));
    // A company with no contract here, a hub that does not exist, a month that is not one.
    expect((await call("outsider", `/hubs/${hubId}/statements/${month}`)).status).toBe(404);
    expect((await call("haulier", `/hubs/999999/statements/${month}`)).status).toBe(404);
    expect((await call("haulier", `/hubs/${hubId}/statements/2026-13`)).status).toBe(400);
    expect((await call("haulier", `/hubs/${hubId}/visits`)).status).toBe(405);
  });
});
