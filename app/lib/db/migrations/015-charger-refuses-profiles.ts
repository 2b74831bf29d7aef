import { type AppMigration } from "./migration";

export const migration: AppMigration = {
  async up(db) {
    // Why a charger is not managed (it answered a charging profile with anything but Accepted): it is not sent another
    // until it connects or boots again, instead of one at every decision (issue 49: 49 in 100 s to a station that
    // answered NotImplemented). Null: it takes profiles.
    await db.schema.alterTable("charge_points").addColumn("profiles_refused", "text").execute();
  },
};
