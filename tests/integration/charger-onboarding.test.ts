import { UNSAFE_decodeViaTurboStream as decodeViaTurboStream } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { createApiKey } from "~/features/fleet-api/index.server";
import { createUser } from "~/features/users/index.server";
import type { Runtime } from "~/lib/runtime.server";

import { signIn, startAppServer, type AppServer } from "../support/app-server";
import { insertDepot } from "../support/depots";
import { basicAuth, connectOcppPeer, upgradeStatus } from "../support/ocpp-peer";
import { createTestDatabase } from "../support/test-database";
import { openTestRuntime } from "../support/test-runtime";
import { viewerOf } from "../support/viewers";

/**
 * Issue 59, item 7: chargers onboarded at scale. A charger nobody registered is refused but listed for the
 * consultancy's admins, who accept it into a depot (it then connects with the password it already had) or block it;
 * a depot's owner registers many from a pasted CSV, all or none. The chargers are independent peers (typed-ocpp and
 * Node's WebSocket, not the server's ocpp-rpc).
 */
describe("onboarding chargers", () => {
  let runtime: Runtime;
  let server: AppServer;
  let depotId = 0;
  let admin = "";
  let owner = "";
  const FACTORY = "factory-password-0001";

  beforeAll(async () => {
    const database = await createTestDatabase("sqlite");
    runtime = await openTestRuntime(database);
    const haulier = await viewerOf(
      runtime,
      await createUser(runtime, { email: "yard@fleet.example", password: "yard-password-1" }),
    );
    await createUser(runtime, { email: "ops@consultancy.example", password: "admin-password-1", role: "admin" });
    depotId = await insertDepot(runtime, { user_id: haulier.id, depot_name: "Onboarding Yard" });
    server = await startAppServer({ DATA_DIR: database.dataDir });
    admin = await signIn(server, "ops@consultancy.example", "admin-password-1");
    owner = await signIn(server, "yard@fleet.example", "yard-password-1");
  });
  afterAll(async () => {
    await server?.stop();
    await runtime?.database.destroy();
  });

  const knock = (identity: string, password = FACTORY) =>
    upgradeStatus(server.url, `/ocpp/${identity}`, {
      protocol: "ocpp1.6",
      authorization: basicAuth(identity, password),
    });
  const post = async (path: string, fields: Record<string, string>, cookie: string) => {
    const answer = await fetch(`${server.url}${path}.data`, {
      method: "POST",
      redirect: "manual",
      headers: { origin: server.url, cookie, "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams(fields),
    });
    const value = (await decodeViaTurboStream(answer.body!, globalThis)).value as { data?: Record<string, unknown> };
    return { status: answer.status, body: value?.data ?? {} };
  };
  const overview = async (cookie: string) =>
    (await (await fetch(`${server.url}/electrify/operations`, { headers: { cookie } })).text()).replaceAll(
      "<!-- -->",
      "",
    );

  it("lists a charger nobody registered for the admins, who accept it into a depot with the password it has", async () => {
    expect(await knock("NEW-CHARGER-1")).toBe(401);
    expect(await knock("NEW-CHARGER-1")).toBe(401);
    await expect.poll(async () => (await overview(admin)).includes("NEW-CHARGER-1")).toBe(true);
    expect(await overview(admin)).toContain("keeps the password it offered");
    // A haulier sees no one's knocking chargers, and cannot take one into its own depot.
    expect(await overview(owner)).not.toContain("NEW-CHARGER-1");
    const hijack = await post(
      "/electrify/operations",
      { intent: "accept-charger", identity: "NEW-CHARGER-1", depotId: String(depotId), connectors: "1", maxKw: "22" },
      owner,
    );
    expect(hijack.body).toMatchObject({ ok: false });
    expect(await knock("NEW-CHARGER-1")).toBe(401);
    const accepted = await post(
      "/electrify/operations",
      {
        intent: "accept-charger",
        identity: "NEW-CHARGER-1",
        depotId: String(depotId),
        name: "Bay 9",
        connectors: "2",
        maxKw: "22",
        currentType: "AC",
      },
      admin,
    );
    expect(accepted.body).toMatchObject({ ok: true, password: null });
    // It connects with the password it offered all along, and boots at the depot.
    const peer = await connectOcppPeer(server.url, "NEW-CHARGER-1", FACTORY, "ocpp1.6");
    expect(await peer.call("BootNotification", { chargePointVendor: "Tests", chargePointModel: "New" })).toMatchObject({
      status: "Accepted",
    });
    await peer.close();
    const point = await runtime.database.db
      .selectFrom("charge_points")
      .select(["depot_id", "name", "connectors"])
      .where("identity", "=", "NEW-CHARGER-1")
      .executeTakeFirstOrThrow();
    expect(point).toEqual({ depot_id: depotId, name: "Bay 9", connectors: 2 });
    expect(await overview(admin)).not.toContain("NEW-CHARGER-1");
  });

  it("blocks a knocking identity: still refused and no longer listed; a short password is not kept", async () => {
    expect(await knock("ROGUE-1", "short")).toBe(401);
    await expect.poll(async () => (await overview(admin)).includes("ROGUE-1")).toBe(true);
    expect(await overview(admin)).toContain("will need a new password");
    expect(
      (await post("/electrify/operations", { intent: "block-charger", identity: "ROGUE-1" }, admin)).body,
    ).toMatchObject({ ok: true });
    expect(await overview(admin)).not.toContain("ROGUE-1");
    expect(await knock("ROGUE-1", "short")).toBe(401);
    // An identity the endpoint would never take is not kept at all.
    expect(await knock("bad%20identity")).toBe(401);
    const kept = await runtime.database.db.selectFrom("charger_knocks").select("identity").execute();
    expect(kept.map((k) => k.identity).sort()).toEqual(["ROGUE-1"]);
  });

  it("registers many chargers from a pasted CSV, all or none, each password shown once", async () => {
    const path = `/electrify/operations/${depotId}`;
    const bad = await post(
      path,
      {
        intent: "register-many",
        csv: "identity,name,connectors,max_kw,current\nCSV-1,Bay 1,2,22,AC\nCSV 2,Bay 2,2,22,AC\nCSV-1,Bay 3,1,50,dc\n",
      },
      owner,
    );
    expect(bad.body).toMatchObject({ ok: false });
    expect((bad.body.messages as string[])[0]).toBe(
      "Nothing was registered: Row 3: The identity may use letters, digits and . _ ~ - only; Row 4: CSV-1 twice",
    );
    expect(
      await runtime.database.db
        .selectFrom("charge_points")
        .select("identity")
        .where("identity", "like", "CSV%")
        .execute(),
    ).toEqual([]);
    const good = await post(
      path,
      {
        intent: "register-many",
        csv: 'Identity,Name,Connectors,Max kW,Current\r\nCSV-1,Bay 1,2,22,AC\r\nCSV-2,"Bay 2, by the gate",2,22,AC\r\nCSV-3,Bay 3,1,50,dc\r\n',
      },
      owner,
    );
    expect(good.body).toMatchObject({ ok: true });
    const registered = good.body.registered as { identity: string; password: string }[];
    expect(registered.map((r) => r.identity)).toEqual(["CSV-1", "CSV-2", "CSV-3"]);
    const peer = await connectOcppPeer(server.url, "CSV-2", registered[1]!.password, "ocpp2.0.1");
    await peer.close();
    const rows = await runtime.database.db
      .selectFrom("charge_points")
      .select(["identity", "name", "current_type"])
      .where("identity", "like", "CSV%")
      .orderBy("identity")
      .execute();
    expect(rows).toEqual([
      { identity: "CSV-1", name: "Bay 1", current_type: "AC" },
      { identity: "CSV-2", name: "Bay 2, by the gate", current_type: "AC" },
      { identity: "CSV-3", name: "Bay 3", current_type: "DC" },
    ]);
    // Again: every identity is taken now, so nothing more is registered.
    const again = await post(
      path,
      { intent: "register-many", csv: "identity,name,connectors,max_kw,current\nCSV-1,Bay 1,2,22,AC\n" },
      owner,
    );
    expect((again.body.messages as string[])[0]).toBe("Nothing was registered: CSV-1 is already registered");
  });

  it("registers many through the fleet API with a key given chargers:write, all or none, and lists them", async () => {
    const haulier = await viewerOf(
      runtime,
      await runtime.database.db
        .selectFrom("user")
        .select(["id", "email"])
        .where("email", "=", "yard@fleet.example")
        .executeTakeFirstOrThrow(),
    );
    const writer = await createApiKey(runtime, haulier, { name: "Installer's system", scopes: ["chargers:write"] });
    const reader = await createApiKey(runtime, haulier, { name: "Dashboard", scopes: ["fleet:read"] });
    const stranger = await viewerOf(
      runtime,
      await createUser(runtime, { email: "other@fleet.example", password: "other-password-1" }),
    );
    const otherDepot = await insertDepot(runtime, { user_id: stranger.id, depot_name: "Someone Else's Yard" });
    const call = (key: string, depot: number, body?: unknown) =>
      fetch(`${server.url}/api/v1/depots/${depot}/chargers`, {
        method: body === undefined ? "GET" : "POST",
        headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
        body: body === undefined ? undefined : JSON.stringify(body),
      }).then(async (r) => ({ status: r.status, body: (await r.json()) as Record<string, unknown> }));
    const charger = (identity: string) => ({ identity, name: identity, connectors: 2, maxKw: 22, currentType: "AC" });

    // A key without the scope is refused; another company's depot does not exist; a bad list names each problem.
    expect((await call(reader.key, depotId, { chargers: [charger("API-1")] })).status).toBe(403);
    expect((await call(writer.key, otherDepot, { chargers: [charger("API-1")] })).status).toBe(404);
    expect(await call(writer.key, depotId, { chargers: [] })).toMatchObject({ status: 422 });
    const bad = await call(writer.key, depotId, {
      chargers: [charger("API-1"), { ...charger("API-2"), connectors: 9 }, charger("CSV-1"), "junk"],
    });
    expect(bad.status).toBe(422);
    expect(bad.body.error).toBe(
      "Nothing was registered: Charger 2: At most 8 connectors; Charger 4: Enter the charger's identity (as configured on the charger); CSV-1 is already registered",
    );
    expect(
      await runtime.database.db.selectFrom("charge_points").select("id").where("identity", "like", "API-%").execute(),
    ).toEqual([]);

    const good = await call(writer.key, depotId, {
      chargers: [charger("API-1"), { ...charger("API-2"), currentType: "dc" }],
    });
    expect(good.status).toBe(200);
    const made = good.body.chargers as { identity: string; password: string }[];
    expect(made.map((c) => c.identity)).toEqual(["API-1", "API-2"]);
    const peer = await connectOcppPeer(server.url, "API-2", made[1]!.password, "ocpp1.6");
    await peer.call("BootNotification", { chargePointVendor: "Volt", chargePointModel: "VX-1" });
    const listed = await call(reader.key, depotId);
    expect(listed.status).toBe(200);
    expect(
      (listed.body.chargers as { identity: string; connected: boolean; current: string }[]).filter((c) =>
        c.identity.startsWith("API-"),
      ),
    ).toEqual([
      expect.objectContaining({ identity: "API-1", connected: false, current: "AC" }),
      expect.objectContaining({ identity: "API-2", connected: true, current: "DC", securityProfile: 1 }),
    ]);
    await peer.close();
  });
});
