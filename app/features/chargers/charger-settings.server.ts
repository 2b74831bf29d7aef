/**
 * A charger's configuration from the office (issue 59, item 5). Read: a 1.6J charger's keys (GetConfiguration, every
 * key with whether it is read-only), a 2.0.1 station's device model (GetBaseReport FullInventory, which it sends back
 * in NotifyReport parts, kept as they come). Change: one key or variable on this charger, or on every connected
 * charger of its model at the depot (ChangeConfiguration / SetVariables); what each answered (Accepted, Rejected,
 * RebootRequired, NotSupported, …) is said and kept in its history, and a read-only setting is refused before anything
 * is sent. Each asks the policy's "operations.change" on the charger's depot.
 */
import { z } from "zod";

import type { DepotViewer } from "~/features/depots/index.server";
import type { Runtime } from "~/lib/runtime.server";
import { invalidInput, UserError } from "~/lib/user-error";

import { requireOperatedChargePoint } from "./charge-points.server";
import { keepSettings } from "./charger-settings-store.server";
import { recordChargerEvent } from "./charger-status.server";
import { getOcppEndpoint } from "./ocpp-endpoint.server";

type Deps = Pick<Runtime, "database">;
/** The endpoint, for a charger that has connected at some time (the call finds the process that holds it now). */
function connected(point: { protocol: string | null; id: number }) {
  const endpoint = getOcppEndpoint();
  if (!endpoint || !point.protocol) throw new UserError("The charger is not connected", { status: 409 });
  return endpoint;
}

/** Asks the charger for its whole configuration; answers what to tell the person. */
export async function readChargerSettings(deps: Deps, user: DepotViewer, depotId: number, chargePointId: number) {
  const point = await requireOperatedChargePoint(deps, user, depotId, chargePointId, "operations.change");
  const endpoint = connected(point);
  if (point.protocol === "ocpp1.6") {
    const answer = (await endpoint.call(point.id, "GetConfiguration", {})) as {
      configurationKey?: { key: string; readonly: boolean; value?: string }[];
    };
    const keys = answer.configurationKey ?? [];
    await keepSettings(
      deps,
      point.id,
      keys.map((k) => ({
        component: "",
        variable: k.key,
        value: k.value ?? null,
        mutability: k.readonly ? "ReadOnly" : "ReadWrite",
      })),
      true,
    );
    return `Read ${keys.length} settings`;
  }
  const asked = new Date().toISOString();
  const answer = (await endpoint.call(point.id, "GetBaseReport", {
    requestId: Date.now() % 2_147_483_647,
    reportBase: "FullInventory",
  })) as { status?: string };
  if (answer.status !== "Accepted") throw new UserError(`It did not send its report (${answer.status ?? "no answer"})`);
  // What the last report said goes; the parts of this one (perhaps already here) stay.
  await deps.database.db
    .deleteFrom("charger_settings")
    .where("charge_point_id", "=", point.id)
    .where("read_at", "<", asked)
    .execute();
  return "Its report is on its way: the settings appear as it sends them";
}

const changeSchema = z.object({
  component: z.string().max(200).default(""),
  variable: z.string().trim().min(1, "Name the setting").max(200),
  value: z.string().max(500, "At most 500 characters"),
  scope: z.enum(["one", "model"]).default("one"),
});

/** Changes one setting on this charger, or on every connected charger of its model here; what each answered. */
export async function changeChargerSetting(
  deps: Deps,
  user: DepotViewer,
  depotId: number,
  chargePointId: number,
  input: Record<string, unknown>,
): Promise<{ charger: string; status: string }[]> {
  const point = await requireOperatedChargePoint(
    deps,
    user,
    depotId,
    chargePointId,
    "operations.change",
    (identity) => `setting ${String(input.variable ?? "").slice(0, 40)} changed on ${identity}`,
  );
  const parsed = changeSchema.safeParse(input);
  if (!parsed.success) throw invalidInput(parsed.error);
  const { component, variable, value, scope } = parsed.data;
  if (point.protocol === "ocpp1.6" && variable.length > 50)
    throw new UserError("A 1.6 charger's keys have at most 50 characters", { fieldErrors: { variable: "Too long" } });
  const db = deps.database.db;
  const known = await db
    .selectFrom("charger_settings")
    .select(["mutability", "component_json", "variable_json"])
    .where("charge_point_id", "=", point.id)
    .where("component", "=", component)
    .where("variable", "=", variable)
    .executeTakeFirst();
  if (known?.mutability === "ReadOnly")
    throw new UserError(`${variable} is read-only on this charger`, { fieldErrors: { variable: "Read-only" } });
  if (point.protocol === "ocpp2.0.1" && !known)
    throw new UserError("Read the station's settings first, then choose one of them", {
      fieldErrors: { variable: "Not one of its settings" },
    });
  const here = await db
    .selectFrom("charge_points")
    .select(["id", "name", "model", "protocol"])
    .where("depot_id", "=", point.depotId)
    .where("role", "=", "charger")
    .execute();
  const self = here.find((c) => c.id === point.id)!;
  const targets =
    scope === "model" ? here.filter((c) => c.model === self.model && c.protocol === self.protocol) : [self];
  const results: { charger: string; status: string }[] = [];
  for (const target of targets) {
    const status = await sendSetting(deps, target, { component, variable, value, known: known ?? null });
    results.push({ charger: target.name, status });
  }
  return results;
}

async function sendSetting(
  deps: Deps,
  target: { id: number; protocol: string | null },
  setting: {
    component: string;
    variable: string;
    value: string;
    known: { component_json: string | null; variable_json: string | null } | null;
  },
): Promise<string> {
  const db = deps.database.db;
  const endpoint = getOcppEndpoint();
  let status: string;
  if (!endpoint || !target.protocol) status = "not connected";
  else
    try {
      if (target.protocol === "ocpp1.6") {
        const answer = (await endpoint.call(target.id, "ChangeConfiguration", {
          key: setting.variable,
          value: setting.value,
        })) as { status?: string };
        status = answer.status ?? "no answer";
      } else {
        const answer = (await endpoint.call(target.id, "SetVariables", {
          setVariableData: [
            {
              attributeValue: setting.value,
              component: JSON.parse(setting.known?.component_json ?? "null") ?? { name: setting.component },
              variable: JSON.parse(setting.known?.variable_json ?? "null") ?? { name: setting.variable },
            },
          ],
        })) as { setVariableResult?: { attributeStatus: string }[] };
        status = answer.setVariableResult?.[0]?.attributeStatus ?? "no answer";
      }
    } catch {
      status = "no answer";
    }
  if (status === "Accepted" || status === "RebootRequired")
    await db
      .updateTable("charger_settings")
      .set({ value: setting.value, read_at: new Date().toISOString() })
      .where("charge_point_id", "=", target.id)
      .where("component", "=", setting.component)
      .where("variable", "=", setting.variable)
      .execute();
  const reboot = status === "RebootRequired" ? " (takes effect when it restarts)" : "";
  await recordChargerEvent(
    db,
    { chargePointId: target.id },
    "config",
    `${setting.component ? `${setting.component} ` : ""}${setting.variable} set to "${setting.value.slice(0, 60)}": ${status}${reboot}`,
  );
  return status;
}
