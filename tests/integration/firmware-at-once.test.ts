import { randomBytes } from "node:crypto";
import { UNSAFE_decodeViaTurboStream as decodeViaTurboStream } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { registerChargePoint } from "~/features/chargers/index.server";
import { createUser } from "~/features/users/index.server";
import type { Runtime } from "~/lib/runtime.server";

import { signIn, startAppServer, type AppServer } from "../support/app-server";
import { insertDepot } from "../support/depots";
import { connectOcppPeer, type OcppPeer } from "../support/ocpp-peer";
import { createTestDatabase } from "../support/test-database";
import { openTestRuntime } from "../support/test-runtime";
import { viewerOf } from "../support/viewers";

/**
 * Decision 077: no more than FIRMWARE_AT_ONCE chargers update at once, however large a rollout's wave; the next is
 * sent as one comes back. The chargers are independent peers (typed-ocpp over Node's WebSocket, not ocpp-rpc).
 */
describe("firmware updates a few at a time", () => {
  let runtime: Runtime;
  let server: AppServer;
  let depotId = 0;
  let owner = "";
  const identities = ["AT-1", "AT-2", "AT-3", "AT-4", "AT-5"];
  const passwords = new Map<string, string>();
  const peers = new Map<string, OcppPeer>();

  beforeAll(async () => {
    const database = await createTestDatabase("sqlite");
    runtime = await openTestRuntime(database);
    const user = await viewerOf(
      runtime,
      await createUser(runtime, { email: "pace@fleet.example", password: "pace-pass-12" }),
    );
    depotId = await insertDepot(runtime, { user_id: user.id, depot_name: "Paced Yard" });
    for (const identity of identities) {
      const made = await registerChargePoint(runtime, user, depotId, {
        identity,
        name: identity,
        connectors: 1,
        maxKw: 22,
        currentType: "AC",
      });
      passwords.set(identity, made.password);
    }
    server = await startAppServer({ DATA_DIR: database.dataDir, FIRMWARE_AT_ONCE: "2" });
    owner = await signIn(server, "pace@fleet.example", "pace-pass-12");
  });
  afterAll(async () => {
    for (const peer of peers.values()) await peer.close();
    await server?.stop();
    await runtime?.database.destroy();
  });

  async function boot(identity: string, firmware: string) {
    await peers.get(identity)?.close();
    const peer = await connectOcppPeer(server.url, identity, passwords.get(identity)!, "ocpp1.6");
    peers.set(identity, peer);
    peer.onCall("GetConfiguration", () => ({ configurationKey: [] }));
    peer.onCall("UpdateFirmware", () => {
      updated.push(identity);
      return {};
    });
    await peer.call("BootNotification", {
      chargePointVendor: "Volt",
      chargePointModel: "VX-P",
      firmwareVersion: firmware,
    });
    await peer.call("StatusNotification", { connectorId: 1, errorCode: "NoError", status: "Available" });
  }
  async function post(body: URLSearchParams | FormData, page = "/firmware") {
    const answer = await fetch(`${server.url}/electrify/operations/${depotId}${page}.data`, {
      method: "POST",
      headers: { origin: server.url, cookie: owner },
      body,
    });
    const decoded = await decodeViaTurboStream(answer.body!, globalThis);
    return (decoded.value as { data: { ok: boolean } }).data;
  }
  /** The chargers sent UpdateFirmware, in order (a charger's later connections count too). */
  const updated: string[] = [];
  const sent = () => [...new Set(updated)];
  async function until(what: string, check: () => boolean | Promise<boolean>) {
    for (let i = 0; i < 200 && !(await check()); i++) await new Promise((r) => setTimeout(r, 50));
    if (!(await check())) throw new Error(`timed out waiting for ${what}`);
  }

  it("sends a wave of five two at a time, the next as each comes back on the new version", async () => {
    for (const identity of identities) await boot(identity, "1.0");
    const form = new FormData();
    form.set("intent", "upload-image");
    form.set("version", "2.0");
    form.set("image", new Blob([randomBytes(10_000)]), "vx-p.bin");
    expect(await post(form)).toMatchObject({ ok: true });
    const image = await runtime.database.db.selectFrom("firmware_images").select("id").executeTakeFirstOrThrow();
    const started = await post(
      new URLSearchParams({ intent: "start-rollout", imageId: String(image.id), model: "VX-P", firstWave: "5" }),
    );
    expect(started).toMatchObject({ ok: true });
    await until("two sent", () => sent().length === 2);
    // A second and more go by (passes every boot and status): still two.
    await new Promise((r) => setTimeout(r, 1_000));
    expect(sent()).toHaveLength(2);
    // Each comes back on the new version and says so: one more is sent for each, never more than two under way.
    const done = new Set<string>();
    while (done.size < identities.length) {
      const next = sent().find((id) => !done.has(id))!;
      await peers.get(next)!.call("FirmwareStatusNotification", { status: "Installing" });
      await boot(next, "2.0");
      await peers.get(next)!.call("FirmwareStatusNotification", { status: "Installed" });
      done.add(next);
      const expected = Math.min(identities.length, done.size + 2);
      await until(`${expected} sent`, () => sent().length === expected);
      expect(sent().length - done.size).toBeLessThanOrEqual(2);
    }
    expect(updated).toHaveLength(identities.length);
    await until("every update done", async () => {
      const rows = await runtime.database.db.selectFrom("firmware_updates").select("status").execute();
      return rows.length === 5 && rows.every((r) => r.status === "done");
    });
    const page = await fetch(`${server.url}/electrify/operations/${depotId}/firmware`, { headers: { cookie: owner } });
    expect((await page.text()).replaceAll("<!-- -->", "")).toContain("5 of 5 done");
  }, 60_000);
  it("fails an update silent for two hours, even one that said Installed and never came back, so it holds no place", async () => {
    const db = runtime.database.db;
    const image = await db.selectFrom("firmware_images").select("id").executeTakeFirstOrThrow();
    const id = async (identity: string) =>
      (await db.selectFrom("charge_points").select("id").where("identity", "=", identity).executeTakeFirstOrThrow()).id;
    // Two places taken three hours ago: one charger said Installed and never came back, one update was claimed by a
    // serving process that stopped before sending it.
    const longAgo = new Date(Date.now() - 3 * 3_600_000).toISOString();
    await peers.get("AT-4")!.close();
    for (const [identity, status] of [
      ["AT-4", "Installed"],
      ["AT-5", "sending"],
    ] as const)
      await db
        .insertInto("firmware_updates")
        .values({
          charge_point_id: await id(identity),
          image_id: image.id,
          rollout_id: null,
          wave: 1,
          while_charging: false,
          status,
          created_at: longAgo,
          updated_at: longAgo,
        })
        .execute();
    const before = updated.length;
    const asked = await post(
      new URLSearchParams({ intent: "update-firmware", imageId: String(image.id) }),
      `/chargers/${await id("AT-1")}`,
    );
    expect(asked).toMatchObject({ ok: true });
    await until("AT-1 sent its update", () => updated.length > before && updated.at(-1) === "AT-1");
    const stale = await db
      .selectFrom("firmware_updates")
      .select(["status", "detail"])
      .where("created_at", "=", longAgo)
      .execute();
    expect(stale).toEqual([
      { status: "failed", detail: "No word from the charger for two hours" },
      { status: "failed", detail: "No word from the charger for two hours" },
    ]);
  }, 60_000);
});
