import { DateTime } from "luxon";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { registerChargePoint } from "~/features/chargers/index.server";
import { bookingSchema, contractRequestSchema, hhmm } from "~/features/hubs";
import { bookVisit, decideContract, requestContract } from "~/features/hubs/index.server";
import { createUser } from "~/features/users/index.server";
import type { SessionUser } from "~/lib/auth/session.server";
import type { Runtime } from "~/lib/runtime.server";

import { signIn, startAppServer, type AppServer } from "../support/app-server";
import { ownVehicle, seedAdminHub } from "../support/hub-fixture";
import { connectOcppPeer, OcppCallError, type OcppPeer, type OcppVersion } from "../support/ocpp-peer";
import { createTestDatabase } from "../support/test-database";
import { openTestRuntime } from "../support/test-runtime";
import { viewerOf } from "../support/viewers";

/**
 * Issue 59, item 2: a booked hub visit reserves a connector for its window. The hub's chargers are independent peers
 * (typed-ocpp and Node's WebSocket, not the server's ocpp-rpc): a 1.6J charger whose one connector is taken (it
 * answers Occupied), a 2.0.1 station that takes reservations on its two EVSEs, and a 1.6J charger without the
 * Reservation profile, which is never sent one and says so.
 */
describe("reservations for booked visits", () => {
  let runtime: Runtime;
  let server: AppServer;
  let haulier: SessionUser;
  let hubId = 0;
  let depotId = 0;
  const bookings: number[] = [];
  const peers = new Map<string, OcppPeer>();

  beforeAll(async () => {
    const database = await createTestDatabase("sqlite");
    runtime = await openTestRuntime(database);
    let admin: SessionUser;
    ({ admin, hubId, depotId } = await seedAdminHub(runtime, { email: "ops@hub.example", name: "Reserve Hub" }));
    haulier = await viewerOf(
      runtime,
      await createUser(runtime, { email: "fleet@haulier.example", password: "haulier-password-1" }),
    );
    for (const tag of ["RES-1", "RES-2"]) await ownVehicle(runtime, haulier, tag, `Van ${tag}`);
    // Arriving between about now and an hour from now, leaving three hours later: due for a reservation at once.
    const arrive = DateTime.now().setZone("Europe/London").plus({ minutes: 60 });
    const by = arrive.plus({ minutes: 15 - (arrive.minute % 15) }).startOf("minute");
    const minutes = by.hour * 60 + by.minute;
    const contractId = await requestContract(
      runtime,
      haulier,
      hubId,
      contractRequestSchema.parse({
        vehicleType: "default:van",
        vehicles: 2,
        days: [0, 1, 2, 3, 4, 5, 6],
        energyKwh: 20,
        arriveFrom: hhmm((minutes + 1380) % 1440),
        arriveTo: hhmm(minutes),
        departFrom: hhmm((minutes + 180) % 1440),
        departTo: hhmm((minutes + 240) % 1440),
      }),
    );
    await decideContract(runtime, admin, contractId, true, null);
    for (const tag of ["RES-1", "RES-2"])
      bookings.push(
        await bookVisit(
          runtime,
          haulier,
          hubId,
          bookingSchema.parse({ contractId, visitDate: by.toISODate(), vehicle: `Van ${tag}`, tag }),
        ),
      );
    const passwords = new Map<string, string>();
    for (const [identity, connectors] of [
      ["RS-16", 1],
      ["RS-201", 2],
      ["NR-16", 1],
    ] as const)
      passwords.set(
        identity,
        (
          await registerChargePoint(runtime, admin, depotId, {
            identity,
            name: identity,
            connectors,
            maxKw: 22,
            currentType: "AC",
          })
        ).password,
      );
    server = await startAppServer({ DATA_DIR: database.dataDir });
    const connect = async (identity: string, version: OcppVersion, profiles: string) => {
      const peer = await connectOcppPeer(server.url, identity, passwords.get(identity)!, version);
      peer.onCall("SetChargingProfile", () => ({ status: "Accepted" }));
      peer.onCall("GetConfiguration", () => ({
        configurationKey: [{ key: "SupportedFeatureProfiles", readonly: true, value: profiles }],
      }));
      peer.onCall("GetVariables", (payload) => ({
        getVariableResult: (payload.getVariableData as { component: { name: string }; variable: object }[]).map((d) =>
          d.component.name === "ReservationCtrlr"
            ? { attributeStatus: "Accepted", component: d.component, variable: d.variable, attributeValue: "true" }
            : { attributeStatus: "UnknownComponent", component: d.component, variable: d.variable },
        ),
      }));
      peer.onCall("CancelReservation", () => ({ status: "Accepted" }));
      peers.set(identity, peer);
      return peer;
    };
    const full = await connect("RS-16", "ocpp1.6", "Core,SmartCharging,Reservation");
    full.onCall("ReserveNow", () => ({ status: "Occupied" }));
    const station = await connect("RS-201", "ocpp2.0.1", "");
    station.onCall("ReserveNow", () => ({ status: "Accepted" }));
    const old = await connect("NR-16", "ocpp1.6", "Core,SmartCharging");
    old.onCall("ReserveNow", () => {
      throw new OcppCallError("NotSupported", "no reservations here");
    });
    await full.call("BootNotification", { chargePointVendor: "Tests", chargePointModel: "Full" });
    await old.call("BootNotification", { chargePointVendor: "Tests", chargePointModel: "Old" });
    await station.call("BootNotification", {
      reason: "PowerUp",
      chargingStation: { model: "Station", vendorName: "Tests" },
    });
  });
  afterAll(async () => {
    for (const peer of peers.values()) await peer.close();
    await server?.stop();
    await runtime?.database.destroy();
  });

  const waitFor = async (check: () => boolean | Promise<boolean>) => {
    for (let i = 0; i < 100 && !(await check()); i++) await new Promise((r) => setTimeout(r, 50));
    expect(await check()).toBe(true);
  };
  const calls = (identity: string, action: string) =>
    peers
      .get(identity)!
      .received.filter((c) => c.action === action)
      .map((c) => c.payload);
  const reservations = () => runtime.database.db.selectFrom("charger_reservations").selectAll().orderBy("id").execute();

  it("reserves a free connector for each booked vehicle, passing over one that is taken and a charger without reservations", async () => {
    await waitFor(() => calls("RS-201", "ReserveNow").length === 2);
    const sent = calls("RS-201", "ReserveNow");
    expect(sent.map((s) => (s.idToken as { idToken: string }).idToken).sort()).toEqual(["RES-1", "RES-2"]);
    expect(sent.map((s) => s.evseId).sort()).toEqual([1, 2]);
    // Held until the visit's grace ends (its arrival window and 30 minutes), when a no-show's lapses by itself.
    const visits = await runtime.database.db
      .selectFrom("expected_visits")
      .select(["tag", "holds_until"])
      .where("depot_id", "=", depotId)
      .execute();
    for (const s of sent) {
      const visit = visits.find((v) => v.tag === (s.idToken as { idToken: string }).idToken)!;
      expect(Date.parse(s.expiryDateTime as string)).toBe(Date.parse(String(visit.holds_until)));
    }
    // The 1.6 charger's connector was asked first or not at all, and said Occupied; the other never asked.
    expect(calls("RS-16", "ReserveNow").every((s) => s.connectorId === 1 && typeof s.reservationId === "number")).toBe(
      true,
    );
    expect(calls("NR-16", "ReserveNow")).toEqual([]);
    await waitFor(async () => (await reservations()).filter((r) => r.status === "reserved").length === 2);
    // The operator's page says which connector is held for whom, and which charger takes none.
    const cookie = await signIn(server, "ops@hub.example", "admin-password-1");
    const html = await (await fetch(`${server.url}/electrify/operations/${depotId}`, { headers: { cookie } })).text();
    const page = html.replaceAll("<!-- -->", "");
    expect(page).toMatch(/Connector [12] reserved for Van RES-1 until \d\d:\d\d/);
    expect(page).toContain(
      "Takes no reservations (its SupportedFeatureProfiles: Core,SmartCharging): a booked visit keeps its room in the plan, not a connector.",
    );
  });

  it("cancels the reservation when the booking is cancelled, and marks one used when its vehicle starts on it", async () => {
    const held = (await reservations()).filter((r) => r.status === "reserved");
    const first = held.find((r) => r.tag === "RES-1")!;
    const second = held.find((r) => r.tag === "RES-2")!;
    const cookie = await signIn(server, "fleet@haulier.example", "haulier-password-1");
    const cancelled = await fetch(`${server.url}/electrify/hubs/${hubId}`, {
      method: "POST",
      redirect: "manual",
      headers: { origin: server.url, cookie, "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ intent: "cancel-booking", bookingId: String(bookings[0]) }),
    });
    expect(cancelled.status).toBeLessThan(400);
    await waitFor(() => calls("RS-201", "CancelReservation").some((c) => c.reservationId === first.id));
    await waitFor(async () => (await reservations()).find((r) => r.id === first.id)!.status === "cancelled");
    // The second van arrives and starts on its reserved EVSE: the reservation was used.
    await peers.get("RS-201")!.call("TransactionEvent", {
      eventType: "Started",
      timestamp: new Date().toISOString(),
      triggerReason: "Authorized",
      seqNo: 0,
      transactionInfo: { transactionId: "res-tx" },
      evse: { id: second.connector_id, connectorId: 1 },
      idToken: { idToken: "RES-2", type: "ISO14443" },
      reservationId: second.id,
    });
    expect((await reservations()).find((r) => r.id === second.id)).toMatchObject({
      status: "used",
      detail: "Its vehicle started charging",
    });
    // Nothing else was sent again for either.
    expect(calls("RS-201", "ReserveNow")).toHaveLength(2);
  });

  it("takes a station's word that a reservation lapsed, and ignores one for a reservation it never had", async () => {
    const station = peers.get("RS-201")!;
    const [row] = await runtime.database.db
      .insertInto("charger_reservations")
      .values({
        charge_point_id: (await reservations()).find((r) => r.tag === "RES-2")!.charge_point_id,
        connector_id: 2,
        visit_id: 0,
        tag: "GHOST",
        vehicle: "Ghost",
        expires_at: new Date(Date.now() + 3_600_000).toISOString(),
        status: "reserved",
        detail: null,
        created_at: new Date().toISOString(),
        updated_at: new Date().toISOString(),
      })
      .returning("id")
      .execute();
    await station.call("ReservationStatusUpdate", { reservationId: row!.id, reservationUpdateStatus: "Expired" });
    await station.call("ReservationStatusUpdate", { reservationId: 987_654, reservationUpdateStatus: "Removed" });
    expect((await reservations()).find((r) => r.id === row!.id)).toMatchObject({ status: "expired" });
  });
});
