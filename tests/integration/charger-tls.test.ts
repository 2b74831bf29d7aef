import { execFileSync } from "node:child_process";
import { X509Certificate } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { UNSAFE_decodeViaTurboStream as decodeViaTurboStream } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { registerChargePoint } from "~/features/chargers/index.server";
import { createUser } from "~/features/users/index.server";
import type { Runtime } from "~/lib/runtime.server";
import { calendarDay } from "~/lib/uk-dates";

import { signIn, startAppServer, type AppServer } from "../support/app-server";
import { certificateRequest } from "../support/certificate-request";
import { insertDepot } from "../support/depots";
import { freePort } from "../support/free-port";
import { basicAuth, connectOcppPeer, upgradeStatus, type OcppPeer, type PeerTls } from "../support/ocpp-peer";
import { createTestDatabase } from "../support/test-database";
import { openTestRuntime } from "../support/test-runtime";
import { viewerOf } from "../support/viewers";

/**
 * Issue 59, item 6: chargers over the product's own TLS listener. A station's key and certificate request are made by
 * OpenSSL's command line, its certificate is checked by Node's X509Certificate (neither is the server's @peculiar/x509),
 * and the station is the independent peer (typed-ocpp over undici's WebSocket, not ocpp-rpc over ws).
 */
