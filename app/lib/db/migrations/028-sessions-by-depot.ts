import { sql } from "kysely";

import { type AppMigration } from "./migration";

/**
 * Issue 58: a charging session names its depot (a charger's depot, copied when the session opens; a charger does not
 * move), so the records of Box Charge are read by depot from their own table, without the chargers' register: each
 * table has one owner, and the live controller's read of a depot's open sessions needs no join.
 */
export const migration: AppMigration = {
  async up(db) {
    await db.schema.alterTable("charging_sessions").addColumn("depot_id", "integer").execute();
    await sql`
      update charging_sessions set depot_id =
        (select depot_id from charge_points where charge_points.id = charging_sessions.charge_point_id)`.execute(db);
    await db.schema
      .createIndex("charging_sessions_depot_open")
      .on("charging_sessions")
      .columns(["depot_id", "stopped_at"])
      .execute();
  },
};
