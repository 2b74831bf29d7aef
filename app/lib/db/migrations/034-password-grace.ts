import { type AppMigration } from "./migration";

/**
 * Issue 59, item 6: a charger's password is rotated with a grace period. The password it had stays good until
 * `previous_password_until`, so a charger told the new one (or configured by hand) never loses its connection midway.
 */
export const migration: AppMigration = {
  async up(db, d) {
    await db.schema.alterTable("charge_points").addColumn("previous_password_hash", "text").execute();
    await db.schema.alterTable("charge_points").addColumn("previous_password_until", d.timestampType).execute();
  },
};
