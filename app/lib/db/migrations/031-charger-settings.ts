import { type AppMigration } from "./migration";

/**
 * Issue 59, item 5: a charger's configuration as it last told it. A 1.6J charger's keys (GetConfiguration) have no
 * component; a 2.0.1 station's variables (GetBaseReport → NotifyReport) are keyed by their component and variable as
 * shown, with the OCPP objects kept as JSON to send SetVariables back exactly.
 */
export const migration: AppMigration = {
  async up(db, d) {
    await db.schema
      .createTable("charger_settings")
      .addColumn("charge_point_id", "integer", (col) =>
        col.notNull().references("charge_points.id").onDelete("cascade"),
      )
      .addColumn("component", "text", (col) => col.notNull())
      .addColumn("variable", "text", (col) => col.notNull())
      .addColumn("value", "text")
      // ReadOnly, ReadWrite or WriteOnly (1.6: ReadOnly or ReadWrite).
      .addColumn("mutability", "text", (col) => col.notNull())
      .addColumn("component_json", "text")
      .addColumn("variable_json", "text")
      .addColumn("read_at", d.timestampType, (col) => col.notNull())
      .addPrimaryKeyConstraint("charger_settings_pk", ["charge_point_id", "component", "variable"])
      .execute();
  },
};
