import { type AppMigration } from "./migration";

/**
 * Issue 60, item 4: a depot's link to its network operator's OpenADR 3.0 VTN. The product is the VEN: it polls the
 * VTN's events of one program for the site's import capacity limit, keeps them as the network's instructions and the
 * channel as heard. The bearer token is kept as given (it is sent, so it cannot be hashed); never shown again.
 */
export const migration: AppMigration = {
  async up(db, d) {
    await db.schema
      .createTable("openadr_links")
      .addColumn("depot_id", "integer", (col) => col.primaryKey().references("depots.id").onDelete("cascade"))
      .addColumn("vtn_url", "text", (col) => col.notNull())
      .addColumn("token", "text", (col) => col.notNull())
      .addColumn("program_name", "text", (col) => col.notNull())
      .addColumn("last_polled_at", d.timestampType)
      .addColumn("last_ok_at", d.timestampType)
      .addColumn("last_error", "text")
      .addColumn("created_by", "text")
      .addColumn("updated_at", d.timestampType, (col) => col.notNull())
      .execute();
  },
};
