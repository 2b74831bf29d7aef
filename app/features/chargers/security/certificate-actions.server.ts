/**
 * What an operator does with a charger's certificate from its page (issue 59, item 6): ask it for one now, or revoke
 * the ones it holds (a charger stolen, a key thought leaked). A revoked certificate no longer opens a connection, and
 * a charger connected with one is disconnected at once, so it cannot stay on with it.
 */
import type { DepotViewer } from "~/features/depots/index.server";
import type { Runtime } from "~/lib/runtime.server";
import { UserError } from "~/lib/user-error";

import { requireOperatedChargePoint } from "../charge-points.server";
import { recordChargerEvent } from "../charger-status.server";
import { getOcppEndpoint } from "../ocpp-endpoint.server";
import { CLOSE_CONNECTION } from "../ocpp-handler-types";
import { requestCertificate } from "./certificate-renewal.server";

type Deps = Pick<Runtime, "database">;

/**
 * Asks a connected charger to send a certificate request now (2.0.1 TriggerMessage, 1.6 the security extension's
 * ExtendedTriggerMessage); its request is signed when it comes (charger-certificates.server.ts).
 */
export async function askForCertificate(deps: Deps, user: DepotViewer, depotId: number, chargePointId: number) {
  const point = await requireOperatedChargePoint(
    deps,
    user,
    depotId,
    chargePointId,
    "operations.change",
    (identity) => `ask ${identity} for a certificate request`,
  );
  const endpoint = getOcppEndpoint();
  if (!endpoint || !point.protocol) throw new UserError("The charger is not connected", { status: 409 });
  const status = await requestCertificate(endpoint, point.id, point.protocol === "ocpp1.6");
  await recordChargerEvent(
    deps.database.db,
    { chargePointId: point.id },
    "security",
    `Asked for a certificate request: ${status}`,
  );
  if (status !== "Accepted") throw new UserError(`It did not take the request (${status})`, { status: 409 });
  return { status };
}

/**
 * Revokes every certificate the charger was issued and has not had revoked, and disconnects it if it is connected
 * over mutual TLS. At profile 3 it then cannot connect until it has a new certificate, so the card says how.
 */
export async function revokeCertificates(deps: Deps, user: DepotViewer, depotId: number, chargePointId: number) {
  const point = await requireOperatedChargePoint(
    deps,
    user,
    depotId,
    chargePointId,
    "operations.change",
    (identity) => `revoke ${identity}'s certificates`,
  );
  const db = deps.database.db;
  const now = new Date().toISOString();
  const revoked = await db
    .updateTable("charger_certificates")
    .set({ revoked_at: now })
    .where("charge_point_id", "=", point.id)
    .where("revoked_at", "is", null)
    .where("not_after", ">", now)
    .returning("serial")
    .execute();
  if (!revoked.length) throw new UserError("It holds no certificate to revoke", { status: 409 });
  const row = await db
    .selectFrom("charge_points")
    .select(["security_profile", "connected_profile"])
    .where("id", "=", point.id)
    .executeTakeFirstOrThrow();
  if (row.security_profile === 3)
    await db
      .updateTable("charge_points")
      .set({
        security_profile_detail:
          "Its certificate was revoked: at profile 3 it cannot connect until it has a new one. Let it use profile 2 " +
          "again, then ask it for a certificate.",
      })
      .where("id", "=", point.id)
      .execute();
  const serials = revoked.map((r) => `${r.serial.slice(0, 12)}…`).join(", ");
  await recordChargerEvent(
    db,
    { chargePointId: point.id },
    "security",
    `Certificate revoked from the office: ${serials}`,
  );
  const endpoint = getOcppEndpoint();
  let disconnected = false;
  if (endpoint && point.protocol && row.connected_profile === 3) {
    // Connected with what was just revoked: it must connect again, and is then refused.
    disconnected = await endpoint
      .call(point.id, CLOSE_CONNECTION, { reason: "Certificate revoked" })
      .then(() => true)
      .catch(() => false);
  }
  return { count: revoked.length, disconnected };
}
