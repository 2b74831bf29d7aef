import { randomBytes } from "node:crypto";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { registerChargePoint } from "~/features/chargers/index.server";
import { defaultPlanInput } from "~/features/planning";
import { createUser } from "~/features/users/index.server";
import type { SessionUser } from "~/lib/auth/session.server";
import type { Runtime } from "~/lib/runtime.server";

import { signIn, startAppServer, type AppServer } from "../support/app-server";
import { insertDepot, insertDepotPlanInputs } from "../support/depots";
import { connectOcppPeer, profileLimitW, type OcppPeer, type OcppVersion } from "../support/ocpp-peer";
import { createTestDatabase } from "../support/test-database";
import { openTestRuntime } from "../support/test-runtime";
import { viewerOf } from "../support/viewers";

const waitFor = async (check: () => boolean, what: string, ms = 10_000) => {
  for (const end = Date.now() + ms; !check() && Date.now() < end;) await new Promise((r) => setTimeout(r, 50));
  expect({ what, met: check() }).toEqual({ what, met: true });
};

/**
 * Two instances on one PostgreSQL database, each holding some of a depot's
 * chargers: an action pressed on a page one serves reaches a charger the
 * other holds, a page on one goes live with a charger on the other, and the
 * site's limit is shared across both as the vehicles plug in (LISTEN/NOTIFY,
 * decision 032).
 */
