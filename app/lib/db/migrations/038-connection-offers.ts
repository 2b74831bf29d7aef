import { type AppMigration } from "./migration";

/**
 * Issue 60, item 1: a depot's connection offers — firm, profiled (a capacity by half hour, day type and season) or
 * flexible (a firm and a non-firm part, with a curtailment record) — each with its operator, cost and the date it
 * can be energised. `shape` is the planner's view of it (JSON, read through offerShapeSchema); `chosen` marks the
 * one the connection application tracks (at most one per depot). `outlook` is what it means for the depot's plan
 * (JSON, read through its schema), worked out in a plan worker, with the plan run it was worked out from.
 */
export const migration: AppMigration = {
  async up(db, d) {
    await db.schema
      .createTable("connection_offers")
      .addColumn("id", d.serialType, (col) => d.serialPrimaryKey(col))
      .addColumn("depot_id", "integer", (col) => col.notNull().references("depots.id").onDelete("cascade"))
      .addColumn("name", "text", (col) => col.notNull())
      .addColumn("operator", "text")
      .addColumn("kind", "text", (col) => col.notNull())
      .addColumn("cost_pounds", "real", (col) => col.notNull())
      .addColumn("energise_on", "text", (col) => col.notNull())
      .addColumn("shape", "text", (col) => col.notNull())
      .addColumn("chosen", d.booleanType, (col) => col.notNull().defaultTo(d.engine === "postgres" ? false : 0))
      .addColumn("outlook", "text")
      .addColumn("outlook_status", "text")
      .addColumn("outlook_error", "text")
      .addColumn("outlook_plan_at", "text")
      .addColumn("updated_by", "text")
      .addColumn("created_at", d.timestampType, (col) => col.notNull())
      .addColumn("updated_at", d.timestampType, (col) => col.notNull())
      .execute();
    await db.schema.createIndex("connection_offers_depot").on("connection_offers").column("depot_id").execute();
  },
};
