import { type AppMigration } from "./migration";

export const migration: AppMigration = {
  async up(db, d) {
    await db.schema
      .createTable("profiles")
      .addColumn("id", "text", (col) => col.primaryKey().references("user.id").onDelete("cascade"))
      .addColumn("name", "text")
      .addColumn("organization", "text")
      .addColumn("phone", "text")
      .addColumn("updated_at", d.timestampType, (col) => col.notNull().defaultTo(d.now()))
      .execute();
  },
};
