import { type AppMigration } from "./migration";

export const migration: AppMigration = {
  async up(db, d) {
    // What the vehicle itself told over ISO 15118 (a 2.0.1 station's NotifyEVChargingNeeds, issue 49): when it
    // leaves, and the energy it asked for, counted from the session's meter at the moment it asked. The live
    // controller plans from these over the plan's duty. Null: it told nothing.
    await db.schema.alterTable("charging_sessions").addColumn("ev_departs_at", d.timestampType).execute();
    await db.schema.alterTable("charging_sessions").addColumn("ev_needed_wh", "double precision").execute();
    await db.schema.alterTable("charging_sessions").addColumn("ev_needed_from_wh", "double precision").execute();
  },
};
