/**
 * Remote actions on a charger, for its depot's haulier and the admins: each
 * sent in the charger's own OCPP version, and each in the audit log with the
 * charger's answer (or why it could not be sent).
 */
import { z } from "zod";

import { openSessionOn } from "~/features/charging-records/index.server";
import type { DepotViewer } from "~/features/depots/index.server";
import { recordAudit } from "~/lib/audit.server";
import type { Runtime } from "~/lib/runtime.server";
import { invalidInput, UserError } from "~/lib/user-error";

import { requireOperatedChargePoint } from "./charge-points.server";
import { remoteStartTag } from "./charger-authorization.server";
import { COMMAND_LABELS, type ChargerCommand } from "./charger-command-labels";
import { getOcppEndpoint } from "./ocpp-endpoint.server";

const commandSchema = z.object({
  command: z.enum(Object.keys(COMMAND_LABELS) as [ChargerCommand, ...ChargerCommand[]], {
    message: "Unknown charger action",
  }),
  connectorId: z.coerce.number().int().min(1).max(8).default(1),
  sessionId: z.coerce.number().int().positive().optional(),
});

type Call = { method: string; params: Record<string, unknown> };

function callFor(
  command: ChargerCommand,
  protocol: string,
  connectorId: number,
  session: { id: number; ref: string } | null,
  startTag: string,
): Call {
  const v16 = protocol === "ocpp1.6";
  switch (command) {
    case "reset":
      return v16 ? { method: "Reset", params: { type: "Soft" } } : { method: "Reset", params: { type: "Immediate" } };
    case "unlock":
      return v16
        ? { method: "UnlockConnector", params: { connectorId } }
        : { method: "UnlockConnector", params: { evseId: connectorId, connectorId: 1 } };
    case "make-unavailable":
    case "make-available": {
      const operative = command === "make-available";
      return v16
        ? { method: "ChangeAvailability", params: { connectorId: 0, type: operative ? "Operative" : "Inoperative" } }
        : { method: "ChangeAvailability", params: { operationalStatus: operative ? "Operative" : "Inoperative" } };
    }
    case "remote-start":
      return v16
        ? { method: "RemoteStartTransaction", params: { connectorId, idTag: startTag } }
        : {
            method: "RequestStartTransaction",
            params: {
              evseId: connectorId,
              remoteStartId: Date.now() % 2_147_483_647,
              idToken: { idToken: startTag, type: "Central" },
            },
          };
    case "remote-stop":
      if (!session) throw new UserError("Choose the session to stop");
      return v16
        ? { method: "RemoteStopTransaction", params: { transactionId: session.id } }
        : { method: "RequestStopTransaction", params: { transactionId: session.ref } };
  }
}

/** Sends the action; answers the charger's status word (Accepted, Rejected, …). */
export async function sendChargerCommand(
  deps: Pick<Runtime, "database">,
  user: DepotViewer,
  depotId: number,
  chargePointId: number,
  input: Record<string, unknown>,
): Promise<{ command: ChargerCommand; status: string }> {
  const point = await requireOperatedChargePoint(
    deps,
    user,
    depotId,
    chargePointId,
    "operations.change",
    (identity) => `${String(input.command ?? "").slice(0, 30)} sent to ${identity}`,
  );
  const parsed = commandSchema.safeParse(input);
  if (!parsed.success) throw invalidInput(parsed.error);
  const { command, connectorId, sessionId } = parsed.data;
  if (connectorId > point.connectors) throw new UserError(`This charger has ${point.connectors} connector(s)`);
  const session = sessionId === undefined ? null : await openSessionOn(deps.database.db, point.id, sessionId);
  if (command === "remote-stop" && !session) throw new UserError("That session has already ended", { status: 409 });
  const endpoint = getOcppEndpoint();
  let status: string;
  try {
    if (!endpoint || !point.protocol) throw new UserError("The charger is not connected", { status: 409 });
    // A remote start names a one-time tag this charger alone accepts for a moment (charger-authorization.server.ts).
    const startTag = command === "remote-start" ? await remoteStartTag(deps, point.id) : "";
    const call = callFor(command, point.protocol, connectorId, session ?? null, startTag);
    const answer = (await endpoint.call(point.id, call.method, call.params)) as { status?: string };
    status = answer?.status ?? "Accepted";
  } catch (error) {
    status = error instanceof UserError ? error.message : "Failed";
    await audit(deps, user, point, command, status);
    throw error;
  }
  await audit(deps, user, point, command, status);
  return { command, status };
}

async function audit(
  deps: Pick<Runtime, "database">,
  user: DepotViewer,
  point: { id: number; identity: string },
  command: ChargerCommand,
  answer: string,
) {
  await recordAudit(deps.database.db, {
    actor: { id: user.id, email: user.email ?? user.id },
    action: "charger.command",
    target: { type: "charger", id: point.id, label: point.identity },
    details: { command: COMMAND_LABELS[command], answer },
  });
}
