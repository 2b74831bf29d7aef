import { DateTime } from "luxon";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { evaluateDepotAlerts, listDepotAlerts } from "~/features/alerts/index.server";
import { registerChargePoint } from "~/features/chargers/index.server";
import { createApiKey } from "~/features/fleet-api/index.server";
import { defaultPlanInput } from "~/features/planning";
import { createUser } from "~/features/users/index.server";
import { addVehicleTag } from "~/features/vehicles/index.server";
import type { SessionUser } from "~/lib/auth/session.server";
import type { Runtime } from "~/lib/runtime.server";

import { signIn, startAppServer, type AppServer } from "../support/app-server";
import { insertDepot, insertDepotPlanInputs } from "../support/depots";
import { connectOcppPeer, profileLimitAtW, type OcppPeer } from "../support/ocpp-peer";
import { createTestDatabase } from "../support/test-database";
import { openTestRuntime } from "../support/test-runtime";
import { viewerOf } from "../support/viewers";

const HOUR = 3_600_000;

/**
 * The live controller plans from what the fleet tells (issue 49, item 3), against an independent OCPP peer: a van
 * plugged in whose duty is days away is charged in the cheap hours; told through the API that it leaves in two
 * hours at 20 %, it is decided again at once and given all its charger can, and the board says it will be short;
 * when its charger first reports its real charge (85 %), it is decided again and the board says it is ready.
 */
