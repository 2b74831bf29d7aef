import { type AppMigration } from "./migration";

export const migration: AppMigration = {
  async up(db) {
    // Why a charger is not managed (it answered a charging profile with anything but Accepted), and until when it is
    // not sent another: "reconnect" (it cannot take them: NotImplemented, or a refused default profile) or
    // "transaction" (it rejected this vehicle's). Instead of one at every decision (issue 49: 49 in 100 s to a station
    // that answered NotImplemented). Null: it takes profiles.
    await db.schema.alterTable("charge_points").addColumn("profiles_refused", "text").execute();
    await db.schema.alterTable("charge_points").addColumn("profiles_refused_until", "text").execute();
  },
};
