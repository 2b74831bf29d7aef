/**
 * Whether a charger takes reservations (issue 59, item 2), asked when it boots: a 1.6J charger lists the Reservation
 * feature profile in its SupportedFeatureProfiles, a 2.0.1 station has a ReservationCtrlr that is available and on.
 * One that cannot say may take them: its answer to a reservation tells (NotSupported marks it until it boots again).
 */
import type { Runtime } from "~/lib/runtime.server";

import type { OcppEndpoint } from "./ocpp-handler-types";

type Deps = Pick<Runtime, "database">;
type Endpoint = Pick<OcppEndpoint, "call">;

/** Whether a charger that booted takes reservations (its configuration, or its ReservationCtrlr); unknown: it may. */
export async function readReservationSupport(deps: Deps, endpoint: Endpoint, chargePointId: number) {
  const db = deps.database.db;
  const point = await db
    .selectFrom("charge_points")
    .select("protocol")
    .where("id", "=", chargePointId)
    .executeTakeFirst();
  let why: string | null = null;
  try {
    if (point?.protocol === "ocpp1.6") {
      const answer = (await endpoint.call(chargePointId, "GetConfiguration", {
        key: ["SupportedFeatureProfiles"],
      })) as {
        configurationKey?: { key: string; value?: string }[];
      };
      const profiles = answer.configurationKey?.find((k) => k.key === "SupportedFeatureProfiles")?.value;
      if (profiles !== undefined && !profiles.split(",").some((p) => p.trim().toLowerCase() === "reservation"))
        why = `Takes no reservations (its SupportedFeatureProfiles: ${profiles || "none"})`;
    } else if (point?.protocol === "ocpp2.0.1") {
      const answer = (await endpoint.call(chargePointId, "GetVariables", {
        getVariableData: ["Available", "Enabled"].map((name) => ({
          component: { name: "ReservationCtrlr" },
          variable: { name },
        })),
      })) as { getVariableResult?: { attributeStatus: string; attributeValue?: string; variable: { name: string } }[] };
      const results = answer.getVariableResult ?? [];
      const off = (name: string) =>
        results.some(
          (r) =>
            r.variable.name === name && r.attributeStatus === "Accepted" && r.attributeValue?.toLowerCase() === "false",
        );
      if (results.length && results.every((r) => r.attributeStatus === "UnknownComponent"))
        why = "Takes no reservations (ReservationCtrlr is unknown to it)";
      else if (off("Available") || off("Enabled")) why = "Takes no reservations (its ReservationCtrlr is off)";
    }
  } catch {
    // It could not say: it may take them, and its answer to a reservation will tell.
  }
  await db
    .updateTable("charge_points")
    .set({ reservations_unsupported: why })
    .where("id", "=", chargePointId)
    .execute();
}
