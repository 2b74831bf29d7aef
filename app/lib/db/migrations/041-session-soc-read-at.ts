import { type AppMigration } from "./migration";

/**
 * When the charger last told the vehicle's state of charge (its meter value's time). Until now the session's
 * `updated_at` stood for it, which every later meter value and every limit sent moves on: a charge read an hour ago
 * looked fresh and beat the fleet's newer reading, so a van at 10 % was planned as if still at 85 %. Sessions that
 * told a charge before this keep `updated_at` as their time (null here).
 */
export const migration: AppMigration = {
  async up(db, d) {
    await db.schema.alterTable("charging_sessions").addColumn("soc_read_at", d.timestampType).execute();
  },
};
