import { DateTime } from "luxon";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { registerChargePoint } from "~/features/chargers/index.server";
import { bookingSchema, contractRequestSchema, hhmm } from "~/features/hubs";
import {
  bookVisit,
  cancelBooking,
  companyHubVehicles,
  decideContract,
  disputeLine,
  hubDisputes,
  hubStatement,
  hubVehiclesNow,
  requestContract,
  requireHub,
  resolveDispute,
} from "~/features/hubs/index.server";
import { createUser } from "~/features/users/index.server";
import { addVehicleTag } from "~/features/vehicles/index.server";
import type { SessionUser } from "~/lib/auth/session.server";
import type { Runtime } from "~/lib/runtime.server";
import { parseMonth } from "~/lib/uk-clock";

import { signIn, startAppServer, type AppServer } from "../support/app-server";
import { insertDepot } from "../support/depots";
import { ownVehicle, seedAdminHub } from "../support/hub-fixture";
import { connectOcppPeer, profileLimitAtW, type OcppPeer } from "../support/ocpp-peer";
import { createTestDatabase } from "../support/test-database";
import { openTestRuntime } from "../support/test-runtime";
import { viewerOf } from "../support/viewers";

/**
 * A hub's chargers run to its bookings (issue 50, item 3), against independent OCPP peers: under a 30 kW limit, a
 * vehicle that starts with a booked tag is given its contract's energy first, a walk-in nobody booked what is left;
 * the booking cancelled, the two share evenly. Rules a booking keeps, and a
 * tag of another fleet refused.
 */
