import { type AppMigration } from "./migration";

/**
 * Issue 60, item 4: flexibility requests. The network asks a depot to draw less over a window (by hand on the
 * network page, or as an OpenADR 3.0 event); the product answers from the depot's plan with what the fleet can spare,
 * holds the site to it, and measures the delivery afterwards from the chargers' meters against the baseline it gave.
 */
export const migration: AppMigration = {
  async up(db, d) {
    await db.schema
      .createTable("flex_requests")
      .addColumn("id", d.serialType, (col) => d.serialPrimaryKey(col))
      .addColumn("depot_id", "integer", (col) => col.notNull().references("depots.id").onDelete("cascade"))
      .addColumn("source", "text", (col) => col.notNull())
      .addColumn("ref", "text")
      .addColumn("name", "text", (col) => col.notNull())
      .addColumn("starts_at", d.timestampType, (col) => col.notNull())
      .addColumn("ends_at", d.timestampType, (col) => col.notNull())
      .addColumn("asked_kw", "double precision")
      .addColumn("price_pounds_per_mwh", "double precision")
      .addColumn("status", "text", (col) => col.notNull())
      .addColumn("answer", "text")
      .addColumn("note", "text")
      .addColumn("instruction_id", "integer")
      .addColumn("delivery", "text")
      .addColumn("measured_at", d.timestampType)
      .addColumn("reported", "text")
      .addColumn("created_by", "text")
      .addColumn("created_at", d.timestampType, (col) => col.notNull())
      .execute();
    await db.schema
      .createIndex("flex_requests_depot_source_ref")
      .on("flex_requests")
      .columns(["depot_id", "source", "ref"])
      .unique()
      .execute();
  },
};