describe("Box Charge across two instances on PostgreSQL", () => {
  let runtime: Runtime;
  let a: AppServer;
  let b: AppServer;
  let depotId = 0;
  let cookieOnA = "";
  const passwords = new Map<string, string>();
  const ids = new Map<string, number>();
  const owner: SessionUser = { id: "", email: "two@fleet.example", isAdmin: false };
  const inForce = new Map<string, number>();
  const sums: number[] = [];

  beforeAll(async () => {
    const database = await createTestDatabase("postgres");
    runtime = await openTestRuntime(database);
    Object.assign(
      owner,
      await viewerOf(runtime, await createUser(runtime, { email: owner.email, password: "owner-password" })),
    );
    depotId = await insertDepot(runtime, { user_id: owner.id, depot_name: "Two Halls Yard" });
    const inputs = defaultPlanInput({ vehicles: 2, chargers: [{ name: "AC 22", powerKw: 22, count: 2 }] });
    inputs.site = { ...inputs.site, connectionKva: 30, powerFactor: 1, buildingKw: 0 };
    await insertDepotPlanInputs(runtime, depotId, inputs);
    for (const identity of ["HALL-A", "HALL-B"]) {
      const registered = await registerChargePoint(runtime, owner, depotId, {
        identity,
        name: identity,
        connectors: 1,
        maxKw: 22,
        currentType: "AC",
      });
      passwords.set(identity, registered.password);
      ids.set(identity, registered.id);
    }
    const shared = { DATABASE_URL: database.databaseUrl, AUTH_SECRET: randomBytes(32).toString("hex") };
    const [first, second] = await Promise.all(
      ["a", "b"].map((name) =>
        startAppServer({ ...shared, DATA_DIR: mkdtempSync(path.join(tmpdir(), `electrify-ocpp-${name}-`)) }),
      ),
    );
    a = first!;
    b = second!;
    cookieOnA = await signIn(a, owner.email, "owner-password");
  }, 60_000);
  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await runtime?.database.destroy();
  });

  async function charger(server: AppServer, identity: string, version: OcppVersion): Promise<OcppPeer> {
    const peer = await connectOcppPeer(server.url, identity, passwords.get(identity)!, version);
    peer.onCall("SetChargingProfile", (payload) => {
      inForce.set(identity, profileLimitW(payload));
      sums.push([...inForce.values()].reduce((x, y) => x + y, 0));
      return { status: "Accepted" };
    });
    peer.onCall("Reset", () => ({ status: "Accepted" }));
    if (version === "ocpp1.6")
      await peer.call("BootNotification", { chargePointVendor: "Tests", chargePointModel: "Hall" });
    else
      await peer.call("BootNotification", {
        reason: "PowerUp",
        chargingStation: { vendorName: "Tests", model: "Hall" },
      });
    await waitFor(() => inForce.has(identity), `${identity} has its 0 W default`);
    return peer;
  }

  it("sends an action pressed on a page served by one instance to a charger held by the other, and brings back its answer", async () => {
    const onB = await charger(b, "HALL-B", "ocpp2.0.1");
    const pressed = await fetch(`${a.url}/electrify/operations/${depotId}`, {
      method: "POST",
      redirect: "manual",
      headers: { origin: a.url, cookie: cookieOnA, "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({
        intent: "command",
        chargePointId: String(ids.get("HALL-B")),
        command: "reset",
        connectorId: "1",
      }),
    });
    expect(pressed.status).toBeLessThan(400);
    expect(onB.received.filter((c) => c.action === "Reset")).toHaveLength(1);
    const audit = await runtime.database.db
      .selectFrom("audit_log")
      .select("details")
      .where("action", "=", "charger.command")
      .executeTakeFirstOrThrow();
    expect(JSON.parse(String(audit.details))).toMatchObject({ answer: "Accepted" });
    await onB.close();
  });

  it("tells, within seconds, that a charger no instance holds any more is not connected", async () => {
    const onA = await charger(a, "HALL-A", "ocpp1.6");
    await onA.close();
    const cookieOnB = await signIn(b, owner.email, "owner-password");
    const started = Date.now();
    const pressed = await fetch(`${b.url}/electrify/operations/${depotId}`, {
      method: "POST",
      redirect: "manual",
      headers: {
        origin: b.url,
        cookie: cookieOnB,
        accept: "application/json",
        "content-type": "application/x-www-form-urlencoded",
      },
      body: new URLSearchParams({ intent: "command", chargePointId: String(ids.get("HALL-A")), command: "reset" }),
    });
    expect(await pressed.text()).toContain("The charger is not connected");
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it("makes a page on one instance live with a charger on the other, and shares the site's 30 kW across both", async () => {
    // A live page on A…
    const controller = new AbortController();
    const stream = await fetch(`${a.url}/electrify/operations/${depotId}/events`, {
      headers: { cookie: cookieOnA },
      signal: controller.signal,
    });
    const reader = stream.body!.getReader();
    let text = "";
    void (async () => {
      for (;;) {
        const { value, done } = await reader.read().catch(() => ({ value: undefined, done: true }));
        if (done) return;
        text += new TextDecoder().decode(value);
      }
    })();
    inForce.clear();
    sums.length = 0;
    // …one charger on each instance, a vehicle nobody told it about on each.
    const onA = await charger(a, "HALL-A", "ocpp1.6");
    const onB = await charger(b, "HALL-B", "ocpp2.0.1");
    await onB.call("StatusNotification", {
      timestamp: new Date().toISOString(),
      connectorStatus: "Occupied",
      evseId: 1,
      connectorId: 1,
    });
    await waitFor(() => text.includes("event: change"), "the page on A hears of the charger on B");
    await onA.call("StartTransaction", {
      connectorId: 1,
      idTag: "AAA-1",
      meterStart: 0,
      timestamp: new Date().toISOString(),
    });
    await waitFor(() => inForce.get("HALL-A") === 22_000, "HALL-A has the whole 22 kW it can take");
    await onB.call("TransactionEvent", {
      eventType: "Started",
      timestamp: new Date().toISOString(),
      triggerReason: "CablePluggedIn",
      seqNo: 0,
      transactionInfo: { transactionId: "BBB-1-tx" },
      evse: { id: 1, connectorId: 1 },
      idToken: { idToken: "BBB-1", type: "ISO14443" },
    });
    // A's charger is lowered by A as soon as B's vehicle plugs in (told by NOTIFY, not found by a look), then each
    // holds its even share, and the limits in force never pass the site's.
    await waitFor(
      () => inForce.get("HALL-A") === 15_000 && inForce.get("HALL-B") === 15_000,
      "an even 15 kW each",
      5_000,
    );
    expect(Math.max(...sums)).toBeLessThanOrEqual(30_000);
    controller.abort();
    await Promise.all([onA.close(), onB.close()]);
  });
});
