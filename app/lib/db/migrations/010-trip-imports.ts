import { type AppMigration } from "./migration";

export const migration: AppMigration = {
  async up(db, d) {
    // A depot's imported trip export (the latest; a new import replaces it in one transaction).
    await db.schema
      .createTable("trip_imports")
      .addColumn("depot_id", "integer", (col) => col.primaryKey().references("depots.id").onDelete("cascade"))
      .addColumn("file_name", "text", (col) => col.notNull())
      .addColumn("trips", "text", (col) => col.notNull())
      .addColumn("summary", "text", (col) => col.notNull())
      .addColumn("imported_at", d.timestampType, (col) => col.notNull().defaultTo(d.now()))
      .execute();
  },
};
