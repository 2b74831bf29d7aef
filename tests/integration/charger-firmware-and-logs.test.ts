import { createHash, randomBytes } from "node:crypto";
import { Readable } from "node:stream";
import { Client as FtpClient } from "basic-ftp";
import { UNSAFE_decodeViaTurboStream as decodeViaTurboStream } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { registerChargePoint } from "~/features/chargers/index.server";
import { createUser } from "~/features/users/index.server";
import type { Runtime } from "~/lib/runtime.server";

import { signIn, startAppServer, type AppServer } from "../support/app-server";
import { insertDepot } from "../support/depots";
import { freePort } from "../support/free-port";
import { connectOcppPeer, type OcppPeer, type OcppVersion } from "../support/ocpp-peer";
import { createTestDatabase } from "../support/test-database";
import { openTestRuntime } from "../support/test-runtime";
import { viewerOf } from "../support/viewers";

/**
 * Issue 59, items 3 and 4: firmware updated on one charger and rolled out to a model's chargers in waves, and
 * diagnostics and logs fetched over HTTPS and FTP. The chargers are independent peers (typed-ocpp and Node's
 * WebSocket, not the server's ocpp-rpc) that download the image from the URL they are sent and upload with fetch, or
 * with basic-ftp (not the server's ftp-srv) to the FTP address they are given.
 */
