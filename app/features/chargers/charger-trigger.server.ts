/**
 * Asking a charger to send a message now (issue 59, item 5: TriggerMessage), to see its state without waiting: its
 * connectors' statuses, meter values, a heartbeat, its firmware or log status, or its boot notification again.
 * A 2.0.1 station is asked for each connector's status in turn (its StatusNotification names one connector).
 */
import type { DepotViewer } from "~/features/depots/index.server";
import type { Runtime } from "~/lib/runtime.server";
import { UserError } from "~/lib/user-error";

import { requireOperatedChargePoint } from "./charge-points.server";
import { TRIGGERS, type Trigger } from "./charger-command-labels";
import { recordChargerEvent } from "./charger-status.server";
import { getOcppEndpoint } from "./ocpp-endpoint.server";

type Deps = Pick<Runtime, "database">;

const MESSAGE_16: Record<Trigger, string> = {
  status: "StatusNotification",
  meter: "MeterValues",
  heartbeat: "Heartbeat",
  firmware: "FirmwareStatusNotification",
  logs: "DiagnosticsStatusNotification",
  boot: "BootNotification",
};
const MESSAGE_201: Record<Trigger, string> = { ...MESSAGE_16, logs: "LogStatusNotification" };

/** Sends the trigger; answers the charger's word (Accepted, Rejected, NotImplemented). */
export async function triggerChargerMessage(
  deps: Deps,
  user: DepotViewer,
  depotId: number,
  chargePointId: number,
  input: Record<string, unknown>,
): Promise<{ label: string; status: string }> {
  const point = await requireOperatedChargePoint(deps, user, depotId, chargePointId, "operations.change");
  const trigger = String(input.trigger ?? "") as Trigger;
  if (!Object.hasOwn(TRIGGERS, trigger))
    throw new UserError("Choose a message to ask for", { fieldErrors: { trigger: "Choose a message" } });
  const endpoint = getOcppEndpoint();
  if (!endpoint || !point.protocol) throw new UserError("The charger is not connected", { status: 409 });
  const v16 = point.protocol === "ocpp1.6";
  const requestedMessage = (v16 ? MESSAGE_16 : MESSAGE_201)[trigger];
  const calls =
    !v16 && trigger === "status"
      ? Array.from({ length: point.connectors }, (_, i) => ({ requestedMessage, evse: { id: i + 1, connectorId: 1 } }))
      : [{ requestedMessage }];
  const answers: string[] = [];
  for (const params of calls)
    try {
      answers.push(((await endpoint.call(point.id, "TriggerMessage", params)) as { status?: string }).status ?? "?");
    } catch {
      answers.push("no answer");
    }
  const status = [...new Set(answers)].join(", ");
  await recordChargerEvent(
    deps.database.db,
    { chargePointId: point.id },
    "config",
    `Asked for: ${TRIGGERS[trigger]}: ${status}`,
  );
  return { label: TRIGGERS[trigger], status };
}
