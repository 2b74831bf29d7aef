import { type AppMigration } from "./migration";

/**
 * Issue 49, item 4: the site's own meter at the connection. Each reading is the whole site's import and what the
 * chargers drew as it was taken, so the building's real load is the difference.
 */
export const migration: AppMigration = {
  async up(db, d) {
    await db.schema
      .createTable("site_meter_readings")
      .addColumn("id", d.serialType, d.serialPrimaryKey)
      .addColumn("depot_id", "integer", (col) => col.notNull().references("depots.id").onDelete("cascade"))
      .addColumn("read_at", d.timestampType, (col) => col.notNull())
      .addColumn("site_kw", "double precision", (col) => col.notNull())
      .addColumn("chargers_kw", "double precision", (col) => col.notNull())
      // "api" (the fleet API) or "ocpp" (a meter registered as a charge point).
      .addColumn("source", "text", (col) => col.notNull())
      .execute();
    await db.schema
      .createIndex("site_meter_readings_depot_read")
      .on("site_meter_readings")
      .columns(["depot_id", "read_at"])
      .execute();
    // What a registered charge point is: a charger, or the site's meter (it only sends meter values).
    await db.schema
      .alterTable("charge_points")
      .addColumn("role", "text", (col) => col.notNull().defaultTo("charger"))
      .execute();
  },
};
