/**
 * What a charger tells of itself, kept in the chargers' register (the chargers room, issue 58): its connectors'
 * statuses and its history of events (faults, restarts, refusals). A status resent from a charger's queue after a
 * newer one does not undo it. The charger as the endpoint holds it while it is connected: `ConnectedPoint`.
 */
import { closeSessionsOnConnector } from "~/features/charging-records/index.server";
import { chargingChanged, depotChanged } from "~/lib/depot-signals.server";
import type { Runtime } from "~/lib/runtime.server";

import { nudgeFirmware } from "./firmware/nudge";

type Deps = Pick<Runtime, "database">;

/** A connected charge point: a charger, or the site's meter at the connection (it only sends meter values). */
export type ConnectedPoint = {
  chargePointId: number;
  depotId: number;
  identity: string;
  role?: "charger" | "site-meter";
};

const now = () => new Date().toISOString();

/** Notes an event in the charger's history (within a transaction where `db` is one). */
export async function recordChargerEvent(
  db: Deps["database"]["db"],
  point: Pick<ConnectedPoint, "chargePointId">,
  kind: string,
  detail: string,
) {
  await db
    .insertInto("charge_point_events")
    .values({ charge_point_id: point.chargePointId, kind, detail: detail.slice(0, 500), created_at: now() })
    .execute();
}

export async function recordStatus(
  deps: Deps,
  point: ConnectedPoint,
  status: { connectorId: number; status: string; errorCode: string | null; at: string },
) {
  const values = {
    charge_point_id: point.chargePointId,
    connector_id: status.connectorId,
    status: status.status,
    error_code: status.errorCode,
    updated_at: status.at,
  };
  await deps.database.db.transaction().execute(async (tx) => {
    const previous = await tx
      .selectFrom("charge_point_connectors")
      .select(["status", "updated_at"])
      .where("charge_point_id", "=", point.chargePointId)
      .where("connector_id", "=", status.connectorId)
      .executeTakeFirst();
    // A status resent from a charger's queue after a newer one arrived does not undo it.
    if (previous && new Date(String(previous.updated_at)).getTime() > new Date(status.at).getTime()) return;
    if (previous)
      await tx
        .updateTable("charge_point_connectors")
        .set(values)
        .where("charge_point_id", "=", point.chargePointId)
        .where("connector_id", "=", status.connectorId)
        .execute();
    else await tx.insertInto("charge_point_connectors").values(values).execute();
    // A connector free again has no session on it (the records close one that lost its stop, in this transaction).
    if (status.status === "Available") await closeSessionsOnConnector(tx, point, status.connectorId, status.at);
    if (status.status === "Faulted" && previous?.status !== "Faulted")
      await recordChargerEvent(tx, point, "fault", `Connector ${status.connectorId}: ${status.errorCode ?? "fault"}`);
  });
  depotChanged(point.depotId);
  if (["Faulted", "Available", "Unavailable"].includes(status.status)) chargingChanged(point.depotId);
  // A connector free again: a firmware update held for the vehicle on it may go now.
  if (status.status === "Available") nudgeFirmware();
}
