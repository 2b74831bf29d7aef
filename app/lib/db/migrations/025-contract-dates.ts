import { type AppMigration } from "./migration";

/**
 * Issue 50: a contract runs between dates (null: from when it was accepted, or with no end), and a single visit at the
 * list price (an "ad hoc" visit) is a contract of one vehicle on one date, checked by the engine like any other. An
 * expected visit has a tier: 0 for a contracted visit (served with the depot's own fleet), 1 for a single visit at the
 * list price (served after them, before walk-ins).
 */
export const migration: AppMigration = {
  async up(db) {
    await db.schema.alterTable("hub_contracts").addColumn("starts_on", "text").execute();
    await db.schema.alterTable("hub_contracts").addColumn("ends_on", "text").execute();
    await db.schema
      .alterTable("hub_contracts")
      .addColumn("ad_hoc", "integer", (col) => col.notNull().defaultTo(0))
      .execute();
    await db.schema
      .alterTable("expected_visits")
      .addColumn("tier", "integer", (col) => col.notNull().defaultTo(0))
      .execute();
  },
};
