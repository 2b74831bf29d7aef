import { type AppMigration } from "./migration";

/**
 * Issue 59, item 2: a booked hub visit reserves a connector for its window. `charger_reservations` keeps each
 * reservation sent (its id is the OCPP reservation id), what the charger answered and how it ended; a charger that
 * takes no reservations says why in `charge_points.reservations_unsupported` (until it boots again).
 */
export const migration: AppMigration = {
  async up(db, d) {
    await db.schema
      .createTable("charger_reservations")
      .addColumn("id", d.serialType, (col) => d.serialPrimaryKey(col))
      .addColumn("charge_point_id", "integer", (col) =>
        col.notNull().references("charge_points.id").onDelete("cascade"),
      )
      .addColumn("connector_id", "integer", (col) => col.notNull())
      .addColumn("visit_id", "integer", (col) => col.notNull())
      .addColumn("tag", "text", (col) => col.notNull())
      .addColumn("vehicle", "text", (col) => col.notNull())
      .addColumn("expires_at", d.timestampType, (col) => col.notNull())
      // sending, reserved, refused, cancelled, used, expired
      .addColumn("status", "text", (col) => col.notNull())
      .addColumn("detail", "text")
      .addColumn("created_at", d.timestampType, (col) => col.notNull())
      .addColumn("updated_at", d.timestampType, (col) => col.notNull())
      .execute();
    await db.schema
      .createIndex("charger_reservations_point_status")
      .on("charger_reservations")
      .columns(["charge_point_id", "status"])
      .execute();
    await db.schema.createIndex("charger_reservations_visit").on("charger_reservations").column("visit_id").execute();
    await db.schema.alterTable("charge_points").addColumn("reservations_unsupported", "text").execute();
  },
};
