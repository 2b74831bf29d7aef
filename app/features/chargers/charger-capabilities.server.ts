/**
 * Before a charger is relied on to take charging profiles, it is asked whether it can (issue 49, item 5): a 1.6J
 * charger lists its feature profiles in its configuration (`SupportedFeatureProfiles`, read with GetConfiguration),
 * a 2.0.1 station says whether its smart-charging controller is there and on (`SmartChargingCtrlr.Available` and
 * `.Enabled`, read with GetVariables). One that says it cannot is marked as refusing profiles until it reconnects or
 * boots (decision 047), so it is counted at its full power from the start rather than after a profile bounces. One
 * that cannot say (the call not implemented, no answer) is tried with profiles as before.
 */
import type { RefusedUntil } from "~/lib/db/schema-charging";
import type { Runtime } from "~/lib/runtime.server";

import { recordChargerEvent } from "./charger-status.server";
import type { OcppEndpoint } from "./ocpp-handler-types";

type Deps = Pick<Runtime, "database" | "log">;
type Endpoint = Pick<OcppEndpoint, "call">;

type ConfigurationAnswer = { configurationKey?: { key: string; value?: string }[] };
type VariablesAnswer = {
  getVariableResult?: { attributeStatus: string; attributeValue?: string; variable: { name: string } }[];
};

/** Why a 1.6J charger's configuration says it takes no profiles, or null (it does, or it does not say). */
export function refusalIn16(answer: ConfigurationAnswer): string | null {
  const entry = answer.configurationKey?.find((k) => k.key === "SupportedFeatureProfiles");
  if (entry?.value === undefined) return null;
  const profiles = entry.value
    .split(",")
    .map((p) => p.trim())
    .filter(Boolean);
  if (profiles.some((p) => p.toLowerCase() === "smartcharging")) return null;
  return `Does not support smart charging (its SupportedFeatureProfiles: ${profiles.join(", ") || "none"})`;
}

/** Why a 2.0.1 station's smart-charging controller says it takes no profiles, or null. */
export function refusalIn201(answer: VariablesAnswer): string | null {
  const results = answer.getVariableResult ?? [];
  const of = (name: string) => results.find((r) => r.variable.name === name);
  if (results.length > 0 && results.every((r) => r.attributeStatus === "UnknownComponent"))
    return "Has no smart charging controller (SmartChargingCtrlr is unknown to it)";
  const off = (name: string) =>
    of(name)?.attributeStatus === "Accepted" && of(name)?.attributeValue?.toLowerCase() === "false";
  if (off("Available")) return "Smart charging is not available on it (SmartChargingCtrlr.Available is false)";
  if (off("Enabled")) return "Smart charging is turned off on it (SmartChargingCtrlr.Enabled is false)";
  return null;
}

/** Asks a charger that booted (or reconnected after a boot) whether it takes profiles; marks it when it says not. */
export async function readProfileSupport(deps: Deps, endpoint: Endpoint, chargePointId: number): Promise<void> {
  const point = await deps.database.db
    .selectFrom("charge_points")
    .select("protocol")
    .where("id", "=", chargePointId)
    .executeTakeFirst();
  if (!point?.protocol) return;
  let why: string | null = null;
  try {
    if (point.protocol === "ocpp1.6") {
      const answer = await endpoint.call(chargePointId, "GetConfiguration", { key: ["SupportedFeatureProfiles"] });
      why = refusalIn16(answer as ConfigurationAnswer);
    } else {
      const variable = (name: string) => ({ component: { name: "SmartChargingCtrlr" }, variable: { name } });
      const answer = await endpoint.call(chargePointId, "GetVariables", {
        getVariableData: [variable("Available"), variable("Enabled")],
      });
      why = refusalIn201(answer as VariablesAnswer);
    }
  } catch (error) {
    // It could not say: its first profile will tell (a refusal is remembered then).
    deps.log.debug({ err: error, chargePointId }, "a charger did not say whether it takes profiles");
  }
  if (why) await refusesProfiles(deps, chargePointId, why);
}

/**
 * A charger that answered a profile with anything but Accepted is not sent another: asking again at every decision
 * changes nothing on a charger that cannot, and floods one that will not. One that cannot (the CALLERROR NotImplemented
 * or NotSupported, or a refused default profile) is asked again once it connects or boots (charger-connection.server.ts);
 * one that rejected a vehicle's profile, at its next transaction (session-records.server.ts). A call that failed (no answer in time, the
 * socket gone) is not a refusal and is tried again at the next decision.
 */
export async function refusesProfiles(
  deps: Deps,
  chargePointId: number,
  why: string,
  { tell = true, until = "reconnect" }: { tell?: boolean; until?: RefusedUntil } = {},
) {
  const marked = await deps.database.db
    .updateTable("charge_points")
    .set({ profiles_refused: why, profiles_refused_until: until })
    .where("id", "=", chargePointId)
    .where("profiles_refused", "is", null)
    .executeTakeFirst();
  // Said once in its history (a refused transaction profile is said by markIgnoring, for its session).
  if (tell && Number(marked.numUpdatedRows) > 0)
    await recordChargerEvent(
      deps.database.db,
      { chargePointId },
      "fault",
      `${why}: counted at its full power, the others tightened, and sent no profile until it reconnects or restarts`,
    );
}

/** Whether a charger takes profiles, and in which protocol it is spoken to (null: not registered). */
export async function profileStateOf(deps: Pick<Runtime, "database">, chargePointId: number) {
  return deps.database.db
    .selectFrom("charge_points")
    .select(["protocol", "profiles_refused"])
    .where("id", "=", chargePointId)
    .executeTakeFirst();
}

/** The limit a charger's new transactions start at (its default profile taken: 0 W; else none known). */
export async function recordDefaultLimit(
  deps: Pick<Runtime, "database">,
  chargePointId: number,
  limitW: number | null,
) {
  await deps.database.db
    .updateTable("charge_points")
    .set({ default_limit_w: limitW })
    .where("id", "=", chargePointId)
    .execute();
}
