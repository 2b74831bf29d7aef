import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { offerFromForm } from "~/features/connections";
import { addOffer } from "~/features/connections/index.server";
import { createApiKey, revokeApiKey } from "~/features/fleet-api/index.server";
import { siteLimitKw } from "~/features/live-control";
import { depotSite } from "~/features/live-control/index.server";
import { defaultPlanInput } from "~/features/planning";
import { addVehicleTag } from "~/features/vehicles/index.server";
import type { SessionUser } from "~/lib/auth/session.server";
import type { Runtime } from "~/lib/runtime.server";

import { signIn, startAppServer, type AppServer } from "../support/app-server";
import { insertDepotPlanInputs } from "../support/depots";
import { seedTeamCompany, type TeamDepot } from "../support/team-fixture";
import { createTestDatabase, ENGINES } from "../support/test-database";
import { openTestRuntime } from "../support/test-runtime";
import { viewerOf } from "../support/viewers";

const HOUR = 3_600_000;
const iso = (ms: number) => new Date(ms).toISOString();

/**
 * The fleet API (issue 49) over HTTP against the running server, on both engines: keys, every refusal the issue
 * lists (each names its field and changes nothing), a schedule taken all or none, the rate limit, the audit trail,
 * another company's depot, and the document generated from the schemas.
 */
