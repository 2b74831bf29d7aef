import { type AppMigration } from "./migration";

export const migration: AppMigration = {
  async up(db, d) {
    await db.schema
      .createTable("rate_limits")
      .addColumn("key", "text", (col) => col.primaryKey())
      .addColumn("count", "integer", (col) => col.notNull())
      .addColumn("window_started_at", "bigint", (col) => col.notNull())
      .execute();
    await db.schema
      .createTable("investor_documents")
      .addColumn("slug", "text", (col) => col.primaryKey())
      .addColumn("file_name", "text", (col) => col.notNull())
      .addColumn("content_type", "text", (col) => col.notNull())
      .addColumn("bytes", "integer", (col) => col.notNull())
      .addColumn("storage_key", "text", (col) => col.notNull())
      .addColumn("uploaded_at", d.timestampType, (col) => col.notNull().defaultTo(d.now()))
      .addColumn("uploaded_by", "text")
      .execute();
  },
};
