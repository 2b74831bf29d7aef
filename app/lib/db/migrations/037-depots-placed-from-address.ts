import { type AppMigration } from "./migration";

/**
 * Issue 60, item 5: a depot entered by address is placed on the map from it. `location_source` says how its position
 * was found: "map" (someone put it there), "geocoder" (its address, by the configured geocoder) or "postcode" (its
 * postcode sector's centre: approximate); null for the positions set before this, taken as put there by someone.
 * `location_address` is then the address it was placed from, so an address changed later places it again.
 */
export const migration: AppMigration = {
  async up(db) {
    await db.schema.alterTable("depots").addColumn("location_source", "text").execute();
  },
};
