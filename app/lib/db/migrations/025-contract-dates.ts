import { type AppMigration } from "./migration";

/**
 * Issue 50: a contract runs between dates (null: from when it was accepted, or with no end), and a single visit at the
 * list price (an "ad hoc" visit) is a contract of one vehicle on one date, checked by the engine like any other.
 */
export const migration: AppMigration = {
  async up(db) {
    await db.schema.alterTable("hub_contracts").addColumn("starts_on", "text").execute();
    await db.schema.alterTable("hub_contracts").addColumn("ends_on", "text").execute();
    await db.schema
      .alterTable("hub_contracts")
      .addColumn("ad_hoc", "integer", (col) => col.notNull().defaultTo(0))
      .execute();
  },
};
