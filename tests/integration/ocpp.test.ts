import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { registerChargePoint } from "~/features/chargers/index.server";
import { createUser } from "~/features/users/index.server";
import { addVehicleTag } from "~/features/vehicles/index.server";
import type { SessionUser } from "~/lib/auth/session.server";
import type { Runtime } from "~/lib/runtime.server";

import { signIn, startAppServer, type AppServer } from "../support/app-server";
import { insertDepot } from "../support/depots";
import { basicAuth, connectOcppPeer, upgradeStatus, type OcppCallError, type OcppVersion } from "../support/ocpp-peer";
import { servingProcesses } from "../support/processes";
import { createTestDatabase, type TestDatabase } from "../support/test-database";
import { openTestRuntime } from "../support/test-runtime";
import { viewerOf } from "../support/viewers";

/**
 * The chargers' endpoint against an independent OCPP-J implementation
 * (tests/support/ocpp-peer.ts), for 1.6J and 2.0.1: who may connect, what is
 * kept, and that no charger, careless or hostile, stops the server.
 */
describe("OCPP endpoint", () => {
  let database: TestDatabase;
  let runtime: Runtime;
  let server: AppServer;
  const chargers = new Map<string, string>();
  const owner: SessionUser = { id: "", email: "ops@fleet.example", isAdmin: false };
  let depotId = 0;

  beforeAll(async () => {
    database = await createTestDatabase("sqlite");
    runtime = await openTestRuntime(database);
    Object.assign(
      owner,
      await viewerOf(runtime, await createUser(runtime, { email: owner.email, password: "owner-password" })),
    );
    depotId = await insertDepot(runtime, { user_id: owner.id, depot_name: "Night Yard" });
    await createUser(runtime, { email: "stranger@fleet.example", password: "stranger-password" });
    for (const identity of ["CP16-A", "CP16-B", "CS201-A", "CS201-B", "FLOOD-1", "CALM-1"]) {
      const { password } = await registerChargePoint(runtime, owner, depotId, {
        identity,
        name: identity,
        connectors: 2,
        maxKw: 22,
        currentType: "AC",
      });
      chargers.set(identity, password);
    }
    // Only the company's own vehicles charge at its depot (issue 59): the tags these chargers present are named.
    for (const tag of ["VAN-07", "CAR-12"]) await addVehicleTag(runtime, owner, depotId, { tag, vehicle: tag });
    server = await startAppServer({ DATA_DIR: database.dataDir });
  });
  afterAll(async () => {
    await server?.stop();
    await runtime?.database.destroy();
  });

  const connect = (identity: string, version: OcppVersion, url = server.url) =>
    connectOcppPeer(url, identity, chargers.get(identity)!, version);
  const sessions = (identity: string) =>
    runtime.database.db
      .selectFrom("charging_sessions")
      .innerJoin("charge_points", "charge_points.id", "charging_sessions.charge_point_id")
      .select([
        "charging_sessions.transaction_ref",
        "charging_sessions.meter_start_wh",
        "charging_sessions.meter_last_wh",
        "charging_sessions.stopped_at",
        "charging_sessions.stop_reason",
        "charging_sessions.id_tag",
      ])
      .where("charge_points.identity", "=", identity)
      .orderBy("charging_sessions.id")
      .execute();
  const at = (minute: number) => new Date(Date.UTC(2026, 10, 25, 22, minute)).toISOString();

  it("refuses, before the socket opens, an unknown charger, a wrong password, no password and no OCPP subprotocol", async () => {
    const password = chargers.get("CP16-A")!;
    expect(
      await upgradeStatus(server.url, "/ocpp/NOBODY", {
        protocol: "ocpp1.6",
        authorization: basicAuth("NOBODY", password),
      }),
    ).toBe(401);
    expect(
      await upgradeStatus(server.url, "/ocpp/CP16-A", {
        protocol: "ocpp1.6",
        authorization: basicAuth("CP16-A", "wrong-password-123456"),
      }),
    ).toBe(401);
    expect(await upgradeStatus(server.url, "/ocpp/CP16-A", { protocol: "ocpp1.6" })).toBe(401);
    // Another charger's password does not open this one.
    expect(
      await upgradeStatus(server.url, "/ocpp/CP16-A", {
        protocol: "ocpp1.6",
        authorization: basicAuth("CP16-A", chargers.get("CP16-B")!),
      }),
    ).toBe(401);
    expect(
      await upgradeStatus(server.url, "/ocpp/CP16-A", {
        protocol: "ocpp1.5",
        authorization: basicAuth("CP16-A", password),
      }),
    ).toBe(400);
    expect(
      await upgradeStatus(server.url, "/elsewhere/CP16-A", {
        protocol: "ocpp1.6",
        authorization: basicAuth("CP16-A", password),
      }),
    ).toBe(404);
    expect(
      await upgradeStatus(server.url, "/ocpp/CP16-A", {
        protocol: "ocpp1.6",
        authorization: basicAuth("CP16-A", password),
      }),
    ).toBe(101);
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
  });

  it("OCPP 1.6J: boot, status, authorise, a transaction with meter values, each kept; a resent start gets the same transaction", async () => {
    const peer = await connect("CP16-A", "ocpp1.6");
    expect(
      await peer.call("BootNotification", {
        chargePointVendor: "Tests",
        chargePointModel: "Peer-16",
        firmwareVersion: "1.0",
      }),
    ).toMatchObject({ status: "Accepted" });
    expect(await peer.call("Heartbeat", {})).toHaveProperty("currentTime");
    await peer.call("StatusNotification", {
      connectorId: 1,
      errorCode: "NoError",
      status: "Preparing",
      timestamp: at(0),
    });
    expect(await peer.call("Authorize", { idTag: "VAN-07" })).toEqual({ idTagInfo: { status: "Accepted" } });
    const start = { connectorId: 1, idTag: "VAN-07", meterStart: 10_000, timestamp: at(1) };
    const { transactionId } = (await peer.call("StartTransaction", start)) as { transactionId: number };
    expect((await peer.call("StartTransaction", start)).transactionId).toBe(transactionId);
    await peer.call("MeterValues", {
      connectorId: 1,
      transactionId,
      meterValue: [
        {
          timestamp: at(11),
          sampledValue: [
            { value: "13.5", unit: "kWh" },
            { value: "7200", measurand: "Power.Active.Import", unit: "W" },
          ],
        },
      ],
    });
    expect(
      await peer.call("StopTransaction", {
        transactionId,
        meterStop: 17_000,
        timestamp: at(61),
        reason: "EVDisconnected",
      }),
    ).toEqual({ idTagInfo: { status: "Accepted" } });
    // A stop resent after its answer was lost changes nothing.
    await peer.call("StopTransaction", {
      transactionId,
      meterStop: 17_000,
      timestamp: at(61),
      reason: "EVDisconnected",
    });
    await peer.close();
    const kept = await sessions("CP16-A");
    expect(kept).toHaveLength(1);
    expect(kept[0]).toMatchObject({
      meter_start_wh: 10_000,
      meter_last_wh: 17_000,
      stop_reason: "EVDisconnected",
      id_tag: "VAN-07",
    });
    const point = await runtime.database.db
      .selectFrom("charge_points")
      .selectAll()
      .where("identity", "=", "CP16-A")
      .executeTakeFirstOrThrow();
    expect(point).toMatchObject({ protocol: "ocpp1.6", vendor: "Tests", model: "Peer-16", firmware: "1.0" });
  });

  it("prices the month's sessions in the depot's statement (CSV) for its haulier, and for no one else", async () => {
    const statement = (cookie: string, month = "2026-11") =>
      fetch(`${server.url}/electrify/operations/${depotId}/statement.csv?month=${month}`, { headers: { cookie } });
    const answer = await statement(await signIn(server, owner.email, "owner-password"));
    expect(answer.status).toBe(200);
    expect(answer.headers.get("content-disposition")).toContain(`box-charge-${depotId}-2026-11.csv`);
    const lines = (await answer.text()).split("\r\n");
    // 7 kWh on 25 Nov at the flat rate (no plan yet) of 24 p: 168 p (£1.68); 20 km at a van's 0.35 kWh/km, 8.4 p a km;
    // diesel 9 l/100 km at 120 p: 216 p; saved 48 p. Every amount in whole pence and in pounds.
    expect(lines).toContain("VAN-07,1,7,168,1.68,20,8.4,216,2.16,48,0.48");
    expect(lines.some((l) => l.startsWith("Plan for the month,no charging plan run"))).toBe(true);
    expect((await statement(await signIn(server, "stranger@fleet.example", "stranger-password"))).status).toBe(404);
    const bad = await statement(await signIn(server, owner.email, "owner-password"), "2026-13");
    expect([bad.status, await bad.text()]).toEqual([400, "Give the month as YYYY-MM"]);
  });

  it("OCPP 2.0.1: boot, status and a transaction told through TransactionEvent, kept", async () => {
    const peer = await connect("CS201-A", "ocpp2.0.1");
    expect(
      await peer.call("BootNotification", {
        reason: "PowerUp",
        chargingStation: { model: "Peer-201", vendorName: "Tests" },
      }),
    ).toMatchObject({ status: "Accepted", interval: 300 });
    await peer.call("StatusNotification", { timestamp: at(0), connectorStatus: "Occupied", evseId: 1, connectorId: 1 });
    const energy = (kwh: number) => [
      {
        timestamp: at(kwh),
        sampledValue: [{ value: kwh, measurand: "Energy.Active.Import.Register", unitOfMeasure: { unit: "kWh" } }],
      },
    ];
    const event = (eventType: string, seqNo: number, kwh: number, extra: Record<string, unknown> = {}) =>
      peer.call("TransactionEvent", {
        eventType,
        timestamp: at(kwh),
        triggerReason: eventType === "Ended" ? "EVCommunicationLost" : "CablePluggedIn",
        seqNo,
        transactionInfo: {
          transactionId: "tx-201-1",
          ...(eventType === "Ended" ? { stoppedReason: "EVDisconnected" } : {}),
        },
        evse: { id: 1, connectorId: 1 },
        meterValue: energy(kwh),
        ...extra,
      });
    expect(await event("Started", 0, 2, { idToken: { idToken: "CAR-12", type: "ISO14443" } })).toEqual({
      idTokenInfo: { status: "Accepted" },
    });
    await event("Updated", 1, 9);
    await event("Ended", 2, 20);
    await peer.close();
    expect(await sessions("CS201-A")).toEqual([
      expect.objectContaining({
        transaction_ref: "tx-201-1",
        meter_start_wh: 2000,
        meter_last_wh: 20_000,
        stop_reason: "EVDisconnected",
        id_tag: "CAR-12",
      }),
    ]);
  });

  for (const version of ["ocpp1.6", "ocpp2.0.1"] as const)
    it(`${version}: malformed, out-of-order and unknown messages get the protocol's errors and the connection goes on`, async () => {
      const identity = version === "ocpp1.6" ? "CP16-B" : "CS201-B";
      const peer = await connect(identity, version);
      // Not JSON; JSON that is no RPC message; an action the endpoint does not take; a call that breaks its schema.
      expect(await peer.sendRaw("{not json")).toEqual([
        4,
        "-1",
        "RpcFrameworkError",
        expect.any(String),
        expect.anything(),
      ]);
      expect(await peer.sendRaw(JSON.stringify({ hello: "world" }))).toEqual(expect.arrayContaining([4]));
      const unknown = await peer.sendRaw(JSON.stringify([2, "u1", "MakeCoffee", {}]));
      expect((unknown as unknown[]).slice(0, 3)).toEqual([4, "u1", "NotImplemented"]);
      const invalid = await peer.sendRaw(JSON.stringify([2, "v1", "Heartbeat", { extra: 1 }]));
      expect((invalid as unknown[])[0]).toBe(4);
      // A stop for a transaction never started (1.6), or events before any start (2.0.1), are taken without harm.
      if (version === "ocpp1.6")
        expect(await peer.call("StopTransaction", { transactionId: 987_654, meterStop: 5, timestamp: at(5) })).toEqual({
          idTagInfo: { status: "Accepted" },
        });
      else
        await peer.call("TransactionEvent", {
          eventType: "Ended",
          timestamp: at(5),
          triggerReason: "StopAuthorized",
          seqNo: 9,
          transactionInfo: { transactionId: "never-started" },
          evse: { id: 2 },
        });
      expect(await peer.call("Heartbeat", {})).toHaveProperty("currentTime");
      await peer.close();
      expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
    });

  for (const version of ["ocpp1.6", "ocpp2.0.1"] as const)
    it(`${version}: 200 random frames (any JSON, calls of every action with random payloads, cut-off text) never stop the server`, async () => {
      const identity = version === "ocpp1.6" ? "CP16-B" : "CS201-B";
      const actions = [
        "BootNotification",
        "Heartbeat",
        "StatusNotification",
        "Authorize",
        "StartTransaction",
        "StopTransaction",
        "MeterValues",
        "TransactionEvent",
        "DataTransfer",
        "NotifyEvent",
        "Unknown",
      ];
      const frame = fc.oneof(
        fc.json(),
        fc
          .tuple(fc.constant(2), fc.string({ maxLength: 40 }), fc.constantFrom(...actions), fc.jsonValue())
          .map((m) => JSON.stringify(m)),
        fc.tuple(fc.constantFrom(3, 4), fc.string({ maxLength: 40 }), fc.jsonValue()).map((m) => JSON.stringify(m)),
        fc.string({ maxLength: 200 }),
        fc
          .tuple(fc.constant(2), fc.uuid(), fc.constantFrom(...actions), fc.jsonValue())
          .map((m) => JSON.stringify(m).slice(0, -3)),
      );
      const seed = Number(process.env.FUZZ_SEED ?? Date.now() % 2 ** 31);
      console.log(`OCPP frame fuzzer (${version}): seed ${seed} (replay: FUZZ_SEED=${seed})`);
      const frames = fc.sample(frame, { numRuns: 200, seed });
      let peer = await connect(identity, version);
      for (const text of frames) {
        // Ten bad messages in a row close the socket by design: the charger reconnects, as a real one would.
        const answered = await Promise.race([
          peer.sendRaw(text).then(() => true),
          peer.closed.then(() => false),
          new Promise((r) => setTimeout(() => r(true), 100)),
        ]);
        if (!answered) peer = await connect(identity, version);
      }
      await peer.close();
      // A fresh connection works as before, and so does the rest of the server.
      const after = await connect(identity, version);
      expect(await after.call("Heartbeat", {})).toHaveProperty("currentTime");
      await after.close();
      expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
    });

  it("closes the socket of a charger that sends an oversized frame, and only that one", async () => {
    const big = await connect("CP16-B", "ocpp1.6");
    const calm = await connect("CALM-1", "ocpp2.0.1");
    void big
      .sendRaw(JSON.stringify([2, "big", "DataTransfer", { vendorId: "x", data: "x".repeat(200_000) }]))
      .catch(() => undefined);
    expect((await big.closed).code).toBe(1009);
    expect(await calm.call("Heartbeat", {})).toHaveProperty("currentTime");
    await calm.close();
  });

  it("answers a flooding charger with GenericError without holding up the others", async () => {
    const flood = await connect("FLOOD-1", "ocpp1.6");
    const calm = await connect("CALM-1", "ocpp2.0.1");
    const flooded = Array.from({ length: 400 }, () =>
      flood.call("Heartbeat", {}).then(
        () => "ok",
        (e: OcppCallError) => e.code,
      ),
    );
    const calmAnswers = await Promise.all(Array.from({ length: 5 }, () => calm.call("Heartbeat", {}).then(() => "ok")));
    const floodAnswers = await Promise.all(flooded);
    expect(calmAnswers).toEqual(["ok", "ok", "ok", "ok", "ok"]);
    expect(floodAnswers.filter((a) => a === "ok").length).toBeGreaterThanOrEqual(60);
    expect(floodAnswers).toContain("GenericError");
    await Promise.all([flood.close(), calm.close()]);
  });

  for (const version of ["ocpp1.6", "ocpp2.0.1"] as const)
    it(`${version}: a charger that drops mid-transaction and reconnects loses nothing the server acknowledged`, async () => {
      const identity = version === "ocpp1.6" ? "CP16-B" : "CS201-B";
      const before = (await sessions(identity)).length;
      let peer = await connect(identity, version);
      let transactionId: number | undefined;
      if (version === "ocpp1.6")
        ({ transactionId } = (await peer.call("StartTransaction", {
          connectorId: 2,
          idTag: "VAN-09",
          meterStart: 0,
          timestamp: at(30),
        })) as { transactionId: number });
      else
        await peer.call("TransactionEvent", {
          eventType: "Started",
          timestamp: at(30),
          triggerReason: "CablePluggedIn",
          seqNo: 0,
          transactionInfo: { transactionId: "tx-drop" },
          evse: { id: 2 },
        });
      await peer.close();
      peer = await connect(identity, version);
      if (version === "ocpp1.6")
        await peer.call("StopTransaction", { transactionId: transactionId!, meterStop: 4_400, timestamp: at(50) });
      else
        await peer.call("TransactionEvent", {
          eventType: "Ended",
          timestamp: at(50),
          triggerReason: "EVDeparted",
          seqNo: 1,
          transactionInfo: { transactionId: "tx-drop", stoppedReason: "EVDisconnected" },
          evse: { id: 2 },
          meterValue: [{ timestamp: at(50), sampledValue: [{ value: 4400 }] }],
        });
      await peer.close();
      const kept = await sessions(identity);
      expect(kept).toHaveLength(before + 1);
      expect(kept.at(-1)).toMatchObject({ meter_start_wh: 0, meter_last_wh: 4_400 });
      expect(kept.at(-1)!.stopped_at).not.toBeNull();
    });

  it("keeps a transaction across the server killed (SIGKILL) and started again: the charger finishes it on the new server", async () => {
    const other = await startAppServer({ DATA_DIR: database.dataDir }, { expectFaults: true });
    let peer = await connect("CP16-A", "ocpp1.6", other.url);
    const { transactionId } = (await peer.call("StartTransaction", {
      connectorId: 2,
      idTag: "VAN-11",
      meterStart: 50_000,
      timestamp: at(40),
    })) as { transactionId: number };
    await peer.call("MeterValues", {
      connectorId: 2,
      transactionId,
      meterValue: [{ timestamp: at(45), sampledValue: [{ value: "52000" }] }],
    });
    for (const pid of [...servingProcesses(other.process.pid!), other.process.pid!]) process.kill(pid, "SIGKILL");
    await peer.closed;
    const again = await startAppServer({ DATA_DIR: database.dataDir }, { expectFaults: true });
    try {
      peer = await connect("CP16-A", "ocpp1.6", again.url);
      await peer.call("StopTransaction", {
        transactionId,
        meterStop: 56_000,
        timestamp: at(59),
        reason: "EVDisconnected",
      });
      await peer.close();
    } finally {
      await again.stop();
    }
    expect((await sessions("CP16-A")).at(-1)).toMatchObject({
      meter_start_wh: 50_000,
      meter_last_wh: 56_000,
      stop_reason: "EVDisconnected",
    });
  });
});
