/**
 * What a charger told of its configuration (issue 59, item 5), kept: a 1.6J charger's keys as one answer, a 2.0.1
 * station's report as the NotifyReport parts arrive. No OCPP calls here (the endpoint's handlers keep reports).
 */
import type { Runtime } from "~/lib/runtime.server";

type Deps = Pick<Runtime, "database">;
/** Settings kept per charger at most (a full 2.0.1 inventory runs to a few hundred). */
const MOST_SETTINGS = 2_000;

export type ChargerSetting = { component: string; variable: string; value: string | null; mutability: string };

/** What the charger last told of its configuration, in order. */
export async function chargerSettings(deps: Deps, chargePointId: number): Promise<ChargerSetting[]> {
  return deps.database.db
    .selectFrom("charger_settings")
    .select(["component", "variable", "value", "mutability"])
    .where("charge_point_id", "=", chargePointId)
    .orderBy("component")
    .orderBy("variable")
    .execute();
}

type ReportData = {
  component: { name: string; instance?: string; evse?: { id: number; connectorId?: number } };
  variable: { name: string; instance?: string };
  variableAttribute: { type?: string; value?: string; mutability?: string }[];
};

/** A part of a 2.0.1 station's report (NotifyReport): each variable's actual value and whether it may be changed. */
export async function keepReport(deps: Deps, chargePointId: number, reportData: readonly ReportData[]) {
  const rows = reportData.flatMap((d) => {
    const actual = d.variableAttribute.find((a) => (a.type ?? "Actual") === "Actual");
    if (!actual) return [];
    const evse = d.component.evse
      ? ` · EVSE ${d.component.evse.id}${d.component.evse.connectorId ? `/${d.component.evse.connectorId}` : ""}`
      : "";
    return [
      {
        component: `${d.component.name}${d.component.instance ? `[${d.component.instance}]` : ""}${evse}`,
        variable: `${d.variable.name}${d.variable.instance ? `[${d.variable.instance}]` : ""}`,
        value: actual.value ?? null,
        mutability: actual.mutability ?? "ReadWrite",
        componentJson: JSON.stringify(d.component),
        variableJson: JSON.stringify(d.variable),
      },
    ];
  });
  await keepSettings(deps, chargePointId, rows, false);
}

export async function keepSettings(
  deps: Deps,
  chargePointId: number,
  rows: (ChargerSetting & { componentJson?: string; variableJson?: string })[],
  replace: boolean,
) {
  const db = deps.database.db;
  const readAt = new Date().toISOString();
  await db.transaction().execute(async (tx) => {
    if (replace) await tx.deleteFrom("charger_settings").where("charge_point_id", "=", chargePointId).execute();
    const held = await tx
      .selectFrom("charger_settings")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("charge_point_id", "=", chargePointId)
      .executeTakeFirstOrThrow();
    const room = Math.max(0, MOST_SETTINGS - Number(held.n));
    for (const r of rows.slice(0, room)) {
      const values = {
        value: r.value?.slice(0, 1000) ?? null,
        mutability: r.mutability,
        component_json: r.componentJson ?? null,
        variable_json: r.variableJson ?? null,
        read_at: readAt,
      };
      await tx
        .insertInto("charger_settings")
        .values({
          charge_point_id: chargePointId,
          component: r.component.slice(0, 200),
          variable: r.variable.slice(0, 200),
          ...values,
        })
        .onConflict((oc) => oc.columns(["charge_point_id", "component", "variable"]).doUpdateSet(values))
        .execute();
    }
  });
}
