import { type AppMigration } from "./migration";

export const migration: AppMigration = {
  async up(db, d) {
    // What the vehicle itself told over ISO 15118 (a 2.0.1 station's NotifyEVChargingNeeds, issue 49), or what the
    // depot's people set by hand: when it leaves, and the energy it needs, counted from the session's meter at the
    // moment it was told. The live controller plans from these over the plan's duty. Null: nobody told.
    await db.schema.alterTable("charging_sessions").addColumn("ev_departs_at", d.timestampType).execute();
    await db.schema.alterTable("charging_sessions").addColumn("ev_needed_wh", "double precision").execute();
    await db.schema.alterTable("charging_sessions").addColumn("ev_needed_from_wh", "double precision").execute();
    // Who told: "vehicle" (ISO 15118) or "hand" (the depot's people, on the operations page).
    await db.schema.alterTable("charging_sessions").addColumn("ev_needs_source", "text").execute();
  },
};
