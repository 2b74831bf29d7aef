/**
 * OCPP 1.6J: what a charger may send, answered after it is kept. ocpp-rpc has
 * checked each call against the official 1.6 schema before it gets here
 * (strict mode), so the parameters have the shapes typed below.
 */
import type { RPCClient } from "ocpp-rpc";

import { findSession, readMeterValues, stopSession } from "~/features/charging-records/index.server";

import { authorizeTag } from "./charger-authorization.server";
import { recordBoot, recordSeen } from "./charger-connection.server";
import { recordStatus, type ConnectedPoint } from "./charger-status.server";
import { handleMaintenance } from "./maintenance-handlers.server";
import { HEARTBEAT_SECONDS, type Deps, type Handle } from "./ocpp-handler-types";
import { reservationEnded } from "./reservations.server";
import { handleSecurity } from "./security/security-handlers.server";
import { recordReadingsAt, startSessionAt } from "./session-records.server";

type MeterValue16 = {
  timestamp: string;
  sampledValue: { value: string; measurand?: string; phase?: string; unit?: string }[];
};

const accepted = { idTagInfo: { status: "Accepted" as const } };

export function handleOcpp16(client: RPCClient, deps: Deps, point: ConnectedPoint, handle: Handle): void {
  handle(
    client,
    "BootNotification",
    async (params: { chargePointVendor: string; chargePointModel: string; firmwareVersion?: string }) => {
      await recordBoot(deps, point, {
        vendor: params.chargePointVendor,
        model: params.chargePointModel,
        firmware: params.firmwareVersion ?? null,
      });
      return { status: "Accepted", currentTime: new Date().toISOString(), interval: HEARTBEAT_SECONDS };
    },
  );
  handle(client, "Heartbeat", async () => {
    await recordSeen(deps, point);
    return { currentTime: new Date().toISOString() };
  });
  handle(
    client,
    "StatusNotification",
    async (params: { connectorId: number; errorCode: string; status: string; timestamp?: string }) => {
      await recordStatus(deps, point, {
        connectorId: params.connectorId,
        status: params.status,
        errorCode: params.errorCode === "NoError" ? null : params.errorCode,
        at: params.timestamp ? new Date(params.timestamp).toISOString() : new Date().toISOString(),
      });
      return {};
    },
  );
  // Who may charge is the policy's (charger-authorization.server.ts); a refused start is kept as it happened (the
  // charger stops it when its StopTransactionOnInvalidId says so, and its StopTransaction closes the session).
  handle(client, "Authorize", async (params: { idTag: string }) => ({
    idTagInfo: { status: await authorizeTag(deps, point, params.idTag) },
  }));
  handle(
    client,
    "StartTransaction",
    async (params: {
      connectorId: number;
      idTag: string;
      meterStart: number;
      timestamp: string;
      reservationId?: number;
    }) => {
      const status = await authorizeTag(deps, point, params.idTag);
      if (params.reservationId !== undefined) await reservationEnded(deps, point, params.reservationId, "used");
      const transactionId = await startSessionAt(deps, point, {
        connectorId: params.connectorId,
        ref: null,
        idTag: params.idTag,
        at: new Date(params.timestamp).toISOString(),
        meterWh: params.meterStart,
      });
      return { transactionId, idTagInfo: { status } };
    },
  );
  handle(client, "StopTransaction", (params: StopTransaction16) => stopTransaction(deps, point, params));
  handle(client, "MeterValues", (params: MeterValues16) => meterValues(deps, point, params));
  handle(client, "DataTransfer", async () => ({ status: "UnknownVendorId" }));
  handleMaintenance(client, deps, point, handle, true);
  handleSecurity(client, deps, point, handle, true);
}

type StopTransaction16 = {
  transactionId: number;
  meterStop: number;
  timestamp: string;
  reason?: string;
  transactionData?: MeterValue16[];
};

/** A transaction ended: its last readings kept, then the session closed at the meter's last figure. */
async function stopTransaction(deps: Deps, point: ConnectedPoint, params: StopTransaction16) {
  const session = await findSession(deps, point, { id: params.transactionId });
  if (session) {
    if (params.transactionData?.length)
      await recordReadingsAt(deps, point, {
        sessionId: session.id,
        connectorId: session.connector_id,
        samples: readMeterValues(params.transactionData),
      });
    await stopSession(deps, point, {
      sessionId: session.id,
      at: new Date(params.timestamp).toISOString(),
      meterWh: params.meterStop,
      reason: params.reason ?? "Local",
    });
  }
  return accepted;
}

type MeterValues16 = { connectorId: number; transactionId?: number; meterValue: MeterValue16[] };

/** Readings, for the open session they name (or the connector alone, outside a transaction). */
async function meterValues(deps: Deps, point: ConnectedPoint, params: MeterValues16) {
  const session =
    params.transactionId !== undefined ? await findSession(deps, point, { id: params.transactionId }) : undefined;
  await recordReadingsAt(deps, point, {
    sessionId: session && !session.stopped_at ? session.id : null,
    connectorId: params.connectorId,
    samples: readMeterValues(params.meterValue),
  });
  return {};
}
