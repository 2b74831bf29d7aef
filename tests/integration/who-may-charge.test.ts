import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { recentChargerEvents, registerChargePoint, setChargingAccess } from "~/features/chargers/index.server";
import type { DepotViewer } from "~/features/depots/index.server";
import { createUser } from "~/features/users/index.server";
import { addVehicleTag, cancelExpectedVisits, expectVisit } from "~/features/vehicles/index.server";
import type { Runtime } from "~/lib/runtime.server";

import { signIn, startAppServer, type AppServer } from "../support/app-server";
import { insertDepot } from "../support/depots";
import { connectOcppPeer, type OcppPeer, type OcppVersion } from "../support/ocpp-peer";
import { createTestDatabase } from "../support/test-database";
import { openTestRuntime } from "../support/test-runtime";
import { viewerOf } from "../support/viewers";

const HOUR = 3_600_000;

/**
 * Issue 59, item 1: who may charge, answered from the policy, and the local lists chargers keep for when they cannot
 * reach us. The chargers are independent peers (typed-ocpp and Node's WebSocket, not the server's ocpp-rpc) that keep
 * a local list as a real one would: a full update replaces it, a differential one adds and takes out, each message
 * within the SendLocalListMaxLength / ItemsPerMessage they declare (2 here), and GetLocalListVersion answers the
 * version they hold.
 */
