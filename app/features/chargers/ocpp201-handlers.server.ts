/**
 * OCPP 2.0.1: what a charging station may send, answered after it is kept.
 * ocpp-rpc has checked each call against the official 2.0.1 schema (strict
 * mode). An EVSE is what 1.6 calls a connector, and is kept as one.
 */
import type { RPCClient } from "ocpp-rpc";

import {
  findSession,
  readMeterValues,
  recordChargingNeeds,
  stopSession,
} from "~/features/charging-records/index.server";

import { authorizeTag } from "./charger-authorization.server";
import { recordBoot, recordSeen } from "./charger-connection.server";
import { keepReport } from "./charger-settings-store.server";
import { recordStatus, type ConnectedPoint } from "./charger-status.server";
import { handleMaintenance } from "./maintenance-handlers.server";
import { HEARTBEAT_SECONDS, type Deps, type Handle } from "./ocpp-handler-types";
import { reservationEnded } from "./reservations.server";
import { handleSecurity } from "./security/security-handlers.server";
import { recordReadingsAt, recordTagAt, startSessionAt } from "./session-records.server";

type MeterValue201 = {
  timestamp: string;
  sampledValue: {
    value: number;
    measurand?: string;
    phase?: string;
    unitOfMeasure?: { unit?: string; multiplier?: number };
  }[];
};
type TransactionEvent = {
  eventType: "Started" | "Updated" | "Ended";
  timestamp: string;
  triggerReason: string;
  seqNo: number;
  transactionInfo: { transactionId: string; chargingState?: string; stoppedReason?: string };
  evse?: { id: number; connectorId?: number };
  idToken?: { idToken: string; type: string };
  meterValue?: MeterValue201[];
  reservationId?: number;
};

/**
 * A 2.0.1 token: a station that does not authorize at all (NoAuthorization) is answered as a tag nobody named, so it
 * charges only where anyone may; every other is the tag it carries.
 */
const authorizeToken = (deps: Deps, point: ConnectedPoint, token: { idToken: string; type: string }) =>
  authorizeTag(deps, point, token.type === "NoAuthorization" || token.idToken === "" ? "" : token.idToken);

export function handleOcpp201(client: RPCClient, deps: Deps, point: ConnectedPoint, handle: Handle): void {
  handle(
    client,
    "BootNotification",
    async (params: { chargingStation: { model: string; vendorName: string; firmwareVersion?: string } }) => {
      await recordBoot(deps, point, {
        vendor: params.chargingStation.vendorName,
        model: params.chargingStation.model,
        firmware: params.chargingStation.firmwareVersion ?? null,
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
    async (params: { timestamp: string; connectorStatus: string; evseId: number; connectorId: number }) => {
      await recordStatus(deps, point, {
        connectorId: params.evseId,
        // 2.0.1 reports a fault as its own status; the error's detail comes in NotifyEvent.
        status: params.connectorStatus,
        errorCode: null,
        at: new Date(params.timestamp).toISOString(),
      });
      return {};
    },
  );
  handle(client, "Authorize", async (params: { idToken: { idToken: string; type: string } }) => ({
    idTokenInfo: { status: await authorizeToken(deps, point, params.idToken) },
  }));
  handle(client, "TransactionEvent", async (params: TransactionEvent) => {
    const samples = readMeterValues(params.meterValue ?? []);
    const at = new Date(params.timestamp).toISOString();
    const ref = params.transactionInfo.transactionId;
    // A station that missed telling the start (or whose start was lost) is reconciled from whatever event comes first.
    const found = await findSession(deps, point, { ref });
    // A token is answered once, when this transaction first shows it; later events of a transaction it was let
    // start are not refused halfway (a booking ending while the van charges does not cut it off).
    const token = params.idToken?.idToken ? params.idToken : null;
    if (params.reservationId !== undefined) await reservationEnded(deps, point, params.reservationId, "used");
    const status = token && (!found || found.id_tag === null) ? await authorizeToken(deps, point, token) : "Accepted";
    const sessionId =
      found?.id ??
      (await startSessionAt(deps, point, {
        connectorId: params.evse?.id ?? 1,
        ref,
        idTag: params.idToken?.idToken ?? null,
        at,
        meterWh: samples.find((s) => s.energyWh !== null)?.energyWh ?? 0,
      }));
    const connectorId = found?.connector_id ?? params.evse?.id ?? 1;
    // The token may come after the start (TxStartPoint EVConnected or PowerPathClosed: an Updated event, trigger
    // Authorized): it is taken whenever it first arrives.
    if (found && found.id_tag === null && params.idToken?.idToken)
      await recordTagAt(deps, point, sessionId, params.idToken.idToken);
    await recordReadingsAt(deps, point, { sessionId, connectorId, samples });
    if (params.eventType === "Ended")
      await stopSession(deps, point, {
        sessionId,
        at,
        meterWh: samples.findLast((s) => s.energyWh !== null)?.energyWh ?? null,
        reason: params.transactionInfo.stoppedReason ?? "Local",
      });
    return params.idToken ? { idTokenInfo: { status } } : {};
  });
  handleReservationStatus(client, deps, point, handle);
  // Parts of the device model it was asked for (GetBaseReport, charger-settings.server.ts).
  handle(client, "NotifyReport", async (params: { reportData?: Parameters<typeof keepReport>[2] }) => {
    await keepReport(deps, point.chargePointId, params.reportData ?? []);
    return {};
  });
  handle(client, "MeterValues", async (params: { evseId: number; meterValue: MeterValue201[] }) => {
    await recordReadingsAt(deps, point, {
      sessionId: null,
      connectorId: params.evseId,
      samples: readMeterValues(params.meterValue),
    });
    return {};
  });
  handleNotifications(client, deps, point, handle);
  handleMaintenance(client, deps, point, handle, false);
  handleSecurity(client, deps, point, handle, false);
}

/** What a station tells that needs no more than an answer, and what a vehicle tells of itself (ISO 15118). */
function handleNotifications(client: RPCClient, deps: Deps, point: ConnectedPoint, handle: Handle): void {
  for (const notification of ["NotifyEvent", "NotifyChargingLimit", "ReportChargingProfiles"])
    handle(client, notification, async () => ({}));
  handle(client, "NotifyEVChargingNeeds", async (params: ChargingNeeds201) => {
    const { departureTime, acChargingParameters, dcChargingParameters } = params.chargingNeeds;
    const energyWh = acChargingParameters?.energyAmount ?? dcChargingParameters?.energyAmount;
    const kept = await recordChargingNeeds(deps, point, { evseId: params.evseId, departureTime, energyWh });
    return { status: kept ? "Accepted" : "Rejected" };
  });
  handle(client, "DataTransfer", async () => ({ status: "UnknownVendorId" }));
}

/** ISO 15118's charging needs, as a 2.0.1 station passes them on (what the controller reads of them). */
type ChargingNeeds201 = {
  evseId: number;
  chargingNeeds: {
    departureTime?: string;
    acChargingParameters?: { energyAmount: number };
    dcChargingParameters?: { energyAmount?: number };
  };
};

/** A reservation that lapsed at the station (a no-show) or that it removed (reservations.server.ts). */
function handleReservationStatus(client: RPCClient, deps: Deps, point: ConnectedPoint, handle: Handle) {
  handle(
    client,
    "ReservationStatusUpdate",
    async (params: { reservationId: number; reservationUpdateStatus: string }) => {
      const how = params.reservationUpdateStatus === "Expired" ? "expired" : "removed";
      await reservationEnded(deps, point, params.reservationId, how);
      return {};
    },
  );
}
