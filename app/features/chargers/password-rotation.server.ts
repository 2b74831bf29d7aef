/**
 * Rotating a charger's password (issue 59, item 6): told to the charger when it is connected, the old one kept good
 * for a grace period (charge_points.previous_password_*; the endpoint accepts either until then). Decision 063.
 */
import type { DepotViewer } from "~/features/depots/index.server";
import type { Runtime } from "~/lib/runtime.server";

import { generateChargePointPassword } from "./charge-point-password.server";
import { actorOf, requireOperatedChargePoint, resetChargePointPasswordAt } from "./charge-points.server";
import { getOcppEndpoint } from "./ocpp-endpoint.server";

type Deps = Pick<Runtime, "database">;

/** How long the password before a rotation stays good. */
export const PASSWORD_GRACE_HOURS = 24;

/**
 * A new password for a charger (issue 59, item 6). A connected charger is told it (2.0.1 SetVariables
 * SecurityCtrlr.BasicAuthPassword; 1.6 ChangeConfiguration AuthorizationKey, the security extension's key) and
 * reconnects with it when it likes; the old one stays good for PASSWORD_GRACE_HOURS so nothing is cut off midway,
 * unless `revoke` (a password that leaked): then it stops at once.
 */
export async function resetChargePointPassword(
  deps: Deps,
  user: DepotViewer,
  depotId: number,
  chargePointId: number,
  options: { revoke?: boolean } = {},
) {
  const point = await requireOperatedChargePoint(
    deps,
    user,
    depotId,
    chargePointId,
    "operations.change",
    (identity) => `new password for ${identity}${options.revoke ? ", the old one revoked" : ""}`,
  );
  const password = generateChargePointPassword();
  // Stored before the charger hears it: were the server to stop between the two, the charger still holds a password
  // the server takes (the old one, within its grace), never one only it knows.
  const result = await resetChargePointPasswordAt(deps, actorOf(user), point, {
    password,
    graceHours: options.revoke ? 0 : PASSWORD_GRACE_HOURS,
  });
  const told = options.revoke ? null : await tellPassword(point, password);
  const said = options.revoke
    ? "the old one no longer works"
    : told === "Accepted"
      ? `the charger took it; the old one works for ${PASSWORD_GRACE_HOURS} hours`
      : `configure it on the charger; the old one works for ${PASSWORD_GRACE_HOURS} hours`;
  return { ...result, said };
}

/** Tells a connected charger its new password; what it answered, or null when it could not be told. */
async function tellPassword(point: { id: number; protocol: string | null }, password: string) {
  const endpoint = getOcppEndpoint();
  if (!endpoint || !point.protocol || !endpoint.isConnected(point.id)) return null;
  try {
    if (point.protocol === "ocpp1.6") {
      const answer = (await endpoint.call(point.id, "ChangeConfiguration", {
        key: "AuthorizationKey",
        value: password,
      })) as {
        status?: string;
      };
      return answer.status ?? null;
    }
    const answer = (await endpoint.call(point.id, "SetVariables", {
      setVariableData: [
        { component: { name: "SecurityCtrlr" }, variable: { name: "BasicAuthPassword" }, attributeValue: password },
      ],
    })) as { setVariableResult?: { attributeStatus?: string }[] };
    return answer.setVariableResult?.[0]?.attributeStatus ?? null;
  } catch {
    return null;
  }
}
