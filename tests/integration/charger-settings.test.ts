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
 * Issue 59, item 5: a charger's configuration read and changed from its page, and messages asked of it, against
 * independent peers (typed-ocpp and Node's WebSocket, not the server's ocpp-rpc): two 1.6J chargers of one model that
 * keep their keys as a real one would (a read-only key, a key whose change needs a reboot) and a 2.0.1 station that
 * sends its device model in two NotifyReport parts.
 */
describe("a charger's configuration and messages", () => {
  let runtime: Runtime;
  let server: AppServer;
  let depotId = 0;
  let owner = "";
  const ids = new Map<string, number>();
  const peers = new Map<string, OcppPeer>();
  const keys16 = () =>
    new Map([
      ["HeartbeatInterval", { readonly: false, value: "300" }],
      ["MeterValueSampleInterval", { readonly: false, value: "60" }],
      ["NumberOfConnectors", { readonly: true, value: "2" }],
    ]);

  beforeAll(async () => {
    const database = await createTestDatabase("sqlite");
    runtime = await openTestRuntime(database);
    const user = await viewerOf(
      runtime,
      await createUser(runtime, { email: "config@fleet.example", password: "config-pass-1" }),
    );
    await createUser(runtime, { email: "other@fleet.example", password: "other-pass-1" });
    depotId = await insertDepot(runtime, { user_id: user.id, depot_name: "Config Yard" });
    const passwords = new Map<string, string>();
    for (const identity of ["CFG-16A", "CFG-16B", "CFG-201"]) {
      const { id, password } = await registerChargePoint(runtime, user, depotId, {
        identity,
        name: identity,
        connectors: 2,
        maxKw: 22,
        currentType: "AC",
      });
      ids.set(identity, id);
      passwords.set(identity, password);
    }
    server = await startAppServer({ DATA_DIR: database.dataDir });
    owner = await signIn(server, "config@fleet.example", "config-pass-1");
    for (const identity of ["CFG-16A", "CFG-16B"]) {
      const peer = await connectOcppPeer(server.url, identity, passwords.get(identity)!, "ocpp1.6");
      const keys = keys16();
      peer.onCall("GetConfiguration", (payload) => {
        const asked = (payload.key as string[] | undefined) ?? [...keys.keys()];
        return {
          configurationKey: asked.filter((k) => keys.has(k)).map((key) => ({ key, ...keys.get(key)! })),
          ...(asked.some((k) => !keys.has(k)) ? { unknownKey: asked.filter((k) => !keys.has(k)) } : {}),
        };
      });
      peer.onCall("ChangeConfiguration", (payload) => {
        const key = keys.get(payload.key as string);
        if (!key) return { status: "NotSupported" };
        if (key.readonly) return { status: "Rejected" };
        key.value = payload.value as string;
        return { status: payload.key === "HeartbeatInterval" ? "Accepted" : "RebootRequired" };
      });
      peer.onCall("TriggerMessage", () => ({ status: "Accepted" }));
      await peer.call("BootNotification", { chargePointVendor: "Tests", chargePointModel: "Twin" });
      peers.set(identity, peer);
    }
    const station = await connectOcppPeer(server.url, "CFG-201", passwords.get("CFG-201")!, "ocpp2.0.1");
    station.onCall("GetBaseReport", (payload) => {
      // The report comes after the answer, in two parts.
      setTimeout(() => {
        const part = (seqNo: number, tbc: boolean, reportData: unknown[]) =>
          station.call("NotifyReport", {
            requestId: payload.requestId,
            generatedAt: new Date().toISOString(),
            seqNo,
            tbc,
            reportData,
          });
        part(0, true, [
          {
            component: { name: "OCPPCommCtrlr" },
            variable: { name: "HeartbeatInterval" },
            variableAttribute: [{ type: "Actual", value: "600", mutability: "ReadWrite" }],
          },
        ]);
        part(1, false, [
          {
            component: { name: "EVSE", evse: { id: 1 } },
            variable: { name: "Power" },
            variableAttribute: [{ type: "Actual", value: "22000", mutability: "ReadOnly" }],
          },
        ]);
      }, 20);
      return { status: "Accepted" };
    });
    station.onCall("SetVariables", (payload) => ({
      setVariableResult: (
        payload.setVariableData as { component: object; variable: object; attributeValue: string }[]
      ).map((d) => ({ attributeStatus: "Accepted", component: d.component, variable: d.variable })),
    }));
    station.onCall("TriggerMessage", () => ({ status: "Accepted" }));
    await station.call("BootNotification", {
      reason: "PowerUp",
      chargingStation: { model: "Station", vendorName: "Tests" },
    });
    peers.set("CFG-201", station);
  });
  afterAll(async () => {
    for (const peer of peers.values()) await peer.close();
    await server?.stop();
    await runtime?.database.destroy();
  });

  const page = (identity: string) => `${server.url}/electrify/operations/${depotId}/chargers/${ids.get(identity)}`;
  const post = async (identity: string, fields: Record<string, string>, cookie = owner) => {
    // As the page's own form posts it (React Router's ".data" answer, decoded as the browser does).
    const answer = await fetch(`${page(identity)}.data`, {
      method: "POST",
      redirect: "manual",
      headers: { origin: server.url, cookie, "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams(fields),
    });
    const decoded = await decodeViaTurboStream(answer.body!, globalThis);
    const value = decoded.value as { data?: Record<string, unknown> } | undefined;
    return { status: answer.status, body: value?.data ?? {} };
  };
  const text = async (identity: string, cookie = owner) => {
    const answer = await fetch(page(identity), { headers: { cookie } });
    // The page's text as a person reads it (React's comment markers and escaped quotes undone).
    const html = await answer.text();
    return { status: answer.status, text: html.replaceAll("<!-- -->", "").replaceAll("&quot;", '"') };
  };
  const sent = (identity: string, action: string) =>
    peers
      .get(identity)!
      .received.filter((c) => c.action === action)
      .map((c) => c.payload);

  it("reads a 1.6J charger's keys, marks the read-only one, and changes a key on it or on every charger of its model", async () => {
    expect((await post("CFG-16A", { intent: "read-settings" })).body).toMatchObject({ ok: true });
    const shown = await text("CFG-16A");
    expect(shown.status).toBe(200);
    expect(shown.text).toContain("MeterValueSampleInterval");
    expect(shown.text).toContain("No (read-only)");
    // A read-only key is refused here, and nothing is sent.
    const refused = await post("CFG-16A", { intent: "change-setting", variable: "NumberOfConnectors", value: "4" });
    expect([refused.status, refused.body.ok]).toEqual([400, false]);
    expect(sent("CFG-16A", "ChangeConfiguration")).toEqual([]);
    // Each answer is said: RebootRequired on both of the model's chargers, one of which was never read.
    const both = await post("CFG-16A", {
      intent: "change-setting",
      variable: "MeterValueSampleInterval",
      value: "30",
      scope: "model",
    });
    expect(both.body.results).toEqual([
      { charger: "CFG-16A", status: "RebootRequired" },
      { charger: "CFG-16B", status: "RebootRequired" },
    ]);
    expect(sent("CFG-16B", "ChangeConfiguration")).toEqual([{ key: "MeterValueSampleInterval", value: "30" }]);
    const after = await text("CFG-16A");
    expect(after.text).toContain(
      'MeterValueSampleInterval set to "30": RebootRequired (takes effect when it restarts)',
    );
    // Bad input changes nothing.
    const empty = await post("CFG-16A", { intent: "change-setting", variable: "", value: "1" });
    expect(empty.body).toMatchObject({ ok: false, errors: { variable: "Name the setting" } });
    expect(sent("CFG-16A", "ChangeConfiguration")).toHaveLength(1);
  });

  it("reads a 2.0.1 station's device model as its report arrives, and sets a variable of it", async () => {
    expect((await post("CFG-201", { intent: "read-settings" })).body).toMatchObject({ ok: true });
    for (let i = 0; i < 50; i++) {
      if ((await text("CFG-201")).text.includes("EVSE · EVSE 1")) break;
      await new Promise((r) => setTimeout(r, 50));
    }
    const shown = await text("CFG-201");
    expect(shown.text).toContain("OCPPCommCtrlr");
    expect(shown.text).toContain("EVSE · EVSE 1");
    const set = await post("CFG-201", {
      intent: "change-setting",
      component: "OCPPCommCtrlr",
      variable: "HeartbeatInterval",
      value: "120",
    });
    expect(set.body.results).toEqual([{ charger: "CFG-201", status: "Accepted" }]);
    expect(sent("CFG-201", "SetVariables")).toEqual([
      {
        setVariableData: [
          { attributeValue: "120", component: { name: "OCPPCommCtrlr" }, variable: { name: "HeartbeatInterval" } },
        ],
      },
    ]);
    // A variable the station never reported is not sent.
    const unknown = await post("CFG-201", { intent: "change-setting", component: "Made", variable: "Up", value: "1" });
    expect(unknown.body).toMatchObject({ ok: false });
    expect(sent("CFG-201", "SetVariables")).toHaveLength(1);
  });

  it("asks a charger to send a message now: each connector's status from a 2.0.1 station", async () => {
    const asked = await post("CFG-201", { intent: "trigger", trigger: "status" });
    expect(asked.body).toMatchObject({ ok: true });
    expect(sent("CFG-201", "TriggerMessage")).toEqual([
      { requestedMessage: "StatusNotification", evse: { id: 1, connectorId: 1 } },
      { requestedMessage: "StatusNotification", evse: { id: 2, connectorId: 1 } },
    ]);
    await post("CFG-16A", { intent: "trigger", trigger: "logs" });
    expect(sent("CFG-16A", "TriggerMessage")).toEqual([{ requestedMessage: "DiagnosticsStatusNotification" }]);
    const bad = await post("CFG-16A", { intent: "trigger", trigger: "coffee" });
    expect(bad.body).toMatchObject({ ok: false });
  });

  it("keeps the charger's last frames both ways, on its page and as a download", async () => {
    const shown = await text("CFG-16A");
    expect(shown.text).toContain("Last OCPP frames");
    expect(shown.text).toContain("from the charger");
    const download = await fetch(`${page("CFG-16A")}/frames.jsonl`, { headers: { cookie: owner } });
    expect(download.headers.get("content-disposition")).toBe('attachment; filename="ocpp-frames-CFG-16A.jsonl"');
    const frames = (await download.text())
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line) as { direction: string; text: string });
    // Its boot (in), the configuration asked (out) and the change it answered (in), as they went over the wire.
    expect(frames.some((f) => f.direction === "in" && f.text.includes('"BootNotification"'))).toBe(true);
    expect(frames.some((f) => f.direction === "out" && f.text.includes('"ChangeConfiguration"'))).toBe(true);
    expect(frames.some((f) => f.direction === "in" && f.text.includes('"RebootRequired"'))).toBe(true);
    expect(frames.length).toBeLessThanOrEqual(50);
  });

  it("shows another company nothing of the charger, and lets it change nothing", async () => {
    const other = await signIn(server, "other@fleet.example", "other-pass-1");
    expect((await text("CFG-16A", other)).status).toBe(404);
    expect((await fetch(`${page("CFG-16A")}/frames.jsonl`, { headers: { cookie: other } })).status).toBe(404);
    const tried = await post("CFG-16A", { intent: "change-setting", variable: "HeartbeatInterval", value: "1" }, other);
    expect(tried.status).toBe(404);
    expect(sent("CFG-16A", "ChangeConfiguration")).toHaveLength(1);
  });
});