describe("the controller plans from the vehicle's state", () => {
  let runtime: Runtime;
  let server: AppServer;
  let depotId = 0;
  let key = "";
  let peer: OcppPeer;
  /** The van's transaction, started in the first test and carried on in the next. */
  let transactionId = 0;
  const owner: SessionUser = { id: "", email: "ready@fleet.example", isAdmin: false };

  beforeAll(async () => {
    const database = await createTestDatabase("sqlite");
    runtime = await openTestRuntime(database);
    Object.assign(
      owner,
      await viewerOf(runtime, await createUser(runtime, { email: owner.email, password: "owner-password" })),
    );
    depotId = await insertDepot(runtime, { user_id: owner.id, depot_name: "Ready Yard" });
    const inputs = defaultPlanInput({ vehicles: 2, chargers: [{ name: "AC 22", powerKw: 22, count: 2 }] });
    inputs.site = { ...inputs.site, connectionKva: 30, powerFactor: 1, buildingKw: 0 };
    // Its vans work one day a week, three days from now: whenever the test runs, the next duty is days away.
    const duty = { depart: 7 * 60, return: 17 * 60, km: 120 };
    const day = DateTime.now().setZone("Europe/London").plus({ days: 3 }).weekday - 1;
    inputs.vehicles[0]!.week = [0, 1, 2, 3, 4, 5, 6].map((d) => (d === day ? duty : null));
    await insertDepotPlanInputs(runtime, depotId, inputs);
    const { password } = await registerChargePoint(runtime, owner, depotId, {
      identity: "RD-1",
      name: "Bay 1",
      connectors: 1,
      maxKw: 22,
      currentType: "AC",
    });
    await addVehicleTag(runtime, owner, depotId, { tag: "VAN-A", vehicle: "AB12 CDE", groupId: "g1" });
    key = (await createApiKey(runtime, owner, { name: "Telematics" })).key;
    server = await startAppServer({ DATA_DIR: database.dataDir });
    peer = await connectOcppPeer(server.url, "RD-1", password, "ocpp1.6");
    peer.onCall("SetChargingProfile", () => ({ status: "Accepted" }));
    await peer.call("BootNotification", { chargePointVendor: "Tests", chargePointModel: "RD" });
  });
  afterAll(async () => {
    await peer?.close();
    await server?.stop();
    await runtime?.database.destroy();
  });

  const profiles = () => peer.received.filter((c) => c.action === "SetChargingProfile");
  const limitNowW = () => profileLimitAtW(profiles().at(-1)!.payload, Date.now()) ?? 0;
  const waitFor = async (check: () => boolean | Promise<boolean>) => {
    for (let i = 0; i < 100 && !(await check()); i++) await new Promise((r) => setTimeout(r, 100));
    expect(await check()).toBe(true);
  };
  /** A PUT to the fleet API for this depot, with the company's key. */
  const put = (path: string, body: unknown) =>
    fetch(`${server.url}/api/v1/depots/${depotId}/${path}`, {
      method: "PUT",
      headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
      body: JSON.stringify(body),
    });
  /** One meter reading from an OCPP 1.6 peer: its samples (value, measurand, unit), now. */
  const meterValues = (from: OcppPeer, connectorId: number, samples: [string, string, string][], tx?: number) =>
    from.call("MeterValues", {
      connectorId,
      ...(tx === undefined ? {} : { transactionId: tx }),
      meterValue: [
        {
          timestamp: new Date().toISOString(),
          sampledValue: samples.map(([value, measurand, unit]) => ({ value, measurand, unit })),
        },
      ],
    });
  const board = async () => {
    const answer = await fetch(`${server.url}/api/v1/depots/${depotId}/readiness`, {
      headers: { authorization: `Bearer ${key}` },
    });
    return (await answer.json()).vehicles as { vehicle: string; status: string; shortKwh: number }[];
  };

  it("decides again at once when the fleet tells its charge and departure, and when the charger first reports its charge", async () => {
    ({ transactionId } = (await peer.call("StartTransaction", {
      connectorId: 1,
      idTag: "VAN-A",
      meterStart: 0,
      timestamp: new Date().toISOString(),
    })) as { transactionId: number });
    // A decision for the plug-in: the van's duty is days away.
    await waitFor(() => profiles().length >= 2);
    const before = profiles().length;
    // It leaves in two hours at 20 %, to 90 %: 52.5 kWh of a 75 kWh van, more than 22 kW gives it in two hours.
    const told = await put("vehicles/VAN-A", {
      socPct: 20,
      departsAt: new Date(Date.now() + 2 * HOUR).toISOString(),
      targetSocPct: 90,
    });
    expect(told.status).toBe(200);
    await waitFor(() => profiles().length > before && Math.abs(limitNowW() - 22_000) < 5);
    await waitFor(async () => (await board())[0]?.status === "short");
    const short = (await board())[0]!;
    // 52.5 kWh needed, at most 22 kW × 2 h = 44 kWh: about 8.5 kWh short (less the minutes the test took).
    expect(short.shortKwh).toBeGreaterThan(8);
    expect(short.shortKwh).toBeLessThan(9);
    // The charger reports the van's real charge for the first time: 85 % (3.75 kWh to go).
    await meterValues(
      peer,
      1,
      [
        ["100", "Energy.Active.Import.Register", "Wh"],
        ["85", "SoC", "Percent"],
      ],
      transactionId,
    );
    await waitFor(async () => (await board())[0]?.status === "ready");
    const ready = (await board())[0] as unknown as { soc: { pct: number; source: string }; leavesWithPct: number };
    expect(ready.soc).toMatchObject({ pct: 85, source: "charger" });
    expect(ready.leavesWithPct).toBeCloseTo(90, 6);
  });

  it("takes the room for charging from the site's meter, and the schedule the charger holds counts the fallback from the instant the reading expires", async () => {
    const wantsAll = () =>
      put("vehicles/VAN-A", {
        socPct: 10,
        socReadAt: new Date().toISOString(),
        departsAt: new Date(Date.now() + 2 * HOUR).toISOString(),
        targetSocPct: 90,
      });
    // It needs all its charger gives (22 kW), and draws it.
    expect((await wantsAll()).status).toBe(200);
    await waitFor(() => Math.abs(limitNowW() - 22_000) < 5);
    await meterValues(
      peer,
      1,
      [
        ["200", "Energy.Active.Import.Register", "Wh"],
        ["22000", "Power.Active.Import", "W"],
      ],
      transactionId,
    );
    // The meter at the connection reads 37 kW: the building takes 15 kW the plan does not know, so 15 kW is left.
    const readAt = Date.now();
    expect((await put("meter", { siteKw: 37, readAt: new Date(readAt).toISOString() })).status).toBe(200);
    await waitFor(() => Math.abs(limitNowW() - 15_000) < 5);
    // What the charger already holds, with no further message (issue 57): from the instant the reading expires (five
    // minutes), the building at the higher of the plan's (none) and the last reading (15 kW), plus 10 % of the
    // connection: 18 kW, so 12 kW is left. (Before, it went back to the plan's load: 30 kW, on a 30 kW connection.)
    const held = profiles().at(-1)!.payload;
    expect(profileLimitAtW(held, readAt + 5 * 60_000 - 1_500)).toBe(15_000);
    for (const after of [0, 1, 60_000, HOUR, 12 * HOUR])
      expect(profileLimitAtW(held, readAt + 5 * 60_000 + after) ?? 0).toBeLessThanOrEqual(12_000);
    // Refused, nothing kept: a reading from the future, and one that is not a number.
    expect((await put("meter", { siteKw: 37, readAt: new Date(Date.now() + HOUR).toISOString() })).status).toBe(422);
    expect((await put("meter", { siteKw: "lots" })).status).toBe(422);
    // The meter falls silent (its last reading six minutes old): the higher of the plan's building load (none) and the
    // last reading (15 kW), plus 10 % of the 30 kW connection is counted: 12 kW left at the next decision too.
    await runtime.database.db
      .updateTable("site_meter_readings")
      .set({ read_at: new Date(Date.now() - 6 * 60_000).toISOString() })
      .execute();
    expect((await wantsAll()).status).toBe(200);
    const sent = profiles().length;
    await waitFor(() => profiles().length > sent);
    expect(limitNowW()).toBe(12_000);
    await evaluateDepotAlerts(runtime, depotId);
    const alerts = await listDepotAlerts(runtime, depotId);
    expect(alerts.find((a) => a.kind === "meter-silent")?.reason).toMatch(
      /the higher of the plan's building load and its last reading, plus a margin \(18 kW\)/,
    );
  });

  it("reads the site's meter over OCPP, registered like a charger: its meter values set the room, and it is sent no profile", async () => {
    const { password } = await registerChargePoint(runtime, owner, depotId, {
      identity: "RD-METER",
      name: "Site meter",
      role: "site-meter",
    });
    // The meter speaks OCPP 1.6J through another library than the server's.
    const meter = await connectOcppPeer(server.url, "RD-METER", password, "ocpp1.6");
    await meter.call("BootNotification", { chargePointVendor: "Tests", chargePointModel: "Meter" });
    const wantsAll = await put("vehicles/VAN-A", { socPct: 10, socReadAt: new Date().toISOString(), targetSocPct: 90 });
    expect(wantsAll.status).toBe(200);
    // Still the silent meter's fallback of the test before (its last reading's 15 kW plus 3 kW): 12 kW.
    await waitFor(() => Math.abs(limitNowW() - 12_000) < 5);
    // The site's import at the connection: 44 kW, of which the van's 22: the building takes 22 kW, 8 kW are left.
    await meterValues(meter, 0, [["44000", "Power.Active.Import", "W"]]);
    await waitFor(() => Math.abs(limitNowW() - 8_000) < 5);
    expect(meter.received.filter((c) => c.action === "SetChargingProfile")).toEqual([]);
    const cookie = await signIn(server, owner.email, "owner-password");
    const page = (
      await (await fetch(`${server.url}/electrify/operations/${depotId}`, { headers: { cookie } })).text()
    ).replaceAll("<!-- -->", "");
    expect(page).toContain("Building load");
    expect(page).toContain("22 kW");
    expect(page).toContain("Site meter at the connection");
    await meter.close();
  });
});
