import { type AppMigration } from "./migration";

export const migration: AppMigration = {
  async up(db, d) {
    // Named copies of a depot's plan (inputs and results) to compare side by side.
    await db.schema
      .createTable("plan_scenarios")
      .addColumn("id", d.serialType, (col) => d.serialPrimaryKey(col))
      .addColumn("depot_id", "integer", (col) => col.notNull().references("depots.id").onDelete("cascade"))
      .addColumn("name", "text", (col) => col.notNull())
      .addColumn("inputs", "text", (col) => col.notNull())
      .addColumn("results", "text", (col) => col.notNull())
      .addColumn("created_at", d.timestampType, (col) => col.notNull().defaultTo(d.now()))
      .execute();
    await db.schema.createIndex("plan_scenarios_depot").on("plan_scenarios").column("depot_id").execute();
  },
};
