import { type AppMigration } from "./migration";

/**
 * Issue 59: who may charge. Each site chooses whether only its company's vehicles (and, at a hub, the visitors booked
 * there now) charge, or anyone (free vend): `charging_access`, one row a depot (none: only its own). A charger keeps
 * the local authorization list it was last sent (its version and tags), so a change goes out as the difference; and a
 * remote start from the office names a one-time tag the charger's Authorize then finds.
 */
export const migration: AppMigration = {
  async up(db, d) {
    await db.schema
      .createTable("charging_access")
      .addColumn("depot_id", "integer", (col) => col.primaryKey().references("depots.id").onDelete("cascade"))
      .addColumn("mode", "text", (col) => col.notNull())
      .addColumn("updated_at", d.timestampType, (col) => col.notNull())
      .execute();
    await db.schema
      .createTable("charger_local_lists")
      .addColumn("charge_point_id", "integer", (col) =>
        col.primaryKey().references("charge_points.id").onDelete("cascade"),
      )
      .addColumn("version", "integer", (col) => col.notNull())
      // The tags it holds, as JSON (an array of strings); null while what it holds is not known.
      .addColumn("tags", "text")
      // Why it keeps no list (it does not support them, or refused one), or null.
      .addColumn("unsupported", "text")
      .addColumn("updated_at", d.timestampType, (col) => col.notNull())
      .execute();
    await db.schema.alterTable("charge_points").addColumn("remote_start_tag", "text").execute();
    await db.schema.alterTable("charge_points").addColumn("remote_start_until", d.timestampType).execute();
  },
};