describe("chargers over TLS, with certificates the product issues", () => {
  let runtime: Runtime;
  let server: AppServer;
  let tlsUrl = "";
  let depotId = 0;
  let owner = "";
  const ids: Record<string, number> = {};
  const passwords: Record<string, string> = {};
  const peers: OcppPeer[] = [];
  const dir = mkdtempSync(path.join(tmpdir(), "charger-tls-"));

  beforeAll(async () => {
    const database = await createTestDatabase("sqlite");
    runtime = await openTestRuntime(database);
    const user = await viewerOf(
      runtime,
      await createUser(runtime, { email: "tls@fleet.example", password: "tls-pass-123" }),
    );
    depotId = await insertDepot(runtime, { user_id: user.id, depot_name: "Locked Yard" });
    for (const identity of ["TLS-201", "FALL-201", "TLS-16", "RAISE-16", "BACK-16"]) {
      const registered = await registerChargePoint(runtime, user, depotId, {
        identity,
        name: identity,
        connectors: 1,
        maxKw: 22,
        currentType: "AC",
      });
      ids[identity] = registered.id;
      passwords[identity] = registered.password;
    }
    const tlsPort = await freePort();
    server = await startAppServer({ DATA_DIR: database.dataDir, OCPP_TLS_PORT: String(tlsPort) });
    tlsUrl = `https://127.0.0.1:${tlsPort}`;
    owner = await signIn(server, "tls@fleet.example", "tls-pass-123");
  });
  afterAll(async () => {
    for (const peer of peers) await peer.close().catch(() => undefined);
    await server?.stop();
    await runtime?.database.destroy();
    rmSync(dir, { recursive: true, force: true });
  });

  async function act(identity: string, fields: Record<string, string>) {
    const answer = await fetch(`${server.url}/electrify/operations/${depotId}/chargers/${ids[identity]}.data`, {
      method: "POST",
      headers: { origin: server.url, cookie: owner, "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams(fields),
    });
    const decoded = await decodeViaTurboStream(answer.body!, globalThis);
    return { status: answer.status, ...(decoded.value as { data: { ok: boolean; toast?: { title: string } } }).data };
  }
  async function plain(identity: string, version: "ocpp1.6" | "ocpp2.0.1" = "ocpp2.0.1") {
    const peer = await connectOcppPeer(server.url, identity, passwords[identity]!, version);
    peers.push(peer);
    return peer;
  }
  async function secure(
    identity: string,
    password: string | null,
    tls: PeerTls,
    version: "ocpp1.6" | "ocpp2.0.1" = "ocpp2.0.1",
  ) {
    const peer = await connectOcppPeer(tlsUrl, identity, password, version, tls);
    peers.push(peer);
    return peer;
  }
  const request = (name: string, commonName: string) => certificateRequest(dir, name, commonName);
  const profileOf = (identity: string) =>
    runtime.database.db
      .selectFrom("charge_points")
      .select(["security_profile", "security_profile_target", "security_profile_detail", "connected_profile"])
      .where("id", "=", ids[identity]!)
      .executeTakeFirstOrThrow();
  const until = async (check: () => boolean | Promise<boolean>) => {
    for (let i = 0; i < 200 && !(await check()); i++) await new Promise((resolve) => setTimeout(resolve, 25));
    expect(await check()).toBe(true);
  };

  let station = { key: "", chain: "", root: "" };

  it("signs a station's own request, refuses one naming another charger, and sends the certificate after answering", async () => {
    const peer = await plain("TLS-201");
    const signed: string[] = [];
    peer.onCall("TriggerMessage", () => ({ status: "Accepted" }));
    peer.onCall("CertificateSigned", (payload) => {
      signed.push(payload.certificateChain as string);
      return { status: "Accepted" };
    });
    expect((await act("TLS-201", { intent: "ask-certificate" })).toast?.title).toMatch(/Asked/);
    expect(peer.received.at(-1)).toMatchObject({
      action: "TriggerMessage",
      payload: { requestedMessage: "SignChargingStationCertificate" },
    });

    const other = request("other", "FALL-201");
    expect(await peer.call("SignCertificate", { csr: other.csr })).toMatchObject({
      status: "Rejected",
      statusInfo: { additionalInfo: expect.stringContaining('names "FALL-201", not "TLS-201"') },
    });
    expect(await peer.call("SignCertificate", { csr: "not a request" })).toMatchObject({ status: "Rejected" });

    const own = request("own", "TLS-201");
    expect(await peer.call("SignCertificate", { csr: own.csr })).toEqual({ status: "Accepted" });
    await until(() => signed.length === 1);
    // Asked again at once, it is refused: each request signs a certificate.
    expect(await peer.call("SignCertificate", { csr: own.csr })).toMatchObject({ status: "Rejected" });

    const [leafPem, rootPem] = signed[0]!.split(/(?<=-----END CERTIFICATE-----\n?)/).filter((s) => s.trim());
    const leaf = new X509Certificate(leafPem!);
    const root = new X509Certificate(rootPem!);
    expect(leaf.subject).toContain("CN=TLS-201");
    expect(leaf.checkIssued(root)).toBe(true);
    expect(leaf.verify(root.publicKey)).toBe(true);
    expect(leaf.ca).toBe(false);
    expect(leaf.keyUsage).toContain("1.3.6.1.5.5.7.3.2"); // clientAuth
    // The certificate is for the key the station made: its private key never left it.
    expect(leaf.checkPrivateKey(await import("node:crypto").then((c) => c.createPrivateKey(own.key)))).toBe(true);
    station = { key: own.key, chain: signed[0]!, root: rootPem! };
    await peer.close();
  });

  it("raises a station to profile 3 step by step: root installed, new network profile first, reset, then over mutual TLS only", async () => {
    const peer = await plain("TLS-201");
    const installed: string[] = [];
    peer.onCall("InstallCertificate", (payload) => {
      installed.push(payload.certificate as string);
      return { status: "Accepted" };
    });
    peer.onCall("GetVariables", () => ({
      getVariableResult: [
        {
          attributeStatus: "Accepted",
          attributeValue: "1",
          component: { name: "OCPPCommCtrlr" },
          variable: { name: "NetworkConfigurationPriority" },
        },
      ],
    }));
    peer.onCall("SetNetworkProfile", () => ({ status: "Accepted" }));
    peer.onCall("SetVariables", () => ({
      setVariableResult: [
        {
          attributeStatus: "Accepted",
          component: { name: "OCPPCommCtrlr" },
          variable: { name: "NetworkConfigurationPriority" },
        },
      ],
    }));
    peer.onCall("Reset", () => ({ status: "Accepted" }));
    const raised = await act("TLS-201", { intent: "raise-profile", profile: "3" });
    expect(raised.toast?.title).toMatch(/Raising to profile 3/);
    const network = peer.received.find((r) => r.action === "SetNetworkProfile")!.payload as {
      configurationSlot: number;
      connectionData: { securityProfile: number; ocppCsmsUrl: string };
    };
    expect(network.configurationSlot).toBe(2);
    expect(network.connectionData).toMatchObject({
      securityProfile: 3,
      ocppCsmsUrl: `wss://localhost:${new URL(tlsUrl).port}/ocpp`,
    });
    const priority = peer.received.find((r) => r.action === "SetVariables")!.payload as {
      setVariableData: { attributeValue: string }[];
    };
    expect(priority.setVariableData[0]!.attributeValue).toBe("2,1");
    expect(installed).toEqual([station.root]);
    expect(peer.received.at(-1)?.action).toBe("Reset");
    // Until it has connected the new way, the old way still works: nothing is cut off midway.
    expect((await profileOf("TLS-201")).security_profile).toBe(1);
    await peer.close();

    const tls = { ca: installed[0]!, cert: station.chain, key: station.key };
    const rebooted = await secure("TLS-201", null, tls);
    await rebooted.call("BootNotification", {
      reason: "PowerUp",
      chargingStation: { vendorName: "Volt", model: "VX-3" },
    });
    expect(await profileOf("TLS-201")).toMatchObject({
      security_profile: 3,
      security_profile_target: null,
      connected_profile: 3,
    });
    await rebooted.close();

    // Now below profile 3 it is refused, with the password or without; and its certificate names only it.
    const auth = basicAuth("TLS-201", passwords["TLS-201"]!);
    expect(await upgradeStatus(server.url, "/ocpp/TLS-201", { protocol: "ocpp2.0.1", authorization: auth })).toBe(401);
    expect(
      await upgradeStatus(tlsUrl, "/ocpp/TLS-201", { protocol: "ocpp2.0.1", authorization: auth, tls: { ca: tls.ca } }),
    ).toBe(401);
    expect(await upgradeStatus(tlsUrl, "/ocpp/FALL-201", { protocol: "ocpp2.0.1", tls })).toBe(401);
    // A certificate for its name that the product did not issue is refused too.
    const forged = request("forged", "TLS-201");
    const selfSigned = execFileSync("openssl", ["x509", "-req", "-days", "30", "-key", path.join(dir, "forged.key")], {
      input: forged.csr,
    }).toString();
    expect(
      await upgradeStatus(tlsUrl, "/ocpp/TLS-201", {
        protocol: "ocpp2.0.1",
        tls: { ca: tls.ca, cert: selfSigned, key: forged.key },
      }),
    ).toBe(401);
    const events = await runtime.database.db
      .selectFrom("charge_point_events")
      .select("detail")
      .where("kind", "=", "security")
      .execute();
    const said = events.map((e) => e.detail).join("\n");
    expect(said).toContain("Connection refused: profile 1, where it must use profile 3");
    expect(said).toContain("Connection refused: the certificate of another charger");
    expect(said).toContain("Connection refused: a certificate Electrify did not issue");
  });

  it("keeps a station that cannot connect the new way at its old profile, and shows the card", async () => {
    const peer = await plain("FALL-201");
    peer.onCall("InstallCertificate", () => ({ status: "Accepted" }));
    peer.onCall("GetVariables", () => ({
      getVariableResult: [
        {
          attributeStatus: "Accepted",
          attributeValue: "0,1",
          component: { name: "OCPPCommCtrlr" },
          variable: { name: "NetworkConfigurationPriority" },
        },
      ],
    }));
    peer.onCall("SetNetworkProfile", () => ({ status: "Accepted" }));
    peer.onCall("SetVariables", () => ({
      setVariableResult: [
        {
          attributeStatus: "Accepted",
          component: { name: "OCPPCommCtrlr" },
          variable: { name: "NetworkConfigurationPriority" },
        },
      ],
    }));
    peer.onCall("Reset", () => ({ status: "Accepted" }));
    // Profile 3 needs a certificate first; profile 2 does not.
    expect(await act("FALL-201", { intent: "raise-profile", profile: "3" })).toMatchObject({ ok: false, status: 409 });
    expect((await act("FALL-201", { intent: "raise-profile", profile: "2" })).ok).toBe(true);
    expect(await act("FALL-201", { intent: "raise-profile", profile: "2" })).toMatchObject({ ok: false, status: 409 });
    await peer.close();
    // It could not reach the TLS listener, so it fell back to its old slot: plain, with its password.
    await plain("FALL-201");
    expect(await profileOf("FALL-201")).toMatchObject({
      security_profile: 1,
      security_profile_target: null,
      security_profile_detail: "It came back over profile 1, not 2, so it stays at profile 1",
    });

    const page = await fetch(`${server.url}/electrify/operations/${depotId}/chargers/${ids["TLS-201"]}`, {
      headers: { cookie: owner },
    }).then((r) => r.text());
    expect(page).toContain("Secure connection");
    expect(page).toContain("Profile 3: TLS with the charger&#x27;s certificate");
    expect(page).toMatch(/valid until \d{2} \w{3} \d{4}, in use/);
  });

  it("asks a station for its next certificate a month before this one ends, and a revoked one disconnects it for good", async () => {
    // Its certificate ends in ten days (as the product recorded it).
    const ends = new Date(Date.now() + 10 * 86_400_000).toISOString();
    await runtime.database.db
      .updateTable("charger_certificates")
      .set({ not_after: ends })
      .where("charge_point_id", "=", ids["TLS-201"]!)
      .execute();
    const tls = { ca: station.root, cert: station.chain, key: station.key };
    const peer = await secure("TLS-201", null, tls);
    peer.onCall("TriggerMessage", () => ({ status: "Accepted" }));
    await peer.call("BootNotification", { reason: "PowerUp", chargingStation: { vendorName: "Volt", model: "VX-3" } });
    await until(() => peer.received.some((r) => r.action === "TriggerMessage"));
    expect(peer.received.find((r) => r.action === "TriggerMessage")!.payload).toEqual({
      requestedMessage: "SignChargingStationCertificate",
    });
    const page = await fetch(`${server.url}/electrify/operations/${depotId}/chargers/${ids["TLS-201"]}`, {
      headers: { cookie: owner },
    }).then((r) => r.text());
    expect(page).toContain(
      `It is asked for the next one from ${calendarDay(new Date(Date.parse(ends) - 30 * 86_400_000).toISOString())}`,
    );

    // Revoked from the office: disconnected at once, and refused from then on.
    const revoked = await act("TLS-201", { intent: "revoke-certificate" });
    expect(revoked.toast?.title).toBe("Its certificate was revoked, and it was disconnected");
    expect((await peer.closed).code).toBe(1008);
    expect(await upgradeStatus(tlsUrl, "/ocpp/TLS-201", { protocol: "ocpp2.0.1", tls })).toBe(401);
    expect((await profileOf("TLS-201")).security_profile_detail).toMatch(/^Its certificate was revoked/);
    const again = await act("TLS-201", { intent: "revoke-certificate" });
    expect(again).toMatchObject({ status: 409, ok: false });
    const said = await runtime.database.db
      .selectFrom("charge_point_events")
      .select("detail")
      .where("charge_point_id", "=", ids["TLS-201"]!)
      .where("kind", "=", "security")
      .execute();
    expect(said.map((e) => e.detail)).toEqual(
      expect.arrayContaining([
        `Its certificate ends on ${calendarDay(ends)}: asked it for a new one (Accepted)`,
        expect.stringMatching(/^Certificate revoked from the office: [0-9A-F]{12}…$/i),
        "Connection refused: a revoked certificate",
      ]),
    );
  });

  it("signs a 1.6 charger's request through the security extension", async () => {
    const peer = await plain("TLS-16", "ocpp1.6");
    const signed: string[] = [];
    peer.onCall("ExtendedTriggerMessage", () => ({ status: "Accepted" }));
    peer.onCall("CertificateSigned", (payload) => {
      signed.push(payload.certificateChain as string);
      return { status: "Accepted" };
    });
    expect((await act("TLS-16", { intent: "ask-certificate" })).ok).toBe(true);
    expect(peer.received.at(-1)?.payload).toEqual({ requestedMessage: "SignChargePointCertificate" });
    expect(await peer.call("SignCertificate", { csr: request("v16", "TLS-16").csr })).toEqual({ status: "Accepted" });
    await until(() => signed.length === 1);
    expect(new X509Certificate(signed[0]!).subject).toContain("CN=TLS-16");
  });

  /** A 1.6 charger keeping its server address in `key` (a maker's key), answering SecurityProfile with `profile`. */
  async function charger16(identity: string, key: string, profile: "Accepted" | "Rejected") {
    const peer = await plain(identity, "ocpp1.6");
    const kept: Record<string, string> = { [key]: `ws://localhost:${new URL(server.url).port}/ocpp` };
    peer.onCall("InstallCertificate", () => ({ status: "Accepted" }));
    peer.onCall("GetConfiguration", (payload) => ({
      configurationKey: ((payload.key as string[] | undefined) ?? Object.keys(kept))
        .filter((k) => k in kept)
        .map((k) => ({ key: k, readonly: false, value: kept[k] })),
      unknownKey: ((payload.key as string[] | undefined) ?? []).filter((k) => !(k in kept)),
    }));
    peer.onCall("ChangeConfiguration", (payload) => {
      if (payload.key === "SecurityProfile") return { status: profile };
      if (!(String(payload.key) in kept)) return { status: "NotSupported" };
      kept[String(payload.key)] = String(payload.value);
      return { status: "Accepted" };
    });
    peer.onCall("Reset", () => ({ status: "Accepted" }));
    return { peer, kept };
  }

  it("raises a 1.6 charger to profile 2: the TLS listener's address in its maker's key, then SecurityProfile, then a reset", async () => {
    const { peer, kept } = await charger16("RAISE-16", "CentralSystemAddress", "Accepted");
    // Its configuration read from the office: the card offers the key it found.
    expect((await act("RAISE-16", { intent: "read-settings" })).ok).toBe(true);
    const page = await fetch(`${server.url}/electrify/operations/${depotId}/chargers/${ids["RAISE-16"]}`, {
      headers: { cookie: owner },
    });
    expect(await page.text()).toMatch(/name="addressKey"[^>]*value="CentralSystemAddress"/);
    // A key that is not a key is refused before anything is sent.
    const bad = await act("RAISE-16", { intent: "raise-profile", profile: "2", addressKey: "Central System/URL" });
    expect([bad.status, bad.ok]).toEqual([400, false]);
    expect(peer.received.filter((r) => r.action === "ChangeConfiguration")).toEqual([]);
    const raised = await act("RAISE-16", { intent: "raise-profile", profile: "2", addressKey: "CentralSystemAddress" });
    expect(raised.toast?.title).toMatch(/Raising to profile 2/);
    const address = `wss://localhost:${new URL(tlsUrl).port}/ocpp`;
    expect(
      peer.received.filter((r) => ["ChangeConfiguration", "Reset"].includes(r.action)).map((r) => r.payload),
    ).toEqual([
      { key: "CentralSystemAddress", value: address },
      { key: "SecurityProfile", value: "2" },
      { type: "Soft" },
    ]);
    expect(kept.CentralSystemAddress).toBe(address);
    expect((await profileOf("RAISE-16")).security_profile).toBe(1);
    await peer.close();
    // It comes back at the address it was given, over TLS with its password: profile 2 from now on.
    const root = (
      await runtime.database.db.selectFrom("charger_authority").select("certificate_pem").executeTakeFirstOrThrow()
    ).certificate_pem;
    const back = await secure("RAISE-16", passwords["RAISE-16"]!, { ca: root }, "ocpp1.6");
    await back.call("BootNotification", { chargePointVendor: "Volt", chargePointModel: "VX-16" });
    expect(await profileOf("RAISE-16")).toMatchObject({
      security_profile: 2,
      security_profile_target: null,
      connected_profile: 2,
    });
    await back.close();
    const auth = basicAuth("RAISE-16", passwords["RAISE-16"]!);
    expect(await upgradeStatus(server.url, "/ocpp/RAISE-16", { protocol: "ocpp1.6", authorization: auth })).toBe(401);
  });

  it("sets a 1.6 charger's address back when it will not take the new profile, and keeps it at its old one", async () => {
    const { peer, kept } = await charger16("BACK-16", "ConnectionUrl", "Rejected");
    const before = kept.ConnectionUrl;
    const refused = await act("BACK-16", { intent: "raise-profile", profile: "2", addressKey: "ConnectionUrl" });
    expect([refused.status, refused.ok]).toEqual([409, false]);
    expect(refused.toast?.title).toBe("Not raised: it answered Rejected to SecurityProfile");
    expect(kept.ConnectionUrl).toBe(before);
    expect(peer.received.some((r) => r.action === "Reset")).toBe(false);
    expect(await profileOf("BACK-16")).toMatchObject({ security_profile: 1, security_profile_target: null });
    // A key it does not have is said, and nothing is changed.
    const unknown = await act("BACK-16", { intent: "raise-profile", profile: "2", addressKey: "OcppServerUrl" });
    expect(unknown.toast?.title).toBe("Not raised: it has no key OcppServerUrl");
    expect(kept.ConnectionUrl).toBe(before);
  });

  it("revokes a certificate the charger would not install, and signs at most five a day for a charger that keeps asking", async () => {
    const peer = await plain("FALL-201");
    peer.onCall("CertificateSigned", () => ({
      status: "Rejected",
      statusInfo: { reasonCode: "NoRoom", additionalInfo: "Storage full" },
    }));
    expect(await peer.call("SignCertificate", { csr: request("full", "FALL-201").csr })).toEqual({
      status: "Accepted",
    });
    const issued = () =>
      runtime.database.db
        .selectFrom("charger_certificates")
        .selectAll()
        .where("charge_point_id", "=", ids["FALL-201"]!)
        .execute();
    await until(async () => (await issued())[0]?.revoked_at != null);
    const said = async () =>
      (
        await runtime.database.db
          .selectFrom("charge_point_events")
          .select("detail")
          .where("charge_point_id", "=", ids["FALL-201"]!)
          .execute()
      ).map((e) => e.detail);
    // The certificate is revoked, then the event written: under load the test can read between the two (a CI run did).
    await until(async () =>
      (await said()).includes("The charger did not install its certificate (Rejected: Storage full)"),
    );
    // Four more issued earlier today (as a charger retrying every few minutes would have had): the sixth is refused.
    const [first] = await issued();
    for (let i = 0; i < 4; i++)
      await runtime.database.db
        .insertInto("charger_certificates")
        .values({
          charge_point_id: first!.charge_point_id,
          subject: first!.subject,
          certificate_pem: first!.certificate_pem,
          serial: `0${i}`,
          fingerprint: `earlier-${i}`,
          not_before: new Date().toISOString(),
          not_after: new Date(Date.now() + 86_400_000).toISOString(),
          issued_at: new Date(Date.now() - (i + 2) * 3_600_000).toISOString(),
        })
        .execute();
    expect(await peer.call("SignCertificate", { csr: request("again", "FALL-201").csr })).toMatchObject({
      status: "Rejected",
      statusInfo: {
        additionalInfo: "5 certificates were issued to it in the last 24 hours; it may ask again tomorrow",
      },
    });
    expect(await issued()).toHaveLength(5);
  });
});
