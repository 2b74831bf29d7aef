/**
 * What a charger says of its firmware updates and uploads (issue 59, items 3 and 4), on both versions: kept on the
 * update or upload it belongs to, then the firmware keeper is nudged so a rollout moves on without waiting; and a
 * 2.0.1 station's security events.
 */
import type { RPCClient } from "ocpp-rpc";

import type { ConnectedPoint } from "./charger-status.server";
import { firmwareStatus } from "./firmware/firmware-updates.server";
import { nudgeFirmware } from "./firmware/nudge";
import type { Deps, Handle } from "./ocpp-handler-types";
import { uploadStatus } from "./uploads/charger-uploads.server";

export function handleMaintenance(client: RPCClient, deps: Deps, point: ConnectedPoint, handle: Handle, v16: boolean) {
  handle(client, "FirmwareStatusNotification", async (params: { status: string; requestId?: number }) => {
    await firmwareStatus(deps, point, params.status, v16 ? undefined : params.requestId);
    nudgeFirmware();
    return {};
  });
  if (v16)
    handle(client, "DiagnosticsStatusNotification", async (params: { status: string }) => {
      await uploadStatus(deps, point, params.status);
      return {};
    });
  else {
    handle(client, "LogStatusNotification", async (params: { status: string; requestId?: number }) => {
      await uploadStatus(deps, point, params.status, params.requestId);
      return {};
    });
  }
}
