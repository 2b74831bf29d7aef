import { type AppMigration } from "./migration";

export const migration: AppMigration = {
  async up(db, d) {
    await db.schema.alterTable("depots").addColumn("admin_notes", "text").execute();
    // The admin list: newest first, optionally by status.
    await db.schema.createIndex("depots_created").on("depots").columns(["created_at", "id"]).execute();
    await db.schema.createIndex("depots_status_created").on("depots").columns(["status", "created_at", "id"]).execute();
    await db.schema
      .createTable("depot_status_history")
      .addColumn("id", d.serialType, (col) => d.serialPrimaryKey(col))
      .addColumn("depot_id", "integer", (col) => col.notNull().references("depots.id").onDelete("cascade"))
      .addColumn("from_status", "text", (col) => col.notNull())
      .addColumn("to_status", "text", (col) => col.notNull())
      .addColumn("note", "text")
      // Kept as text (not a foreign key) so the history survives the admin's account.
      .addColumn("actor_id", "text")
      .addColumn("actor_email", "text", (col) => col.notNull())
      .addColumn("created_at", d.timestampType, (col) => col.notNull().defaultTo(d.now()))
      .execute();
    await db.schema
      .createIndex("depot_status_history_depot")
      .on("depot_status_history")
      .columns(["depot_id", "id"])
      .execute();
    await db.schema
      .createTable("audit_log")
      .addColumn("id", d.serialType, (col) => d.serialPrimaryKey(col))
      .addColumn("actor_id", "text")
      .addColumn("actor_email", "text", (col) => col.notNull())
      .addColumn("action", "text", (col) => col.notNull())
      .addColumn("target_type", "text", (col) => col.notNull())
      .addColumn("target_id", "text", (col) => col.notNull())
      .addColumn("target_label", "text", (col) => col.notNull())
      .addColumn("details", "text", (col) => col.notNull().defaultTo("{}"))
      .addColumn("created_at", d.timestampType, (col) => col.notNull().defaultTo(d.now()))
      .execute();
    await db.schema.createIndex("audit_log_target").on("audit_log").columns(["target_type", "target_id"]).execute();
  },
};
