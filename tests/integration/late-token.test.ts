import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { registerChargePoint } from "~/features/chargers/index.server";
import { TARIFF_PRESETS } from "~/features/charging-engine";
import { createApiKey } from "~/features/fleet-api/index.server";
import { defaultPlanInput } from "~/features/planning";
import { createUser } from "~/features/users/index.server";
import { addVehicleTag } from "~/features/vehicles/index.server";
import type { Runtime } from "~/lib/runtime.server";

import { startAppServer, type AppServer } from "../support/app-server";
import { insertDepot, insertDepotPlanInputs } from "../support/depots";
import { connectOcppPeer, profileLimitAtW, type OcppPeer } from "../support/ocpp-peer";
import { createTestDatabase } from "../support/test-database";
import { openTestRuntime } from "../support/test-runtime";
import { viewerOf } from "../support/viewers";

const HOUR = 3_600_000;

/**
 * Issue 57, item 4: a 2.0.1 station that starts its transaction at plug-in (TxStartPoint EVConnected) sends the
 * driver's idToken only later, in an Updated event triggered by Authorized. The session takes the token then, the
 * controller plans at once for the vehicle it names (its told need, not an unknown vehicle's even share), and the
 * readiness board puts that vehicle on its charger. The station is an independent peer (typed-ocpp and Node's own
 * WebSocket, not the server's ocpp-rpc).
 */
describe("a 2.0.1 token that comes after the transaction starts", () => {
  let runtime: Runtime;
  let server: AppServer;
  let station: OcppPeer;
  let depotId = 0;
  let key = "";

  beforeAll(async () => {
    const database = await createTestDatabase("sqlite");
    runtime = await openTestRuntime(database);
    const owner = await viewerOf(
      runtime,
      await createUser(runtime, { email: "late@fleet.example", password: "owner-password" }),
    );
    depotId = await insertDepot(runtime, { user_id: owner.id, depot_name: "Late Token Yard" });
    const inputs = defaultPlanInput({ vehicles: 1, chargers: [{ name: "AC 22", powerKw: 22, count: 1 }] });
    inputs.site = { ...inputs.site, connectionKva: 30, powerFactor: 1, buildingKw: 0 };
    inputs.tariff = TARIFF_PRESETS.flat;
    inputs.vehicles[0]!.week = [null, null, null, null, null, null, null];
    await insertDepotPlanInputs(runtime, depotId, inputs);
    const { password } = await registerChargePoint(runtime, owner, depotId, {
      identity: "LT-201",
      name: "Bay 201",
      connectors: 1,
      maxKw: 22,
      currentType: "AC",
    });
    await addVehicleTag(runtime, owner, depotId, { tag: "VAN-LATE", vehicle: "LT12 ABC", groupId: "g1" });
    key = (await createApiKey(runtime, owner, { name: "Telematics" })).key;
    server = await startAppServer({ DATA_DIR: database.dataDir });
    station = await connectOcppPeer(server.url, "LT-201", password, "ocpp2.0.1");
    station.onCall("SetChargingProfile", () => ({ status: "Accepted" }));
    await station.call("BootNotification", {
      reason: "PowerUp",
      chargingStation: { model: "Peer-201", vendorName: "Tests" },
    });
  });
  afterAll(async () => {
    await station?.close();
    await server?.stop();
    await runtime?.database.destroy();
  });

  const txProfiles = () =>
    station.received.filter(
      (c) =>
        c.action === "SetChargingProfile" &&
        (c.payload as { chargingProfile: { chargingProfilePurpose: string } }).chargingProfile
          .chargingProfilePurpose === "TxProfile",
    );
  const waitFor = async (check: () => boolean | Promise<boolean>) => {
    for (let i = 0; i < 100 && !(await check()); i++) await new Promise((r) => setTimeout(r, 100));
    expect(await check()).toBe(true);
  };
  const api = (path: string, init: RequestInit = {}) =>
    fetch(`${server.url}/api/v1/depots/${depotId}/${path}`, {
      ...init,
      headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
    });
  const board = async () =>
    (await (await api("readiness")).json()).vehicles as { vehicle: string; charger: string | null }[];
  const event = (eventType: "Started" | "Updated", seqNo: number, extra: Record<string, unknown>) =>
    station.call("TransactionEvent", {
      eventType,
      timestamp: new Date().toISOString(),
      seqNo,
      transactionInfo: { transactionId: "late-tx-1", chargingState: "EVConnected" },
      evse: { id: 1, connectorId: 1 },
      ...extra,
    });

  it("takes the token from the Updated event, plans for its vehicle at once and puts it on the board", async () => {
    // The van leaves in ten hours, 7.5 kWh short of its target: an hour at most of its 22 kW charger, at a flat price.
    const told = await api("vehicles/VAN-LATE", {
      method: "PUT",
      body: JSON.stringify({
        socPct: 80,
        socReadAt: new Date().toISOString(),
        departsAt: new Date(Date.now() + 10 * HOUR).toISOString(),
        targetSocPct: 90,
      }),
    });
    expect(told.status).toBe(200);
    expect((await board()).find((r) => r.vehicle === "LT12 ABC")?.charger).toBeNull();

    // Plugged in: the transaction starts with no token; the vehicle is unknown, so it is given the room all along.
    expect(await event("Started", 0, { triggerReason: "CablePluggedIn" })).toEqual({});
    await waitFor(() => txProfiles().length >= 1);
    const unknown = txProfiles().at(-1)!.payload;
    expect(profileLimitAtW(unknown, Date.now() + 5 * HOUR)).toBe(22_000);
    expect((await board()).find((r) => r.vehicle === "LT12 ABC")?.charger).toBeNull();

    // The driver's card: the session is the van's from now on. It is planned for what it needs (at one price, its
    // 7.5 kWh spread over the ten hours it stays: 750 W, then nothing once it has left), and the board shows it.
    const sent = txProfiles().length;
    expect(
      await event("Updated", 1, { triggerReason: "Authorized", idToken: { idToken: "VAN-LATE", type: "ISO14443" } }),
    ).toEqual({ idTokenInfo: { status: "Accepted" } });
    await waitFor(() => txProfiles().length > sent);
    const known = txProfiles().at(-1)!.payload;
    expect(profileLimitAtW(known, Date.now() + 60_000)).toBe(750);
    expect(profileLimitAtW(known, Date.now() + 5 * HOUR)).toBe(750);
    expect(profileLimitAtW(known, Date.now() + 11 * HOUR)).toBe(0);
    await waitFor(async () => (await board()).find((r) => r.vehicle === "LT12 ABC")?.charger === "Bay 201 · 1");

    // A token told again (or another one) does not replace the first.
    await event("Updated", 2, { triggerReason: "Authorized", idToken: { idToken: "SOMEONE-ELSE", type: "ISO14443" } });
    const row = await runtime.database.db
      .selectFrom("charging_sessions")
      .select("id_tag")
      .where("transaction_ref", "=", "late-tx-1")
      .executeTakeFirstOrThrow();
    expect(row.id_tag).toBe("VAN-LATE");
  });
});
