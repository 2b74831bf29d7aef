import { type AppMigration } from "./migration";

export const migration: AppMigration = {
  async up(db) {
    // The schedule a session's charger holds (decision 035): its limits over the next day as JSON, so a charger
    // keeps to the plan through an outage and every process counts the others' limits over time, not only now.
    await db.schema.alterTable("charging_sessions").addColumn("limit_schedule", "text").execute();
  },
};
