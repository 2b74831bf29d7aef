/**
 * A simulated charger's upkeep, for the fleet operations bench (issue 59): it keeps a local list (full and
 * differential SendLocalList with versions, GetLocalListVersion, its limits told through GetConfiguration or
 * GetVariables), installs firmware (downloads the image from the URL it is sent, reports Downloading, Downloaded,
 * Installing, reboots with the new version and reports Installed), and uploads a log to the URL it is sent. What it
 * did is counted for the bench to print.
 */
import type { IHandlersOption } from "ocpp-rpc";

import type { SimCharger } from "./sim-charger";

/** What one charger takes in a list message, as many real ones say. */
const ITEMS_PER_MESSAGE = 500;

export type Upkeep = {
  listVersion: number;
  listSize: number;
  listMessages: number;
  firmware: string;
  installedAt: number | null;
  uploadedAt: number | null;
};

export function addUpkeep(sim: SimCharger, reboot: (firmware: string) => Promise<void>): Upkeep {
  const state: Upkeep = {
    listVersion: 0,
    listSize: 0,
    listMessages: 0,
    firmware: "sim-1",
    installedAt: null,
    uploadedAt: null,
  };
  const v16 = sim.protocol === "ocpp1.6";
  const list = new Set<string>();
  const client = sim.client;
  // Only the keys asked, the others unknown, as a charger answers (it limits its power: SmartCharging).
  const configuration: Record<string, string> = {
    SupportedFeatureProfiles: "Core,SmartCharging,LocalAuthListManagement,FirmwareManagement,RemoteTrigger",
    LocalAuthListEnabled: "true",
    LocalAuthListMaxLength: "20000",
    SendLocalListMaxLength: String(ITEMS_PER_MESSAGE),
  };
  client.handle("GetConfiguration", async ({ params }: IHandlersOption) => {
    const asked = ((params as { key?: string[] }).key ?? Object.keys(configuration)) as string[];
    return {
      configurationKey: asked
        .filter((key) => key in configuration)
        .map((key) => ({ key, readonly: true, value: configuration[key] })),
      unknownKey: asked.filter((key) => !(key in configuration)),
    };
  });
  client.handle("GetVariables", async ({ params }: IHandlersOption) => ({
    getVariableResult: (params!.getVariableData as { component: object; variable: { name: string } }[]).map((d) => ({
      attributeStatus: "Accepted",
      component: d.component,
      variable: d.variable,
      attributeValue:
        d.variable.name === "ItemsPerMessage"
          ? String(ITEMS_PER_MESSAGE)
          : d.variable.name === "BytesPerMessage"
            ? "65000"
            : "true",
    })),
  }));
  client.handle("GetLocalListVersion", async () =>
    v16 ? { listVersion: state.listVersion } : { versionNumber: state.listVersion },
  );
  client.handle("SendLocalList", async ({ params }: IHandlersOption) => {
    const p = params as {
      listVersion?: number;
      versionNumber?: number;
      updateType: "Full" | "Differential";
      localAuthorizationList?: {
        idTag?: string;
        idToken?: { idToken: string };
        idTagInfo?: unknown;
        idTokenInfo?: unknown;
      }[];
    };
    state.listMessages++;
    if (p.updateType === "Full" && (p.listVersion ?? p.versionNumber) !== state.listVersion) list.clear();
    for (const entry of p.localAuthorizationList ?? []) {
      const tag = entry.idTag ?? entry.idToken?.idToken ?? "";
      if (entry.idTagInfo ?? entry.idTokenInfo) list.add(tag);
      else list.delete(tag);
    }
    state.listVersion = p.listVersion ?? p.versionNumber ?? state.listVersion;
    state.listSize = list.size;
    return { status: "Accepted" };
  });
  client.handle("UpdateFirmware", async ({ params }: IHandlersOption) => {
    const p = params as { location?: string; requestId?: number; firmware?: { location: string } };
    const location = p.location ?? p.firmware!.location;
    setTimeout(() => void install(location, p.requestId), 50);
    return v16 ? {} : { status: "Accepted" };
  });
  const notify = (status: string, requestId?: number) =>
    client.call("FirmwareStatusNotification", v16 ? { status } : { status, requestId });
  async function install(location: string, requestId?: number) {
    try {
      await notify("Downloading", requestId);
      const image = await fetch(location);
      if (!image.ok) return void (await notify("DownloadFailed", requestId));
      const version = (await image.text()).trim();
      await notify("Downloaded", requestId);
      await notify("Installing", requestId);
      state.firmware = version;
      await reboot(version);
      await notify("Installed", requestId);
      state.installedAt = Date.now();
    } catch {
      // The bench counts chargers that never said Installed.
    }
  }
  const upload = async (location: string, requestId?: number) => {
    const body = new FormData();
    body.set("file", new Blob([`log of ${sim.identity}\n`.repeat(200)]), `${sim.identity}.log`);
    const answer = await fetch(location, { method: "POST", body });
    const status = answer.ok ? "Uploaded" : "UploadFailure";
    if (v16) await client.call("DiagnosticsStatusNotification", { status });
    else await client.call("LogStatusNotification", { status, requestId });
    if (answer.ok) state.uploadedAt = Date.now();
  };
  client.handle("GetDiagnostics", async ({ params }: IHandlersOption) => {
    setTimeout(() => void upload((params as { location: string }).location).catch(() => undefined), 50);
    return { fileName: `${sim.identity}.log` };
  });
  client.handle("GetLog", async ({ params }: IHandlersOption) => {
    const p = params as { requestId: number; log: { remoteLocation: string } };
    setTimeout(() => void upload(p.log.remoteLocation, p.requestId).catch(() => undefined), 50);
    return { status: "Accepted", filename: `${sim.identity}.log` };
  });
  return state;
}