describe("who may charge", () => {
  let runtime: Runtime;
  let server: AppServer;
  let alpha: DepotViewer;
  let bravo: DepotViewer;
  let depotId = 0;
  const passwords = new Map<string, string>();
  const peers: OcppPeer[] = [];

  beforeAll(async () => {
    const database = await createTestDatabase("sqlite");
    runtime = await openTestRuntime(database);
    alpha = await viewerOf(
      runtime,
      await createUser(runtime, { email: "alpha@fleet.example", password: "alpha-pass-1" }),
    );
    bravo = await viewerOf(
      runtime,
      await createUser(runtime, { email: "bravo@fleet.example", password: "bravo-pass-1" }),
    );
    depotId = await insertDepot(runtime, { user_id: alpha.id, depot_name: "Alpha Yard" });
    const bravoDepot = await insertDepot(runtime, { user_id: bravo.id, depot_name: "Bravo Yard" });
    await addVehicleTag(runtime, alpha, depotId, { tag: "ALPHA-1", vehicle: "AL01 AAA" });
    for (const tag of ["BRAVO-1", "BRAVO-2", "BRAVO-3"])
      await addVehicleTag(runtime, bravo, bravoDepot, { tag, vehicle: tag });
    for (const identity of ["WHO-16", "WHO-201"]) {
      const { password } = await registerChargePoint(runtime, alpha, depotId, {
        identity,
        name: identity,
        connectors: 2,
        maxKw: 22,
        currentType: "AC",
      });
      passwords.set(identity, password);
    }
    // Bravo's van booked here this evening: on the chargers' lists from the start.
    await visit("BRAVO-3", Date.now() + 3 * HOUR, Date.now() + 6 * HOUR);
    server = await startAppServer({ DATA_DIR: database.dataDir });
  });
  afterAll(async () => {
    for (const peer of peers) await peer.close();
    await server?.stop();
    await runtime?.database.destroy();
  });

  /** A charger that keeps a local list of at most two entries a message, and checks every message it is sent. */
  type ListKeeper = { peer: OcppPeer; list: Map<string, string>; version: number; largest: number };
  async function listKeeper(identity: string, version: OcppVersion, keeper?: ListKeeper): Promise<ListKeeper> {
    const peer = await connectOcppPeer(server.url, identity, passwords.get(identity)!, version);
    peers.push(peer);
    const held: ListKeeper = keeper ?? { peer, list: new Map(), version: 0, largest: 0 };
    held.peer = peer;
    const v16 = version === "ocpp1.6";
    peer.onCall("GetConfiguration", () => ({
      configurationKey: [
        { key: "SupportedFeatureProfiles", readonly: true, value: "Core,LocalAuthListManagement,SmartCharging" },
        { key: "LocalAuthListEnabled", readonly: false, value: "true" },
        { key: "LocalAuthListMaxLength", readonly: true, value: "50" },
        { key: "SendLocalListMaxLength", readonly: true, value: "2" },
      ],
    }));
    peer.onCall("GetVariables", (payload) => ({
      getVariableResult: (payload.getVariableData as { component: object; variable: { name: string } }[]).map((d) => ({
        attributeStatus: "Accepted",
        component: d.component,
        variable: d.variable,
        attributeValue: { Available: "true", Enabled: "true", ItemsPerMessage: "2" }[d.variable.name] ?? "4000",
      })),
    }));
    peer.onCall("GetLocalListVersion", () => (v16 ? { listVersion: held.version } : { versionNumber: held.version }));
    peer.onCall("SendLocalList", (payload) => {
      const entries = (payload.localAuthorizationList ?? []) as Record<string, { idToken?: string } | string>[];
      held.largest = Math.max(held.largest, entries.length);
      if (entries.length > 2) return { status: "Failed" };
      if (payload.updateType === "Full") held.list.clear();
      for (const entry of entries) {
        const tag = v16 ? (entry.idTag as string) : (entry.idToken as { idToken: string }).idToken;
        if (entry.idTagInfo || entry.idTokenInfo) held.list.set(tag.toLowerCase(), tag);
        else held.list.delete(tag.toLowerCase());
      }
      held.version = (v16 ? payload.listVersion : payload.versionNumber) as number;
      return { status: "Accepted" };
    });
    await peer.call(
      "BootNotification",
      v16
        ? { chargePointVendor: "Tests", chargePointModel: "Peer-16" }
        : { reason: "PowerUp", chargingStation: { model: "Peer-201", vendorName: "Tests" } },
    );
    return held;
  }
  const authorize = async (peer: OcppPeer, tag: string) =>
    peer.version === "ocpp1.6"
      ? ((await peer.call("Authorize", { idTag: tag })) as { idTagInfo: { status: string } }).idTagInfo.status
      : (
          (await peer.call("Authorize", { idToken: { idToken: tag, type: "ISO14443" } })) as {
            idTokenInfo: { status: string };
          }
        ).idTokenInfo.status;
  const waitFor = async (check: () => boolean | Promise<boolean>) => {
    for (let i = 0; i < 100 && !(await check()); i++) await new Promise((r) => setTimeout(r, 50));
    expect(await check()).toBe(true);
  };
  const sorted = (keeper: ListKeeper) => [...keeper.list.values()].sort();
  const visit = (tag: string, from: number, to: number) =>
    expectVisit(runtime.database.db, {
      depotId,
      tag,
      vehicle: tag,
      arrivesAt: new Date(from).toISOString(),
      holdsUntil: new Date(from + HOUR / 2).toISOString(),
      departsAt: new Date(to).toISOString(),
      neededKwh: 20,
      maxKw: 11,
      tier: 1,
    });

  let v16: ListKeeper;
  let v201: ListKeeper;

  it("sends each charger the depot's tags as a full list in messages it takes, then each change as a difference", async () => {
    v16 = await listKeeper("WHO-16", "ocpp1.6");
    v201 = await listKeeper("WHO-201", "ocpp2.0.1");
    // The company's own vehicle and Bravo's van booked here within the day.
    const first = "ALPHA-1,BRAVO-3";
    await waitFor(() => sorted(v16).join() === first && sorted(v201).join() === first);
    for (const keeper of [v16, v201])
      expect(keeper.peer.received.map((c) => c.action)).toContain("GetLocalListVersion");
    // The owner names two more vans on the operations page: more than two tags go in several messages, none over two.
    const cookie = await signIn(server, "alpha@fleet.example", "alpha-pass-1");
    const post = async (fields: Record<string, string>) => {
      const answer = await fetch(`${server.url}/electrify/operations/${depotId}`, {
        method: "POST",
        redirect: "manual",
        headers: { origin: server.url, cookie, "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams(fields),
      });
      expect(answer.status).toBeLessThan(400);
    };
    await post({ intent: "add-tag", tag: "ALPHA-2", vehicle: "AL02 AAA" });
    await post({ intent: "add-tag", tag: "ALPHA-3", vehicle: "AL03 AAA" });
    const all = "ALPHA-1,ALPHA-2,ALPHA-3,BRAVO-3";
    await waitFor(() => sorted(v16).join() === all && sorted(v201).join() === all);
    const third = await runtime.database.db
      .selectFrom("vehicle_tags")
      .select("id")
      .where("tag", "=", "ALPHA-3")
      .executeTakeFirstOrThrow();
    await post({ intent: "remove-tag", tagId: String(third.id) });
    const left = "ALPHA-1,ALPHA-2,BRAVO-3";
    await waitFor(() => sorted(v16).join() === left && sorted(v201).join() === left);
    for (const keeper of [v16, v201]) {
      expect(keeper.largest).toBeLessThanOrEqual(2);
      const sends = keeper.peer.received.filter((c) => c.action === "SendLocalList").map((c) => c.payload);
      // The first was the whole list; later changes only the difference, each one version on.
      expect(sends[0]).toMatchObject({ updateType: "Full" });
      expect(sends.slice(1).map((s) => s.updateType)).toEqual(sends.slice(1).map(() => "Differential"));
      const versions = sends.map((s) => (s.listVersion ?? s.versionNumber) as number);
      expect(versions).toEqual(versions.map((_, i) => i + 1));
      expect(keeper.version).toBe(versions.length);
    }
  });

  it("sends the whole list again to a charger that lost it", async () => {
    await v16.peer.close();
    v16 = await listKeeper("WHO-16", "ocpp1.6", { ...v16, list: new Map(), version: 0, largest: 0 });
    await waitFor(() => sorted(v16).join() === "ALPHA-1,ALPHA-2,BRAVO-3");
    const sends = v16.peer.received.filter((c) => c.action === "SendLocalList");
    expect(sends[0]!.payload).toMatchObject({ updateType: "Full" });
  });

  it("sends nothing to a charger that comes back holding the list it was sent, and shows it on its card", async () => {
    await v201.peer.close();
    v201 = await listKeeper("WHO-201", "ocpp2.0.1", { ...v201, largest: 0 });
    await waitFor(() => v201.peer.received.some((c) => c.action === "GetLocalListVersion"));
    // Its version matches what it was last sent, so the list kept for it is trusted: no message, however long we wait.
    await new Promise((r) => setTimeout(r, 500));
    expect(v201.peer.received.filter((c) => c.action === "SendLocalList")).toEqual([]);
    const cookie = await signIn(server, "alpha@fleet.example", "alpha-pass-1");
    const page = await fetch(`${server.url}/electrify/operations/${depotId}`, { headers: { cookie } });
    expect(await page.text()).toContain(`Local list: 3 tags (version ${v201.version})`);
  });

  for (const version of ["ocpp1.6", "ocpp2.0.1"] as const)
    it(`${version}: the depot's own vehicles charge; another company's, an unknown tag and a visit that is over do not`, async () => {
      const peer = (version === "ocpp1.6" ? v16 : v201).peer;
      expect(await authorize(peer, "ALPHA-1")).toBe("Accepted");
      expect(await authorize(peer, "alpha-1")).toBe("Accepted");
      expect(await authorize(peer, "BRAVO-2")).toBe("Blocked");
      expect(await authorize(peer, `NOBODY-${version}`)).toBe("Invalid");
      expect(await authorize(peer, `NOBODY-${version}`)).toBe("Invalid");
      // A start with a refused tag is told so (the charger stops it), and kept as it happened.
      const status =
        version === "ocpp1.6"
          ? (
              (await peer.call("StartTransaction", {
                connectorId: 1,
                idTag: "BRAVO-2",
                meterStart: 0,
                timestamp: new Date().toISOString(),
              })) as { idTagInfo: { status: string } }
            ).idTagInfo.status
          : (
              (await peer.call("TransactionEvent", {
                eventType: "Started",
                timestamp: new Date().toISOString(),
                triggerReason: "Authorized",
                seqNo: 0,
                transactionInfo: { transactionId: "who-1" },
                evse: { id: 1, connectorId: 1 },
                idToken: { idToken: "BRAVO-2", type: "ISO14443" },
              })) as { idTokenInfo: { status: string } }
            ).idTokenInfo.status;
      expect(status).toBe("Blocked");
      // Booked here now, Bravo's vehicle charges; once its visit is over, Expired.
      const now = await visit("BRAVO-1", Date.now() - HOUR / 4, Date.now() + HOUR);
      expect(await authorize(peer, "BRAVO-1")).toBe("Accepted");
      await cancelExpectedVisits(runtime.database.db, [now]);
      const over = await visit("BRAVO-1", Date.now() - 3 * HOUR, Date.now() - HOUR);
      expect(await authorize(peer, "BRAVO-1")).toBe("Expired");
      await cancelExpectedVisits(runtime.database.db, [over]);
      // A refusal is in the charger's history once per tag, with its reason.
      const events = await recentChargerEvents(runtime.database.db, depotId, 50);
      const refused = events.filter((e) => e.kind === "refused" && e.detail.includes(`NOBODY-${version}`));
      expect(refused).toHaveLength(1);
      expect(refused[0]!.detail).toBe(`Tag NOBODY-${version} refused (Invalid: a tag no company named)`);
    });

  it("lets anyone charge where the owner chose free vend, and only the owner may choose it", async () => {
    await expect(setChargingAccess(runtime, bravo, depotId, "anyone")).rejects.toMatchObject({ status: 404 });
    await expect(setChargingAccess(runtime, alpha, depotId, "everyone")).rejects.toThrow("Choose who may charge here");
    expect(await authorize(v16.peer, "NOBODY-FREE")).toBe("Invalid");
    await setChargingAccess(runtime, alpha, depotId, "anyone");
    expect(await authorize(v16.peer, "NOBODY-FREE")).toBe("Accepted");
    expect(await authorize(v201.peer, "BRAVO-2")).toBe("Accepted");
    await setChargingAccess(runtime, alpha, depotId, "company");
    expect(await authorize(v201.peer, "BRAVO-2")).toBe("Blocked");
  });
});
