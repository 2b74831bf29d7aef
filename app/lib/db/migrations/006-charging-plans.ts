import { type AppMigration } from "./migration";

export const migration: AppMigration = {
  async up(db, d) {
    // One charging plan per depot: the inputs as last run, the state of the run, and its results.
    await db.schema
      .createTable("depot_plans")
      .addColumn("depot_id", "integer", (col) => col.primaryKey().references("depots.id").onDelete("cascade"))
      .addColumn("inputs", "text", (col) => col.notNull())
      .addColumn("status", "text", (col) => col.notNull())
      .addColumn("progress", "integer", (col) => col.notNull().defaultTo(0))
      .addColumn("run_id", "text", (col) => col.notNull())
      .addColumn("results", "text")
      .addColumn("error", "text")
      .addColumn("started_at", d.timestampType, (col) => col.notNull().defaultTo(d.now()))
      .addColumn("finished_at", d.timestampType)
      .execute();
  },
};
