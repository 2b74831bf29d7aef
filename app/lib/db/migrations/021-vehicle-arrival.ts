import { type AppMigration } from "./migration";

/** Issue 49: when a vehicle away on its duty is expected back at the depot, as the fleet's telematics tell it. */
export const migration: AppMigration = {
  async up(db, d) {
    await db.schema.alterTable("vehicle_states").addColumn("arrives_at", d.timestampType).execute();
  },
};
