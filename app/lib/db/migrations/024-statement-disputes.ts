import { type AppMigration } from "./migration";

/** Issue 50: a haulier's dispute of a line of its monthly statement at a hub, and how it was resolved. */
export const migration: AppMigration = {
  async up(db, d) {
    await db.schema
      .createTable("statement_disputes")
      .addColumn("id", d.serialType, d.serialPrimaryKey)
      .addColumn("hub_id", "integer", (col) => col.notNull().references("hubs.id").onDelete("cascade"))
      .addColumn("company_id", "integer", (col) => col.notNull().references("companies.id").onDelete("cascade"))
      .addColumn("month", "text", (col) => col.notNull())
      // The line as it read when disputed (its date, vehicle, item, quantity and amount), and why.
      .addColumn("line", "text", (col) => col.notNull())
      .addColumn("pence", "integer", (col) => col.notNull())
      .addColumn("reason", "text", (col) => col.notNull())
      // "open", "upheld" or "rejected".
      .addColumn("status", "text", (col) => col.notNull())
      .addColumn("resolution", "text")
      .addColumn("created_by", "text", (col) => col.references("user.id").onDelete("set null"))
      .addColumn("created_at", d.timestampType, (col) => col.notNull().defaultTo(d.now()))
      .addColumn("resolved_by", "text", (col) => col.references("user.id").onDelete("set null"))
      .addColumn("resolved_at", d.timestampType)
      .execute();
    await db.schema
      .createIndex("statement_disputes_hub")
      .on("statement_disputes")
      .columns(["hub_id", "month"])
      .execute();
  },
};