describe("firmware and logs", () => {
  let runtime: Runtime;
  let server: AppServer;
  let depotId = 0;
  let owner = "";
  let outsider = "";
  let ftpPort = 0;
  let nosyId = "";
  let fw: Awaited<ReturnType<typeof viewerOf>>;
  const image = randomBytes(200_000);
  const ids = new Map<string, number>();
  const passwords = new Map<string, string>();
  const peers = new Map<string, OcppPeer>();

  beforeAll(async () => {
    const database = await createTestDatabase("sqlite");
    runtime = await openTestRuntime(database);
    const user = await viewerOf(
      runtime,
      await createUser(runtime, { email: "fw@fleet.example", password: "fw-pass-12" }),
    );
    nosyId = (await createUser(runtime, { email: "nosy@fleet.example", password: "nosy-pass-1" })).id;
    fw = user;
    depotId = await insertDepot(runtime, { user_id: user.id, depot_name: "Firmware Yard" });
    for (const identity of ["FW-1", "FW-2", "FW-3", "FW-201", "FW-SOLO"]) {
      const { id, password } = await registerChargePoint(runtime, user, depotId, {
        identity,
        name: identity,
        connectors: 1,
        maxKw: 22,
        currentType: "AC",
      });
      ids.set(identity, id);
      passwords.set(identity, password);
    }
    ftpPort = await freePort();
    const passive = await freePort();
    server = await startAppServer({
      DATA_DIR: database.dataDir,
      FTP_PORT: String(ftpPort),
      FTP_HOST: "127.0.0.1",
      FTP_PASSIVE_PORTS: `${passive}-${passive}`,
    });
    owner = await signIn(server, "fw@fleet.example", "fw-pass-12");
    outsider = await signIn(server, "nosy@fleet.example", "nosy-pass-1");
  });
  afterAll(async () => {
    for (const peer of peers.values()) await peer.close();
    await server?.stop();
    await runtime?.database.destroy();
  });

  /** A charger that boots as model `model` with `firmware`, with its connector Available unless told otherwise. */
  async function charger(identity: string, version: OcppVersion, firmware: string, status = "Available", model = "") {
    await peers.get(identity)?.close();
    const peer = await connectOcppPeer(server.url, identity, passwords.get(identity)!, version);
    peers.set(identity, peer);
    const v16 = version === "ocpp1.6";
    peer.onCall("GetConfiguration", () => ({ configurationKey: [] }));
    peer.onCall("UpdateFirmware", () => (v16 ? {} : { status: "Accepted" }));
    await peer.call(
      "BootNotification",
      v16
        ? { chargePointVendor: "Volt", chargePointModel: model || "VX-1", firmwareVersion: firmware }
        : {
            reason: "PowerUp",
            chargingStation: { vendorName: "Volt", model: model || "VX-2", firmwareVersion: firmware },
          },
    );
    await peer.call(
      "StatusNotification",
      v16
        ? { connectorId: 1, errorCode: "NoError", status }
        : {
            timestamp: new Date().toISOString(),
            connectorStatus: status === "Charging" ? "Occupied" : status,
            evseId: 1,
            connectorId: 1,
          },
    );
    return peer;
  }

  const base = (depot = depotId) => `${server.url}/electrify/operations/${depot}`;
  async function post(path: string, body: URLSearchParams | FormData, cookie = owner, depot = depotId) {
    const answer = await fetch(`${base(depot)}${path}.data`, {
      method: "POST",
      redirect: "manual",
      headers: {
        origin: server.url,
        cookie,
        ...(body instanceof URLSearchParams ? { "content-type": "application/x-www-form-urlencoded" } : {}),
      },
      body,
    });
    const decoded = await decodeViaTurboStream(answer.body!, globalThis);
    const value = decoded.value as { data?: Record<string, unknown> } | undefined;
    return { status: answer.status, body: value?.data ?? {} };
  }
  const text = async (path: string, cookie = owner, depot = depotId) => {
    const answer = await fetch(`${base(depot)}${path}`, { headers: { cookie } });
    return { status: answer.status, text: (await answer.text()).replaceAll("<!-- -->", "") };
  };
  async function until<T>(what: string, check: () => T | undefined | Promise<T | undefined>, ms = 20_000): Promise<T> {
    const deadline = Date.now() + ms;
    for (;;) {
      const value = await check();
      if (value) return value;
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  const lastRollout = async () =>
    (
      await runtime.database.db
        .selectFrom("firmware_rollouts")
        .select("id")
        .orderBy("id", "desc")
        .executeTakeFirstOrThrow()
    ).id;
  const updatesSent = (identity: string) =>
    peers
      .get(identity)!
      .received.filter((c) => c.action === "UpdateFirmware")
      .map((c) => c.payload);
  const locationOf = (payload: Record<string, unknown>) =>
    String(payload.location ?? (payload.firmware as { location: string }).location);

  async function uploadImage(version: string) {
    const form = new FormData();
    form.set("intent", "upload-image");
    form.set("version", version);
    form.set("image", new Blob([image]), "vx-firmware.bin");
    const uploaded = await post("/firmware", form);
    expect(uploaded.body).toMatchObject({ ok: true });
    const row = await runtime.database.db
      .selectFrom("firmware_images")
      .select(["id", "sha256"])
      .where("version", "=", version)
      .executeTakeFirstOrThrow();
    expect(row.sha256).toBe(createHash("sha256").update(image).digest("hex"));
    return row.id;
  }

  it("rolls an image out in waves: the first charger alone, the next two only once it installed and came back, paused at a failure", async () => {
    for (const identity of ["FW-1", "FW-2", "FW-3"]) await charger(identity, "ocpp1.6", "1.0");
    const imageId = await uploadImage("2.0");
    const started = await post(
      "/firmware",
      new URLSearchParams({ intent: "start-rollout", imageId: String(imageId), model: "VX-1", firstWave: "1" }),
    );
    expect(started.body).toMatchObject({ ok: true });
    const first = await until("the first wave", () => updatesSent("FW-1")[0]);
    // The image at its one-time URL, byte for byte; nobody else's charger was sent anything yet.
    const download = await fetch(locationOf(first));
    expect(Buffer.from(await download.arrayBuffer()).equals(image)).toBe(true);
    expect(updatesSent("FW-2").length + updatesSent("FW-3").length).toBe(0);
    for (const status of ["Downloading", "Downloaded", "Installing"])
      await peers.get("FW-1")!.call("FirmwareStatusNotification", { status });
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(updatesSent("FW-2").length + updatesSent("FW-3").length).toBe(0);
    // It reboots onto the new version, then says Installed: the next wave goes out.
    await charger("FW-1", "ocpp1.6", "2.0");
    await peers.get("FW-1")!.call("FirmwareStatusNotification", { status: "Installed" });
    await until("the second wave", () => updatesSent("FW-2").length > 0 && updatesSent("FW-3").length > 0);
    // The first charger's URL is spent once its update is done.
    await until("the first update done", async () =>
      (await fetch(locationOf(first))).status === 404 ? true : undefined,
    );
    await peers.get("FW-2")!.call("FirmwareStatusNotification", { status: "InstallationFailed" });
    await charger("FW-3", "ocpp1.6", "2.0");
    await peers.get("FW-3")!.call("FirmwareStatusNotification", { status: "Installed" });
    const page = await until("the rollout paused", async () => {
      const shown = await text("/firmware");
      return shown.text.includes("paused") ? shown : undefined;
    });
    expect(page.text).toContain("1 failed in wave 2");
    for (const shown of ["VX-1", "paused", "wave 2 of 2", "2 of 3 done", "1 failed"])
      expect(page.text).toContain(shown);
    // Versions by model, as the chargers told them.
    expect(page.text).toMatch(/VX-1.*2\.0.*2/s);
  }, 60_000);

  it("rolls an image out across the company's depots: the first wave from the depot it was started at, steered only by someone who may change them all", async () => {
    const db = runtime.database.db;
    const south = await insertDepot(runtime, { user_id: fw.id, depot_name: "Firmware Yard South" });
    const elsewhere = await insertDepot(runtime, {
      user_id: nosyId,
      depot_name: "Nosy",
    });
    for (const [identity, depot] of [
      ["FW-N1", depotId],
      ["FW-S1", south],
      ["FW-S2", south],
    ] as const) {
      const made = await registerChargePoint(runtime, fw, depot, {
        identity,
        name: identity,
        connectors: 1,
        maxKw: 22,
        currentType: "AC",
      });
      ids.set(identity, made.id);
      passwords.set(identity, made.password);
      await charger(identity, "ocpp1.6", "1.0", "Available", "VX-3");
    }
    // A depot manager of the south yard alone.
    const manager = await createUser(
      runtime,
      { email: "south@fleet.example", password: "south-pass-1" },
      { ownCompany: false },
    );
    const member = await db
      .insertInto("company_members")
      .values({ company_id: fw.company!.id, user_id: manager.id, role: "depot_manager" })
      .returning("id")
      .executeTakeFirstOrThrow();
    await db.insertInto("member_depots").values({ member_id: member.id, depot_id: south }).execute();
    const southManager = await signIn(server, "south@fleet.example", "south-pass-1");
    const imageId = await uploadImage("3.0");
    const ask = (...depots: number[]) => {
      const body = new URLSearchParams({
        intent: "start-rollout",
        imageId: String(imageId),
        model: "VX-3",
        firstWave: "1",
      });
      for (const depot of depots) body.append("depotIds", String(depot));
      return body;
    };
    const rollouts = async () => (await db.selectFrom("firmware_rollouts").select("id").execute()).length;
    const before = await rollouts();
    // Another company's depot, or one the manager may not change, is refused and nothing starts.
    expect((await post("/firmware", ask(elsewhere))).status).toBe(404);
    expect((await post("/firmware", ask(depotId), southManager, south)).status).toBe(404);
    expect(await rollouts()).toBe(before);
    // The south manager sees the models and depots they may roll out to: their own yard only.
    expect((await text("/firmware", southManager, south)).text).not.toContain("Also at these depots");
    expect((await text("/firmware")).text).toContain("Also at these depots");
    const started = await post("/firmware", ask(south));
    expect(started.body).toMatchObject({
      ok: true,
      toast: { title: "Rollout of 3.0 to 3 chargers at 2 depots started" },
    });
    // The first wave is the north yard's charger alone; the south yard's wait for it.
    await until("the first wave", () => updatesSent("FW-N1")[0]);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(updatesSent("FW-S1").length + updatesSent("FW-S2").length).toBe(0);
    // It shows on the south yard's page too, said to come from another depot.
    const southPage = await text("/firmware", owner, south);
    expect(southPage.text).toContain("Across 2 depots, started at another depot");
    expect((await text("/firmware", southManager, south)).text).toContain("3.0 to VX-3");
    // The south manager may not pause what also reaches the north yard; the owner may, from either page.
    const paused = await post(
      "/firmware",
      new URLSearchParams({ intent: "pause-rollout", rolloutId: String(await lastRollout()) }),
      southManager,
      south,
    );
    expect(paused.status).toBe(404);
    expect(paused.body.ok).toBe(false);
    const rolloutId = await lastRollout();
    const byOwner = await post(
      "/firmware",
      new URLSearchParams({ intent: "pause-rollout", rolloutId: String(rolloutId) }),
      owner,
      south,
    );
    expect(byOwner.body).toMatchObject({ ok: true });
    // Installed and back: paused, so the south yard is still not sent anything; going on sends it both.
    await charger("FW-N1", "ocpp1.6", "3.0", "Available", "VX-3");
    await peers.get("FW-N1")!.call("FirmwareStatusNotification", { status: "Installed" });
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(updatesSent("FW-S1").length + updatesSent("FW-S2").length).toBe(0);
    expect(
      (await post("/firmware", new URLSearchParams({ intent: "resume-rollout", rolloutId: String(rolloutId) }))).body,
    ).toMatchObject({ ok: true });
    await until("the south yard's wave", () => updatesSent("FW-S1").length > 0 && updatesSent("FW-S2").length > 0);
  }, 60_000);

  it("holds an update while a vehicle charges on the charger, unless told otherwise", async () => {
    await charger("FW-SOLO", "ocpp1.6", "1.0", "Charging");
    const imageId = await uploadImage("2.1");
    const page = `/chargers/${ids.get("FW-SOLO")}`;
    expect(
      (await post(page, new URLSearchParams({ intent: "update-firmware", imageId: String(imageId) }))).body,
    ).toMatchObject({ ok: true });
    const shown = await until("the update held", async () => {
      const t = await text(page);
      return t.text.includes("Waiting: a vehicle is on it") ? t : undefined;
    });
    expect(shown.status).toBe(200);
    expect(updatesSent("FW-SOLO")).toEqual([]);
    // A second update while one is under way is refused.
    const again = await post(
      page,
      new URLSearchParams({ intent: "update-firmware", imageId: String(imageId), whileCharging: "on" }),
    );
    expect([again.status, again.body.ok]).toEqual([409, false]);
    // The vehicle leaves: it is sent.
    await peers
      .get("FW-SOLO")!
      .call("StatusNotification", { connectorId: 1, errorCode: "NoError", status: "Available" });
    await until("the update sent", () => updatesSent("FW-SOLO")[0], 5_000);
    // Another company's member neither sees the page nor updates it.
    expect((await text(page, outsider)).status).toBe(404);
  }, 60_000);

  it("fetches a 2.0.1 station's log over HTTPS, once, and serves it only to the depot's people", async () => {
    const peer = await charger("FW-201", "ocpp2.0.1", "5.0");
    const log = Buffer.from("2026-11-28T08:00:00Z connector 1 fault cleared\n".repeat(200));
    peer.onCall("GetLog", (payload) => {
      const location = String((payload.log as { remoteLocation: string }).remoteLocation);
      setTimeout(() => {
        const form = new FormData();
        form.set("file", new Blob([log]), "station-log.txt");
        void fetch(location, { method: "POST", body: form }).then(async (first) => {
          // The same address a second time: spent.
          const second = await fetch(location, { method: "PUT", body: log });
          await peer.call("LogStatusNotification", { status: "Uploaded", requestId: Number(payload.requestId) });
          uploads.push(first.status, second.status);
        });
      }, 50);
      return { status: "Accepted", filename: "station-log.txt" };
    });
    const uploads: number[] = [];
    const page = `/chargers/${ids.get("FW-201")}`;
    const asked = await post(page, new URLSearchParams({ intent: "fetch-logs", kind: "log", transport: "https" }));
    expect(asked.body).toMatchObject({ ok: true });
    await until("both uploads answered", () => uploads.length === 2);
    expect(uploads).toEqual([201, 404]);
    const row = await runtime.database.db
      .selectFrom("charger_uploads")
      .select(["id", "status"])
      .where("charge_point_id", "=", ids.get("FW-201")!)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe("received");
    const file = await fetch(`${base()}${page}/uploads/${row.id}`, { headers: { cookie: owner } });
    expect(Buffer.from(await file.arrayBuffer()).equals(log)).toBe(true);
    expect((await fetch(`${base()}${page}/uploads/${row.id}`, { headers: { cookie: outsider } })).status).toBe(404);
    expect((await text(page)).text).toContain("station-log.txt");
  }, 60_000);

  it("fetches a 1.6 charger's diagnostics over FTP as a one-time user, refusing anyone else", async () => {
    const peer = await charger("FW-2", "ocpp1.6", "1.0");
    const diagnostics = randomBytes(70_000);
    const outcome: string[] = [];
    peer.onCall("GetDiagnostics", (payload) => {
      const url = new URL(String(payload.location));
      setTimeout(() => {
        void (async () => {
          const wrong = new FtpClient(5_000);
          await wrong
            .access({
              host: url.hostname,
              port: Number(url.port),
              user: url.username,
              password: "not-the-password-at-all-1234567",
            })
            .then(
              () => outcome.push("wrong password let in"),
              () => outcome.push("wrong password refused"),
            );
          wrong.close();
          const ftp = new FtpClient(5_000);
          await ftp.access({
            host: url.hostname,
            port: Number(url.port),
            user: decodeURIComponent(url.username),
            password: decodeURIComponent(url.password),
          });
          await ftp.list().then(
            (l) => outcome.push(`listed ${l.length}`),
            () => outcome.push("list refused"),
          );
          const stored = await ftp.uploadFrom(Readable.from(diagnostics), `${url.pathname}vx1-diagnostics.tar.gz`);
          outcome.push(`stored ${stored.code}`);
          ftp.close();
          const again = new FtpClient(5_000);
          await again
            .access({
              host: url.hostname,
              port: Number(url.port),
              user: decodeURIComponent(url.username),
              password: decodeURIComponent(url.password),
            })
            .then(
              () => outcome.push("spent login let in"),
              () => outcome.push("spent login refused"),
            );
          again.close();
          await peer.call("DiagnosticsStatusNotification", { status: "Uploaded" });
        })().catch((error: unknown) => outcome.push(`failed: ${String(error)}`));
      }, 50);
      return { fileName: "vx1-diagnostics.tar.gz" };
    });
    const page = `/chargers/${ids.get("FW-2")}`;
    const asked = await post(
      page,
      new URLSearchParams({ intent: "fetch-logs", kind: "diagnostics", transport: "ftp" }),
    );
    expect(asked.body).toMatchObject({ ok: true });
    const location = String(peer.received.find((c) => c.action === "GetDiagnostics")!.payload.location);
    expect(location).toMatch(new RegExp(`^ftp://u\\d+:[\\w-]{32}@127\\.0\\.0\\.1:${ftpPort}/$`));
    await until("the FTP upload", () => outcome.length >= 4);
    expect(outcome).toEqual(["wrong password refused", "listed 0", "stored 226", "spent login refused"]);
    const row = await runtime.database.db
      .selectFrom("charger_uploads")
      .select(["id", "status", "file_name"])
      .where("charge_point_id", "=", ids.get("FW-2")!)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: "received", file_name: "vx1-diagnostics.tar.gz" });
    const file = await fetch(`${base()}${page}/uploads/${row.id}`, { headers: { cookie: owner } });
    expect(Buffer.from(await file.arrayBuffer()).equals(diagnostics)).toBe(true);
  }, 60_000);
  it("fetches diagnostics over FTPS: the one-time user logs in only after AUTH TLS, and the certificate is the authority's", async () => {
    const peer = await charger("FW-3", "ocpp1.6", "2.0");
    const diagnostics = randomBytes(40_000);
    const outcome: string[] = [];
    const root = (
      await runtime.database.db.selectFrom("charger_authority").select("certificate_pem").executeTakeFirstOrThrow()
    ).certificate_pem;
    peer.onCall("GetDiagnostics", (payload) => {
      const url = new URL(String(payload.location));
      const login = {
        host: url.hostname,
        port: Number(url.port),
        user: decodeURIComponent(url.username),
        password: decodeURIComponent(url.password),
      };
      setTimeout(() => {
        void (async () => {
          // In clear, the right password is refused (and nothing is spent).
          const plain = new FtpClient(5_000);
          await plain.access(login).then(
            () => outcome.push("plain login let in"),
            () => outcome.push("plain login refused"),
          );
          plain.close();
          // Over TLS, checked against the product's authority (as a charger given its root would).
          const ftps = new FtpClient(5_000);
          await ftps.access({ ...login, secure: true, secureOptions: { ca: root, servername: "127.0.0.1" } });
          outcome.push(`tls ${ftps.ftp.socket.constructor.name}`);
          const stored = await ftps.uploadFrom(Readable.from(diagnostics), "vx1-diagnostics-tls.tar.gz");
          outcome.push(`stored ${stored.code}`);
          ftps.close();
          await peer.call("DiagnosticsStatusNotification", { status: "Uploaded" });
        })().catch((error: unknown) => outcome.push(`failed: ${String(error)}`));
      }, 50);
      return { fileName: "vx1-diagnostics-tls.tar.gz" };
    });
    const page = `/chargers/${ids.get("FW-3")}`;
    const shown = await text(page);
    expect(shown.text).toContain("FTPS (FTP over TLS)");
    const asked = await post(
      page,
      new URLSearchParams({ intent: "fetch-logs", kind: "diagnostics", transport: "ftps" }),
    );
    expect(asked.body).toMatchObject({ ok: true });
    const location = String(peer.received.find((c) => c.action === "GetDiagnostics")!.payload.location);
    expect(location).toMatch(new RegExp(`^ftps://u\\d+:[\\w-]{32}@127\\.0\\.0\\.1:${ftpPort}/$`));
    await until("the FTPS upload", () => outcome.length >= 3);
    expect(outcome).toEqual(["plain login refused", "tls TLSSocket", "stored 226"]);
    const row = await runtime.database.db
      .selectFrom("charger_uploads")
      .select(["id", "status", "transport"])
      .where("charge_point_id", "=", ids.get("FW-3")!)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: "received", transport: "ftps" });
    const file = await fetch(`${base()}${page}/uploads/${row.id}`, { headers: { cookie: owner } });
    expect(Buffer.from(await file.arrayBuffer()).equals(diagnostics)).toBe(true);
  }, 60_000);
});
