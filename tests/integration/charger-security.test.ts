import { UNSAFE_decodeViaTurboStream as decodeViaTurboStream } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { registerChargePoint } from "~/features/chargers/index.server";
import { createUser } from "~/features/users/index.server";
import type { Runtime } from "~/lib/runtime.server";

import { signIn, startAppServer, type AppServer } from "../support/app-server";
import { insertDepot } from "../support/depots";
import { basicAuth, connectOcppPeer, upgradeStatus, type OcppPeer } from "../support/ocpp-peer";
import { createTestDatabase } from "../support/test-database";
import { openTestRuntime } from "../support/test-runtime";
import { viewerOf } from "../support/viewers";

/**
 * Issue 59, item 6 in part: a charger's password rotated with a grace period (told to the station, the old one good
 * until the new one is used or a day has passed, or stopped at once when it leaked), and a 2.0.1 station's security
 * events kept and shown. The station is an independent peer (typed-ocpp and Node's WebSocket, not ocpp-rpc).
 */
describe("a charger's password and security events", () => {
  let runtime: Runtime;
  let server: AppServer;
  let depotId = 0;
  let chargePointId = 0;
  let owner = "";
  let first = "";
  const peers: OcppPeer[] = [];

  beforeAll(async () => {
    const database = await createTestDatabase("sqlite");
    runtime = await openTestRuntime(database);
    const user = await viewerOf(
      runtime,
      await createUser(runtime, { email: "sec@fleet.example", password: "sec-pass-12" }),
    );
    depotId = await insertDepot(runtime, { user_id: user.id, depot_name: "Secure Yard" });
    const registered = await registerChargePoint(runtime, user, depotId, {
      identity: "SEC-201",
      name: "SEC-201",
      connectors: 1,
      maxKw: 22,
      currentType: "AC",
    });
    chargePointId = registered.id;
    first = registered.password;
    server = await startAppServer({ DATA_DIR: database.dataDir });
    owner = await signIn(server, "sec@fleet.example", "sec-pass-12");
  });
  afterAll(async () => {
    for (const peer of peers) await peer.close();
    await server?.stop();
    await runtime?.database.destroy();
  });

  const status = (password: string) =>
    upgradeStatus(server.url, "/ocpp/SEC-201", {
      protocol: "ocpp2.0.1",
      authorization: basicAuth("SEC-201", password),
    });
  async function station(password: string) {
    const peer = await connectOcppPeer(server.url, "SEC-201", password, "ocpp2.0.1");
    peers.push(peer);
    await peer.call("BootNotification", { reason: "PowerUp", chargingStation: { vendorName: "Volt", model: "VX-2" } });
    return peer;
  }
  async function rotate(fields: Record<string, string> = {}) {
    const answer = await fetch(`${server.url}/electrify/operations/${depotId}.data`, {
      method: "POST",
      headers: { origin: server.url, cookie: owner, "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ intent: "new-password", chargePointId: String(chargePointId), ...fields }),
    });
    const decoded = await decodeViaTurboStream(answer.body!, globalThis);
    return (decoded.value as { data: { ok: boolean; toast?: { title: string }; credentials: { password: string } } })
      .data;
  }

  it("tells a connected station its new password, keeps the old one good until the new one is used, and revokes at once when asked", async () => {
    const peer = await station(first);
    const told: string[] = [];
    peer.onCall("SetVariables", (payload) => {
      const [data] = payload.setVariableData as { attributeValue: string; variable: { name: string } }[];
      told.push(`${data!.variable.name}=${data!.attributeValue}`);
      return {
        setVariableResult: [
          {
            attributeStatus: "Accepted",
            component: { name: "SecurityCtrlr" },
            variable: { name: "BasicAuthPassword" },
          },
        ],
      };
    });
    const rotated = await rotate();
    expect(rotated.toast?.title).toContain("the charger took it; the old one works for 24 hours");
    const second = rotated.credentials.password;
    expect(told).toEqual([`BasicAuthPassword=${second}`]);
    // Within the grace both passwords open the connection; a wrong one never does.
    expect(await status(first)).toBe(101);
    expect(await status(second)).toBe(101);
    expect(await status("not-a-password-of-this-station")).toBe(401);
    // The station reconnects with the new one: the old one's grace ends.
    await station(second);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await status(first)).toBe(401);
    // A password that leaked: the old one stops at once, and the station is not told (the leak would hear it).
    const revoked = await rotate({ revoke: "on" });
    expect(revoked.toast?.title).toContain("the old one no longer works");
    expect(await status(second)).toBe(401);
    expect(await status(revoked.credentials.password)).toBe(101);
    expect(told).toHaveLength(1);
  });

  it("keeps a 2.0.1 station's security events and shows them on its page", async () => {
    const third = (await rotate({ revoke: "on" })).credentials.password;
    const peer = await station(third);
    await peer.call("SecurityEventNotification", {
      type: "InvalidFirmwareSignature",
      timestamp: "2026-11-28T09:00:00.000Z",
      techInfo: "image 2.3 signed by an unknown key",
    });
    const page = await fetch(`${server.url}/electrify/operations/${depotId}/chargers/${chargePointId}`, {
      headers: { cookie: owner },
    });
    const text = (await page.text()).replaceAll("<!-- -->", "");
    expect(text).toContain("Security events");
    expect(text).toContain("InvalidFirmwareSignature: image 2.3 signed by an unknown key");
  });
});
