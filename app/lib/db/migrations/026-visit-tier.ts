import { type AppMigration } from "./migration";

/**
 * Issue 50: who an expected visit is served after at the hub's chargers — 0 for a contracted visit (served with the
 * depot's own fleet), 1 for a single visit at the list price (after them, before walk-ins). Its own migration, so a
 * database that already took 025 gets it too.
 */
export const migration: AppMigration = {
  async up(db) {
    await db.schema
      .alterTable("expected_visits")
      .addColumn("tier", "integer", (col) => col.notNull().defaultTo(0))
      .execute();
  },
};
