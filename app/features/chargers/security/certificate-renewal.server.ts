/**
 * A charger's certificate renewed before it ends (issue 59, item 6): a year's certificate left to expire would cut a
 * profile-3 charger off. A charger whose newest usable certificate ends within RENEW_DAYS is asked for a new request
 * when it connects and every six hours while connected (once a day at most); what it sends is signed as any request
 * is, and its first use retires the old certificate (connection-security.server.ts). Chargers never issued one are
 * not asked.
 */
import { toIsoString } from "~/lib/db/dialect.server";
import { onChargerReady } from "~/lib/depot-signals.server";
import type { Runtime } from "~/lib/runtime.server";
import { calendarDay } from "~/lib/uk-dates";

import { recordChargerEvent } from "../charger-status.server";
import type { OcppEndpoint } from "../ocpp-handler-types";
import { nowAndThen } from "./now-and-then";

type Deps = Pick<Runtime, "database" | "log">;
type Endpoint = Pick<OcppEndpoint, "call" | "isConnected">;

/** How long before its certificate ends a charger is asked for the next one. */
export const RENEW_DAYS = 30;
const EVERY_MS = 6 * 3_600_000;
const DAY_MS = 86_400_000;
const oncePerDay = nowAndThen(DAY_MS);

/** Asks a connected charger for a certificate request now; answers its status word (or why the call failed). */
export async function requestCertificate(endpoint: Endpoint, chargePointId: number, v16: boolean): Promise<string> {
  try {
    const answer = (await endpoint.call(chargePointId, v16 ? "ExtendedTriggerMessage" : "TriggerMessage", {
      requestedMessage: v16 ? "SignChargePointCertificate" : "SignChargingStationCertificate",
    })) as { status?: string };
    return answer.status ?? "no answer";
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}

/** Starts renewing the certificates of the chargers this process holds; answers its stop. */
export function startCertificateRenewal(deps: Deps, endpoint: Endpoint): () => void {
  const renew = (ids: number[]) =>
    void renewDue(deps, endpoint, ids).catch((error: unknown) =>
      deps.log.warn({ err: error }, "the certificates' renewal round failed"),
    );
  const stopReady = onChargerReady((point) => renew([point.chargePointId]));
  const timer = setInterval(() => renew([]), EVERY_MS);
  timer.unref();
  return () => {
    stopReady();
    clearInterval(timer);
  };
}

/** Asks the chargers (these, or all this process holds when none is named) whose certificate ends soon. */
export async function renewDue(deps: Deps, endpoint: Endpoint, only: number[], at = Date.now()) {
  let query = deps.database.db
    .selectFrom("charger_certificates")
    .innerJoin("charge_points", "charge_points.id", "charger_certificates.charge_point_id")
    .select(["charge_points.id", "charge_points.protocol"])
    .select((eb) => eb.fn.max("charger_certificates.not_after").as("ends"))
    .where("charger_certificates.revoked_at", "is", null)
    .where("charge_points.protocol", "is not", null)
    .groupBy(["charge_points.id", "charge_points.protocol"]);
  if (only.length) query = query.where("charge_points.id", "in", only);
  const due = (await query.execute()).filter(
    (row) =>
      endpoint.isConnected(row.id) &&
      Date.parse(toIsoString(row.ends)) < at + RENEW_DAYS * DAY_MS &&
      oncePerDay(String(row.id)),
  );
  for (const row of due) {
    const status = await requestCertificate(endpoint, row.id, row.protocol === "ocpp1.6");
    await recordChargerEvent(
      deps.database.db,
      { chargePointId: row.id },
      "security",
      `Its certificate ends on ${calendarDay(toIsoString(row.ends))}: asked it for a new one (${status})`,
    );
  }
}
