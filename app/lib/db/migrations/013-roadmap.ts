import { type AppMigration } from "./migration";

export const migration: AppMigration = {
  async up(db, d) {
    // The company's transition roadmap (issue 33): its settings (end year, phase-out marks, lead times, each
    // group's replacement years) as one JSON document read through its schema, one per company (user).
    await db.schema
      .createTable("roadmaps")
      .addColumn("user_id", "text", (col) => col.primaryKey().references("user.id").onDelete("cascade"))
      .addColumn("settings", "text", (col) => col.notNull())
      .addColumn("updated_at", d.timestampType, (col) => col.notNull().defaultTo(d.now()))
      .execute();
    // What the engine and the sizing made of one depot-year's fleet, by a hash of everything it depends on:
    // a moved year plans only the fleets not seen before, in any process.
    await db.schema
      .createTable("roadmap_results")
      .addColumn("key", "text", (col) => col.primaryKey())
      .addColumn("result", "text", (col) => col.notNull())
      .addColumn("used_at", d.timestampType, (col) => col.notNull().defaultTo(d.now()))
      .execute();
    // One connection application per depot, from the budget estimate to energisation.
    await db.schema
      .createTable("connection_applications")
      .addColumn("depot_id", "integer", (col) => col.primaryKey().references("depots.id").onDelete("cascade"))
      .addColumn("stage", "text", (col) => col.notNull())
      .addColumn("requested_kva", "double precision")
      .addColumn("budget_requested_on", "text")
      .addColumn("quote_received_on", "text")
      .addColumn("quote_pounds", "double precision")
      .addColumn("quote_kva", "double precision")
      .addColumn("energisation_on", "text")
      .addColumn("accepted_on", "text")
      .addColumn("works_on", "text")
      .addColumn("energised_on", "text")
      .addColumn("quote_file_key", "text")
      .addColumn("quote_file_name", "text")
      .addColumn("notes", "text")
      .addColumn("updated_by", "text")
      .addColumn("updated_at", d.timestampType, (col) => col.notNull().defaultTo(d.now()))
      .execute();
    // Apply-by reminders sent, so each date is e-mailed once however many processes look.
    await db.schema
      .createTable("apply_by_reminders")
      .addColumn("depot_id", "integer", (col) => col.notNull().references("depots.id").onDelete("cascade"))
      .addColumn("apply_by", "text", (col) => col.notNull())
      .addColumn("sent_at", d.timestampType, (col) => col.notNull().defaultTo(d.now()))
      .addPrimaryKeyConstraint("apply_by_reminders_pk", ["depot_id", "apply_by"])
      .execute();
  },
};