describe.each(ENGINES)("the fleet API on %s", (engine) => {
  let runtime: Runtime;
  let server: AppServer;
  let team: Awaited<ReturnType<typeof seedTeamCompany>>;
  let owner: SessionUser;
  let north: TeamDepot;
  let key = "";
  let floodKey = "";
  let outsiderKey = "";

  const call = (path: string, init: { method?: string; body?: unknown; key?: string | null } = {}) =>
    fetch(`${server.url}/api/v1${path}`, {
      method: init.method ?? "GET",
      headers: {
        ...(init.key === null ? {} : { authorization: `Bearer ${init.key ?? key}` }),
        ...(init.body === undefined ? {} : { "content-type": "application/json" }),
      },
      body: init.body === undefined ? undefined : typeof init.body === "string" ? init.body : JSON.stringify(init.body),
    });
  const states = () => runtime.database.db.selectFrom("vehicle_states").selectAll().orderBy("vehicle_tag_id").execute();
  const put = (vehicle: string, body: unknown, depotId = north.id) =>
    call(`/depots/${depotId}/vehicles/${encodeURIComponent(vehicle)}`, { method: "PUT", body });

  beforeAll(async () => {
    const database = await createTestDatabase(engine);
    runtime = await openTestRuntime(database);
    team = await seedTeamCompany(runtime, `api-${engine}`);
    north = team.depots[0]!;
    owner = await viewerOf(runtime, { id: team.ids.owner!, email: team.people.owner.email });
    for (const [tag, vehicle] of [
      ["T-01", "AB12 CDE"],
      ["T-02", "XY34 FGH"],
    ])
      await addVehicleTag(runtime, owner, north.id, { tag, vehicle, groupId: "g1" });
    key = (await createApiKey(runtime, owner, { name: "Telematics" })).key;
    floodKey = (await createApiKey(runtime, owner, { name: "Flood" })).key;
    const outsider = await viewerOf(runtime, { id: team.ids.outsider!, email: team.people.outsider.email });
    outsiderKey = (await createApiKey(runtime, outsider, { name: "Theirs" })).key;
    server = await startAppServer({ DATA_DIR: database.dataDir, DATABASE_URL: database.databaseUrl });
  });
  afterAll(async () => {
    await server?.stop();
    await runtime?.database.destroy();
  });

  it("takes a company's key and nothing else; only an owner creates or revokes one", async () => {
    expect((await call("/depots", { key: null })).status).toBe(401);
    expect((await call("/depots", { key: "elk_not-a-key" })).status).toBe(401);
    const cookie = await signIn(server, team.people.owner.email, team.people.owner.password);
    const withSession = await fetch(`${server.url}/api/v1/depots`, { headers: { cookie } });
    expect(withSession.status).toBe(401);
    const fleet = await viewerOf(runtime, { id: team.ids.fleetManager!, email: team.people.fleetManager.email });
    await expect(createApiKey(runtime, fleet, { name: "Mine" })).rejects.toMatchObject({ status: 403 });
    const spare = await createApiKey(runtime, owner, { name: "Spare" });
    expect((await call("/depots", { key: spare.key })).status).toBe(200);
    await revokeApiKey(runtime, owner, spare.id);
    const revoked = await call("/depots", { key: spare.key });
    expect(revoked.status).toBe(401);
    expect((await revoked.json()).error).toMatch(/revoked/);
    // Kept hashed: the key itself is nowhere in the database.
    const stored = await runtime.database.db.selectFrom("api_keys").selectAll().execute();
    expect(JSON.stringify(stored)).not.toContain(key.slice(4));
  });

  it("lists the company's own depots and vehicles, never another's", async () => {
    const body = await (await call("/depots")).json();
    expect(body.depots.map((d: { name: string }) => d.name)).toEqual(team.depots.map((d) => d.name));
    expect(body.depots[0].vehicles).toEqual([
      { vehicle: "AB12 CDE", tag: "T-01" },
      { vehicle: "XY34 FGH", tag: "T-02" },
    ]);
    expect(JSON.stringify(body)).not.toContain(team.outsiderDepot.name);
    // Another company's key reaches none of this company's depots: 404, as a depot that does not exist.
    const theirs = await call(`/depots/${north.id}/readiness`, { key: outsiderKey });
    expect(theirs.status).toBe(404);
    expect(await (await put("T-01", { socPct: 50 }, team.outsiderDepot.id)).status).toBe(404);
  });

  it("takes a vehicle's state by tag or name, and the board shows it at once", async () => {
    const leaves = Date.now() + 6 * HOUR;
    const answer = await put("ab12 cde", {
      socPct: 35,
      socReadAt: iso(Date.now() - 60_000),
      departsAt: iso(leaves),
      targetSocPct: 80,
    });
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({ vehicle: "AB12 CDE", ignored: [] });
    const board = await (await call(`/depots/${north.id}/readiness`)).json();
    const row = board.vehicles.find((v: { vehicle: string }) => v.vehicle === "AB12 CDE");
    expect(row).toMatchObject({ departsAt: iso(leaves), departsFrom: "fleet", targetPct: 80, charger: null });
    expect(row.soc).toMatchObject({ pct: 35, source: "fleet" });
    const cookie = await signIn(server, team.people.depotManager.email, team.people.depotManager.password);
    const page = await (await fetch(`${server.url}/electrify/operations/${north.id}`, { headers: { cookie } })).text();
    expect(page).toContain("from the fleet&#x27;s system");
  });

  it("refuses bad input naming the field, and changes nothing", async () => {
    const before = await states();
    const refusals: [string, unknown, number, string][] = [
      ["T-01", { socPct: 140 }, 422, "socPct"],
      ["T-01", { socPct: -1 }, 422, "socPct"],
      ["T-01", { departsAt: iso(Date.now() - HOUR) }, 422, "departsAt"],
      ["T-01", { departsAt: iso(Date.now() + 365 * 24 * HOUR) }, 422, "departsAt"],
      ["T-01", { departsAt: "tomorrow at six" }, 422, "departsAt"],
      ["T-01", { socPct: 50, socReadAt: iso(Date.now() + HOUR) }, 422, "socReadAt"],
      ["T-01", { targetSocPct: 80, neededKwh: 40 }, 422, "neededKwh"],
      ["T-01", { arrivesAt: iso(Date.now() + 5 * HOUR), departsAt: iso(Date.now() + 4 * HOUR) }, 422, "arrivesAt"],
      ["T-01", { arrivesAt: iso(Date.now() + 365 * 24 * HOUR) }, 422, "arrivesAt"],
      ["T-01", { socPct: 50, colour: "red" }, 422, "body"],
      ["T-01", {}, 422, "body"],
      ["NO-SUCH-VAN", { socPct: 50 }, 404, "vehicle"],
    ];
    for (const [vehicle, body, status, field] of refusals) {
      const answer = await put(vehicle, body);
      const json = await answer.json();
      expect({ body, status: answer.status }).toEqual({ body, status });
      expect(json.fields?.[field] ?? (field === "body" ? json.error : undefined)).toBeTruthy();
    }
    expect((await put("T-01", "{not json")).status).toBe(400);
    expect(await states()).toEqual(before);
  });

  it("ignores a reading older than the last, keeping the newer", async () => {
    await put("T-02", { socPct: 60, socReadAt: iso(Date.now() - 10 * 60_000) });
    const older = await put("T-02", { socPct: 20, socReadAt: iso(Date.now() - 20 * 60_000) });
    expect(await older.json()).toEqual({ vehicle: "XY34 FGH", ignored: ["socPct"] });
    const row = (await states()).find((s) => s.soc_pct !== null && s.soc_source === "fleet" && s.soc_pct === 60);
    expect(row).toBeDefined();
  });

  it("takes a schedule all or none", async () => {
    const before = await states();
    // Whole seconds: PostgreSQL keeps a departure to the second.
    const morning = iso(Math.floor((Date.now() + 8 * HOUR) / 1000) * 1000);
    const bad = await call(`/depots/${north.id}/schedule`, {
      method: "PUT",
      body: {
        vehicles: [
          { vehicle: "T-01", departsAt: morning },
          { vehicle: "T-02", socPct: 101 },
        ],
      },
    });
    expect(bad.status).toBe(422);
    expect((await bad.json()).fields).toEqual({ "vehicles[1].socPct": "A state of charge is from 0 to 100" });
    const unknown = await call(`/depots/${north.id}/schedule`, {
      method: "PUT",
      body: {
        vehicles: [
          { vehicle: "T-01", departsAt: morning },
          { vehicle: "GONE", departsAt: morning },
        ],
      },
    });
    expect(unknown.status).toBe(404);
    expect((await unknown.json()).fields).toHaveProperty(["vehicles[1].vehicle"]);
    expect(await states()).toEqual(before);
    const good = await call(`/depots/${north.id}/schedule`, {
      method: "PUT",
      body: {
        vehicles: [
          { vehicle: "T-01", departsAt: morning },
          { vehicle: "XY34 FGH", departsAt: morning, targetSocPct: 95 },
        ],
      },
    });
    expect(good.status).toBe(200);
    const after = await states();
    expect(after.map((s) => new Date(String(s.departs_at)).toISOString())).toEqual([morning, morning]);
  });

  it("survives generated bodies: 200 or a 4xx naming a field, never a fault, and a refusal changes nothing", async () => {
    const value = fc.oneof(
      fc.double(),
      fc.integer({ min: -10, max: 200 }),
      fc.constant(null),
      fc.string(),
      fc
        .date({
          min: new Date(Date.now() - 48 * HOUR),
          max: new Date(Date.now() + 10 * 24 * HOUR),
          noInvalidDate: true,
        })
        .map((d) => d.toISOString()),
    );
    const body = fc.dictionary(
      fc.constantFrom("socPct", "socReadAt", "departsAt", "targetSocPct", "neededKwh", "other"),
      value,
      { maxKeys: 4 },
    );
    await fc.assert(
      fc.asyncProperty(body, async (sent) => {
        const before = await states();
        const answer = await put("T-02", sent);
        const json = await answer.json();
        expect([200, 422]).toContain(answer.status);
        if (answer.status !== 200) {
          expect(json.error).toEqual(expect.any(String));
          expect(await states()).toEqual(before);
        }
      }),
      { numRuns: 40 },
    );
  });

  it("takes the network's limits on a site, refuses what is wrong by field, and holds a flexible one to its firm part once silent", async () => {
    // A plan of 10 vans: a 260 kVA connection at power factor 0.95, the building at 20 kW.
    await runtime.database.db.deleteFrom("depot_plans").where("depot_id", "=", north.id).execute();
    await insertDepotPlanInputs(runtime, north.id, defaultPlanInput({ vehicles: 10, chargers: [] }));
    const network = (body: unknown, depotId = north.id, withKey = key) =>
      call(`/depots/${depotId}/network`, { method: "PUT", body, key: withKey });
    const limitNow = async () => siteLimitKw(await depotSite(runtime, north.id), Date.now());
    const now = Date.now();
    const evening = { limitKva: 100, from: iso(now - 60_000), until: iso(now + HOUR), reason: "Evening peak" };
    const taken = await network({ instructions: [evening] });
    expect(taken.status).toBe(200);
    expect(await taken.json()).toMatchObject({ instructions: 1 });
    expect(await limitNow()).toBeCloseTo(100 * 0.95 - 20, 9);
    // Each refusal names its field and changes nothing.
    const refusals: [unknown, string, string][] = [
      [{ ...evening, until: iso(now - 1000) }, "instructions[0].until", "It ends in the past: nothing to obey."],
      [
        { ...evening, limitKva: 300 },
        "instructions[0].limitKva",
        "300 kVA is above the connection's 260 kVA: an instruction can only lower the limit.",
      ],
      [
        { ...evening, from: "2026-12-01T16:00:00" },
        "instructions[0].from",
        "Give when it starts as a date and time with its zone",
      ],
      [{ ...evening, limitKva: -1 }, "instructions[0].limitKva", "A limit cannot be negative"],
      [
        { ...evening, until: iso(now + 8 * 24 * HOUR) },
        "instructions[0].until",
        "An instruction lasts at most 7 days.",
      ],
    ];
    for (const [instruction, field, message] of refusals) {
      const refused = await network({ instructions: [instruction] });
      expect({ status: refused.status, fields: (await refused.json()).fields }).toEqual({
        status: 422,
        fields: { [field]: message },
      });
    }
    expect((await network({ instructions: [evening] }, north.id, outsiderKey)).status).toBe(404);
    expect(await limitNow()).toBeCloseTo(100 * 0.95 - 20, 9);
    // What the network says now replaces what it said: nothing limited, the whole connection.
    expect((await network({ instructions: [] })).status).toBe(200);
    expect(await limitNow()).toBeCloseTo(260 * 0.95 - 20, 9);
    // A flexible connection in force (100 kVA firm + 160 non-firm): both parts while heard, the firm part once silent.
    const flexible = offerFromForm(
      (() => {
        const form = new FormData();
        for (const [name, value] of Object.entries({
          name: "Flexible",
          kind: "flexible",
          costPounds: "0",
          energiseOn: "2026-01-01",
          firmKva: "100",
          nonFirmKva: "160",
          record: "estimate",
          hoursPerYear: "0",
          windowFrom: "16:00",
          windowTo: "19:00",
        }))
          form.set(name, value);
        return form;
      })(),
      "2026-11-28",
    );
    await addOffer(runtime, owner, north.id, flexible.details, flexible.shape);
    expect(await limitNow()).toBeCloseTo(260 * 0.95 - 20, 9);
    await runtime.database.db
      .updateTable("network_signals")
      .set({ heard_at: iso(Date.now() - 6 * 60_000) })
      .where("depot_id", "=", north.id)
      .execute();
    expect(await limitNow()).toBeCloseTo(100 * 0.95 - 20, 9);
  });

  it("answers a flexibility request from the depot's plan, refuses what is wrong by field, and not for another company", async () => {
    // A plan of 10 vans: a 260 kVA connection at power factor 0.95 (247 kW).
    await runtime.database.db.deleteFrom("depot_plans").where("depot_id", "=", north.id).execute();
    await insertDepotPlanInputs(runtime, north.id, defaultPlanInput({ vehicles: 10, chargers: [] }));
    const flex = (body: unknown, depotId = north.id, withKey = key) =>
      call(`/depots/${depotId}/flexibility`, { method: "POST", body, key: withKey });
    const from = Date.now() + 2 * HOUR;
    const evening = { name: "Evening peak", from: iso(from), until: iso(from + HOUR), askedKw: 10, poundsPerMwh: 250 };
    const refusals: [unknown, string, string][] = [
      [{ ...evening, from: "2026-12-01T16:00:00" }, "from", "Give when it starts as a date and time with its zone"],
      [{ ...evening, askedKw: -5 }, "askedKw", "The turn-down asked is more than 0 kW"],
      [{ ...evening, until: iso(from + 13 * HOUR) }, "until", "A request lasts at most 12 hours."],
      [
        { ...evening, askedKw: 900 },
        "askedKw",
        "900 kW is more than the connection's 247 kW: the site cannot draw that much less.",
      ],
      [
        { ...evening, baseline: "yesterday" },
        "baseline",
        "Choose the baseline: nominated (the plan's draw) or historical (like days)",
      ],
    ];
    for (const [body, field, message] of refusals) {
      const refused = await flex(body);
      expect({ status: refused.status, fields: (await refused.json()).fields }).toEqual({
        status: 422,
        fields: { [field]: message },
      });
    }
    expect((await flex(evening, north.id, outsiderKey)).status).toBe(404);
    expect(await runtime.database.db.selectFrom("flex_requests").selectAll().execute()).toEqual([]);
    const answered = await flex({ ...evening, baseline: "historical" });
    expect(answered.status).toBe(200);
    const { request } = await answered.json();
    // Paid on what the network asked for (decision 079): nominated unless it says historical.
    expect(request.baseline).toBe("historical");
    // Answered as on the network page: offered with the site's limit, or declined with why.
    expect(["offered", "declined"]).toContain(request.status);
    expect(request.source).toBe("api");
    if (request.status === "offered") expect(request.answer.offeredKw).toBeCloseTo(10, 9);
    else expect(request.note).toMatch(/^Nothing to spare from /);
  });

  it("limits a key's rate, and records every call with its answer", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 125; i++) statuses.push((await call("/depots", { key: floodKey })).status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(120);
    const limited = await call("/depots", { key: floodKey });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
    // The company's other key is not held back by it.
    expect((await call("/depots")).status).toBe(200);
    const calls = await runtime.database.db
      .selectFrom("api_calls")
      .innerJoin("api_keys", "api_keys.id", "api_calls.api_key_id")
      .select(["api_calls.status"])
      .where("api_keys.name", "=", "Flood")
      .execute();
    expect(calls).toHaveLength(126);
    expect(calls.filter((c) => c.status === 429)).toHaveLength(6);
  });

  it("serves its OpenAPI document, generated from the schemas it validates with", async () => {
    const doc = await (await fetch(`${server.url}/api/v1/openapi.json`)).json();
    expect(doc.openapi).toBe("3.1.0");
    expect(Object.keys(doc.paths)).toEqual([
      "/api/v1/depots",
      "/api/v1/depots/{depotId}/vehicles/{vehicle}",
      "/api/v1/depots/{depotId}/schedule",
      "/api/v1/depots/{depotId}/meter",
      "/api/v1/depots/{depotId}/network",
      "/api/v1/depots/{depotId}/flexibility",
      "/api/v1/hubs",
      "/api/v1/hubs/{hubId}/bookings",
      "/api/v1/hubs/{hubId}/bookings/{bookingId}",
      "/api/v1/hubs/{hubId}/visits",
      "/api/v1/hubs/{hubId}/statements/{month}",
      "/api/v1/depots/{depotId}/chargers",
      "/api/v1/depots/{depotId}/readiness",
    ]);
    // Chargers are registered against the very schema the Operations page checks them with.
    const register = doc.paths["/api/v1/depots/{depotId}/chargers"].post.requestBody.content["application/json"].schema;
    expect(register.properties.chargers.maxItems).toBe(500);
    expect(doc.components.schemas.ChargerToRegister.required).toEqual([
      "identity",
      "name",
      "connectors",
      "maxKw",
      "currentType",
    ]);
    // A single visit's times as the form takes them: 24-hour, on the quarter hour.
    const visit = doc.paths["/api/v1/hubs/{hubId}/visits"].post.requestBody.content["application/json"].schema;
    expect(visit.properties.arriveAt.pattern).toBe("^([01]\\d|2[0-3]):(00|15|30|45)$");
    const state = doc.components.schemas.VehicleState;
    expect(state.properties.socPct).toMatchObject({ type: "number", minimum: 0, maximum: 100 });
    expect(state.additionalProperties).toBe(false);
    expect(doc.components.schemas.Schedule.properties.vehicles.maxItems).toBe(500);
  });
});