describe("a hub's chargers and its bookings", () => {
  let runtime: Runtime;
  let server: AppServer;
  let haulier: SessionUser;
  let rival: SessionUser;
  let contractId = 0;
  let hubId = 0;
  let admin: SessionUser;
  let outsider: SessionUser;
  let visitDate = "";
  const peers: OcppPeer[] = [];

  beforeAll(async () => {
    const database = await createTestDatabase("sqlite");
    runtime = await openTestRuntime(database);
    let depotId: number;
    ({ admin, hubId, depotId } = await seedAdminHub(runtime, {
      email: "ops@consultancy.example",
      name: "Yard Hub",
      connectionKva: 30,
    }));
    haulier = await viewerOf(
      runtime,
      await createUser(runtime, { email: "fleet@haulier.example", password: "haulier-password-1" }),
    );
    rival = await viewerOf(
      runtime,
      await createUser(runtime, { email: "fleet@rival.example", password: "rival-password-1" }),
    );
    outsider = await viewerOf(
      runtime,
      await createUser(runtime, { email: "nobody@elsewhere.example", password: "outsider-password-1" }),
    );
    // A booking names one of the company's own vehicles (issue 58).
    for (const tag of ["BOOKED-1", "BOOKED-2", "SECOND-1"]) await ownVehicle(runtime, haulier, tag, "AB12 CDE");
    await ownVehicle(runtime, rival, "RIVAL-1", "RV1");
    // Every day, arriving by the next quarter hour after an hour from now, leaving three hours later: today's visit.
    const arrive = DateTime.now().setZone("Europe/London").plus({ minutes: 60 });
    const arriveBy = arrive.plus({ minutes: 15 - (arrive.minute % 15) }).startOf("minute");
    visitDate = arriveBy.toISODate()!;
    const by = arriveBy.hour * 60 + arriveBy.minute;
    const window = {
      arriveFrom: hhmm((by + 1380) % 1440),
      arriveTo: hhmm(by),
      departFrom: hhmm((by + 180) % 1440),
      departTo: hhmm((by + 240) % 1440),
    };
    const request = contractRequestSchema.parse({
      vehicleType: "default:van",
      vehicles: 1,
      days: [0, 1, 2, 3, 4, 5, 6],
      energyKwh: 20,
      ...window,
    });
    contractId = await requestContract(runtime, haulier, hubId, request);
    await decideContract(runtime, admin, contractId, true, null);
    const rivalContract = await requestContract(runtime, rival, hubId, request);
    await decideContract(runtime, admin, rivalContract, true, null);
    await bookVisit(
      runtime,
      rival,
      hubId,
      bookingSchema.parse({ contractId: rivalContract, visitDate, vehicle: "RV1", tag: "RIVAL-1" }),
    );
    server = await startAppServer({ DATA_DIR: database.dataDir });
    for (const identity of ["HC-1", "HC-2"]) {
      const { password } = await registerChargePoint(runtime, admin, depotId, {
        identity,
        name: identity,
        connectors: 1,
        maxKw: 22,
        currentType: "AC",
      });
      const peer = await connectOcppPeer(server.url, identity, password, "ocpp1.6");
      peer.onCall("SetChargingProfile", () => ({ status: "Accepted" }));
      await peer.call("BootNotification", { chargePointVendor: "Tests", chargePointModel: "HC" });
      peers.push(peer);
    }
  });
  afterAll(async () => {
    await Promise.all(peers.map((p) => p.close()));
    await server?.stop();
    await runtime?.database.destroy();
  });

  const limitNowW = (peer: OcppPeer) => {
    const last = peer.received.filter((c) => c.action === "SetChargingProfile").at(-1);
    return last ? (profileLimitAtW(last.payload, Date.now()) ?? 0) : -1;
  };
  /** The energy the last profile sent to a peer gives from its start (kWh): each period's limit over its length. */
  const scheduledKwh = (peer: OcppPeer) => {
    const last = peer.received.filter((c) => c.action === "SetChargingProfile").at(-1)!.payload as {
      csChargingProfiles: { chargingSchedule: { chargingSchedulePeriod: { startPeriod: number; limit: number }[] } };
    };
    const periods = last.csChargingProfiles.chargingSchedule.chargingSchedulePeriod;
    return periods.reduce(
      (kwh, p, i) =>
        kwh + (i + 1 < periods.length ? (p.limit * (periods[i + 1]!.startPeriod - p.startPeriod)) / 3_600_000 : 0),
      0,
    );
  };
  const waitFor = async (check: () => boolean) => {
    for (let i = 0; i < 100 && !check(); i++) await new Promise((r) => setTimeout(r, 100));
    expect(check()).toBe(true);
  };
  const field = async (promise: Promise<unknown>) =>
    ((await promise.catch((e: unknown) => e)) as { fieldErrors?: Record<string, string> }).fieldErrors ?? {};

  it("keeps a booking's rules: a day the contract covers, no more vehicles than contracted, and a tag of its own", async () => {
    const book = (fields: Record<string, unknown>) =>
      bookVisit(
        runtime,
        haulier,
        hubId,
        bookingSchema.parse({ contractId, visitDate, vehicle: "AB12 CDE", tag: "BOOKED-1", ...fields }),
      );
    expect(await field(book({ tag: "rival-1" }))).toHaveProperty(
      "tag",
      "Book with one of your own vehicles' tags: add the vehicle and its tag on Operations first.",
    );
    expect(await field(book({ visitDate: "2020-01-06" }))).toHaveProperty(
      "visitDate",
      "That day's arrival window has passed.",
    );
    const id = await book({});
    expect(await field(book({ vehicle: "XY34 FGH", tag: "SECOND-1" }))).toHaveProperty(
      "visitDate",
      "The contract's vehicle is already booked for that day.",
    );
    // Another fleet cannot cancel it.
    await expect(cancelBooking(runtime, rival, hubId, id)).rejects.toMatchObject({ status: 404 });
    const visits = await runtime.database.db
      .selectFrom("expected_visits")
      .selectAll()
      .where("tag", "=", "BOOKED-1")
      .execute();
    expect(visits.map((v) => [v.needed_kwh, v.cancelled_at])).toEqual([[20, null]]);
  });

  it("charges the booked vehicle its contract's energy first and a walk-in with what is left; cancelled, they share evenly", async () => {
    const [booked, walkIn] = peers as [OcppPeer, OcppPeer];
    const start = (peer: OcppPeer, idTag: string) =>
      peer.call("StartTransaction", { connectorId: 1, idTag, meterStart: 0, timestamp: new Date().toISOString() });
    await start(booked, "booked-1");
    await start(walkIn, "WALKIN-1");
    // The booked vehicle is given its 20 kWh before the room is wanted (here: before the rival's booked van arrives,
    // in about an hour), the walk-in what is left of the 30 kW; with nothing booked they would have 15 kW each.
    await waitFor(() => limitNowW(booked) > 15_000 && Math.abs(limitNowW(booked) + limitNowW(walkIn) - 30_000) <= 2);
    expect(scheduledKwh(booked)).toBeCloseTo(20, 2);
    // The haulier watches its van charge; the rival sees its own visit expected and nothing of anyone else's, not even
    // the bays taken (the operator's yard, its own fleet included: issue 58); the operator sees every visit and bays.
    const mine = await hubVehiclesNow(runtime, haulier, await requireHub(runtime, haulier, hubId));
    expect(mine.vehicles.map((v) => [v.vehicle, v.state])).toEqual([["AB12 CDE", "charging"]]);
    const theirs = await hubVehiclesNow(runtime, rival, await requireHub(runtime, rival, hubId));
    expect(theirs.vehicles.map((v) => [v.vehicle, v.state])).toEqual([["RV1", "expected"]]);
    expect([theirs.baysTaken, theirs.bays]).toEqual([null, 2]);
    const operators = await hubVehiclesNow(runtime, admin, await requireHub(runtime, admin, hubId));
    expect(operators.vehicles.map((v) => v.vehicle).sort()).toEqual(["AB12 CDE", "RV1"]);
    expect(operators.baysTaken).toBe(2);
    // Beside its depots, on its operations page: the haulier's van at the hub; the rival's board has only its own.
    expect((await companyHubVehicles(runtime, haulier)).map((h) => [h.name, h.vehicles.map((v) => v.vehicle)])).toEqual(
      [["Yard Hub", ["AB12 CDE"]]],
    );
    expect((await companyHubVehicles(runtime, rival)).flatMap((h) => h.vehicles.map((v) => v.vehicle))).toEqual([
      "RV1",
    ]);
    const cookie = await signIn(server, "fleet@haulier.example", "haulier-password-1");
    const operations = await (await fetch(`${server.url}/electrify/operations`, { headers: { cookie } })).text();
    expect(operations.replaceAll("<!-- -->", "")).toContain("Your vehicles at hubs today");
    expect(operations).toContain("AB12 CDE");
    // And on the readiness board of the depot whose vehicle it is (its tag on that depot's list), not on another's.
    const home = await insertDepot(runtime, { user_id: haulier.id, depot_name: "Home Yard" });
    const elsewhere = await insertDepot(runtime, { user_id: haulier.id, depot_name: "Other Yard" });
    await addVehicleTag(runtime, haulier, home, { tag: "BOOKED-1", vehicle: "AB12 CDE" });
    const board = async (depotId: number) =>
      (await (await fetch(`${server.url}/electrify/operations/${depotId}`, { headers: { cookie } })).text()).replaceAll(
        "<!-- -->",
        "",
      );
    expect(await board(home)).toContain("Its vehicles at hubs today");
    expect(await board(elsewhere)).not.toContain("Its vehicles at hubs today");
    // The hub's page follows its chargers: a "change" when one reports, nothing of what changed (any fleet that may
    // open the hub's page may follow it: it shows bays taken). A hub that does not exist has none.
    const nowhere = await fetch(`${server.url}/electrify/hubs/${hubId + 1}/events`, { headers: { cookie } });
    expect(nowhere.status).toBe(404);
    const stream = new AbortController();
    const events = await fetch(`${server.url}/electrify/hubs/${hubId}/events`, {
      headers: { cookie },
      signal: stream.signal,
    });
    expect([events.status, events.headers.get("content-type")]).toEqual([
      200,
      expect.stringContaining("text/event-stream"),
    ]);
    let said = "";
    const reader = events.body!.getReader();
    void (async () => {
      for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read())
        said += new TextDecoder().decode(chunk.value);
    })().catch(() => undefined);
    const id = (
      await runtime.database.db
        .selectFrom("hub_bookings")
        .select("id")
        .where("tag", "=", "BOOKED-1")
        .executeTakeFirstOrThrow()
    ).id;
    await cancelBooking(runtime, haulier, hubId, id);
    // Decided again (here by a meter reading: this test's process is not the server's, where a booking's change is
    // decided on at once), it is a walk-in too.
    await booked.call("MeterValues", {
      connectorId: 1,
      transactionId: 1,
      meterValue: [
        { timestamp: new Date().toISOString(), sampledValue: [{ value: "10", measurand: "SoC", unit: "Percent" }] },
      ],
    });
    await waitFor(() => limitNowW(booked) === 15_000 && limitNowW(walkIn) === 15_000);
    await waitFor(() => /event: change\ndata: \d+\n\n/.test(said));
    stream.abort();
    for (const [i, peer] of peers.entries())
      await peer.call("StopTransaction", {
        transactionId: i + 1,
        meterStop: 5_000,
        timestamp: new Date().toISOString(),
      });
  });

  it("bills the month from the meters: each booked session's watt-hours at the contract's price, and nobody else's", async () => {
    await bookVisit(
      runtime,
      haulier,
      hubId,
      bookingSchema.parse({ contractId, visitDate, vehicle: "AB12 CDE", tag: "BOOKED-2" }),
    );
    const [peer] = peers as [OcppPeer];
    const tx = (await peer.call("StartTransaction", {
      connectorId: 1,
      idTag: "BOOKED-2",
      meterStart: 1_000,
      timestamp: new Date().toISOString(),
    })) as { transactionId: number };
    await peer.call("StopTransaction", {
      transactionId: tx.transactionId,
      meterStop: 13_345,
      timestamp: new Date().toISOString(),
    });
    const month = parseMonth(visitDate.slice(0, 7));
    const mine = await hubStatement(runtime, haulier, hubId, month, null);
    // 12,345 Wh at 40p a kWh: 493.8p, one line rounded once; the walk-in's and the cancelled booking's sessions are not on it.
    expect(mine.lines).toEqual([
      { date: visitDate, vehicle: "AB12 CDE", what: "Energy", quantity: "12.345 kWh", pence: 494 },
    ]);
    expect([mine.wh, mine.pence, mine.number]).toEqual([
      12_345,
      494,
      `HUB${hubId}-${haulier.company!.id}-${visitDate.slice(0, 7)}`,
    ]);
    // The rival's statement has nothing of it; another company's answers as if there were none; the operator any.
    expect((await hubStatement(runtime, rival, hubId, month, null)).wh).toBe(0);
    await expect(hubStatement(runtime, rival, hubId, month, haulier.company!.id)).rejects.toMatchObject({
      status: 404,
    });
    expect((await hubStatement(runtime, admin, hubId, month, haulier.company!.id)).pence).toBe(494);
    const cookie = await signIn(server, "fleet@haulier.example", "haulier-password-1");
    const csv = await fetch(`${server.url}/electrify/hubs/${hubId}/statement.csv?month=${visitDate.slice(0, 7)}`, {
      headers: { cookie },
    });
    expect(await csv.text()).toContain("Total,,,12.345 kWh,494,4.94");
    const pdf = await fetch(`${server.url}/electrify/hubs/${hubId}/statement.pdf?month=${visitDate.slice(0, 7)}`, {
      headers: { cookie },
    });
    expect([pdf.status, pdf.headers.get("content-type")]).toEqual([200, "application/pdf"]);
    // A fleet with no contract here has no statement to see; nor is there one at a hub that does not exist.
    await expect(hubStatement(runtime, outsider, hubId, month, null)).rejects.toMatchObject({ status: 404 });
    const nowhere = await fetch(`${server.url}/electrify/hubs/${hubId + 1}/statement.csv`, { headers: { cookie } });
    expect(nowhere.status).toBe(404);
  });

  it("lets the haulier dispute a line of an open month, the operator answer it, and nobody else see it", async () => {
    const key = visitDate.slice(0, 7);
    const id = await disputeLine(runtime, haulier, hubId, { month: key, line: 0, reason: "The van only took 10 kWh." });
    await expect(
      disputeLine(runtime, haulier, hubId, { month: key, line: 0, reason: "Again, please." }),
    ).rejects.toMatchObject({ status: 409 });
    await expect(
      disputeLine(runtime, haulier, hubId, { month: key, line: 5, reason: "No such line." }),
    ).rejects.toMatchObject({ fieldErrors: { line: "Choose a line of the statement." } });
    // The month after next, it is closed; the operator does not dispute its own customers' lines.
    const later = DateTime.fromISO(`${key}-01`, { zone: "Europe/London" }).plus({ months: 2, days: 1 }).toMillis();
    await expect(
      disputeLine(runtime, haulier, hubId, { month: key, line: 0, reason: "Too late now." }, later),
    ).rejects.toThrow(/is closed: its statement can no longer be disputed/);
    await expect(
      disputeLine(runtime, admin, hubId, { month: key, line: 0, reason: "Not mine to dispute." }),
    ).rejects.toMatchObject({ status: 403 });
    await expect(
      resolveDispute(runtime, haulier, hubId, { disputeId: id, resolution: "I say so." }, true),
    ).rejects.toMatchObject({ status: 403 });
    await resolveDispute(
      runtime,
      admin,
      hubId,
      { disputeId: id, resolution: "Meter checked: 12.345 kWh is right." },
      false,
    );
    await expect(
      resolveDispute(runtime, admin, hubId, { disputeId: id, resolution: "Twice." }, true),
    ).rejects.toMatchObject({ status: 409 });
    const hub = await requireHub(runtime, haulier, hubId);
    expect((await hubDisputes(runtime, haulier, hub)).map((d) => [d.status, d.resolution, d.line])).toEqual([
      ["rejected", "Meter checked: 12.345 kWh is right.", `${visitDate} · AB12 CDE · Energy · 12.345 kWh · £4.94`],
    ]);
    expect(await hubDisputes(runtime, rival, await requireHub(runtime, rival, hubId))).toEqual([]);
  });

  it("lists a visit due by 00:30 at 23:45 the night before, and not yet at noon", async () => {
    // A visit arriving by 00:30 belongs to that day, its window opening the evening before. Written as a booking would
    // write it (the hub's room for such a window depends on the hour this test runs, the other contracts being now).
    const date = DateTime.now().setZone("Europe/London").plus({ days: 2 }).startOf("day");
    const iso = (t: DateTime) => t.toUTC().toISO()!;
    const contract = await runtime.database.db
      .selectFrom("hub_contracts")
      .select("company_id")
      .where("id", "=", contractId)
      .executeTakeFirstOrThrow();
    await runtime.database.db
      .insertInto("hub_bookings")
      .values({
        contract_id: contractId,
        hub_id: hubId,
        company_id: contract.company_id,
        visit_date: date.toISODate()!,
        vehicle: "NT1 GHT",
        tag: "NIGHT-1",
        status: "booked",
        expected_visit_id: null,
        arrives_at: iso(date.plus({ minutes: 30 })),
        holds_until: iso(date.plus({ minutes: 90 })),
        departs_at: iso(date.plus({ hours: 4 })),
        needed_kwh: 10,
        created_by: null,
      })
      .execute();
    const hub = await requireHub(runtime, haulier, hubId);
    const at = async (instant: DateTime) =>
      (await hubVehiclesNow(runtime, haulier, hub, instant.toMillis())).vehicles
        .filter((v) => v.vehicle === "NT1 GHT")
        .map((v) => v.state);
    expect(await at(date.minus({ minutes: 15 }))).toEqual(["expected"]);
    expect(await at(date.minus({ hours: 12 }))).toEqual([]);
    expect(await at(date.plus({ hours: 2 }))).toEqual(["no-show"]);
  });
});
