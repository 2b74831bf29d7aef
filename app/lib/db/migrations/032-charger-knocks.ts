import { type AppMigration } from "./migration";

/**
 * Issue 59, item 7: a charger that knocks with an identity nobody registered is listed for the consultancy's admins
 * to accept into a depot or block, instead of vanishing into a 401. The password it offered is kept hashed (as a
 * registered charger's is), so an accepted charger connects with the password it already has.
 */
export const migration: AppMigration = {
  async up(db, d) {
    await db.schema
      .createTable("charger_knocks")
      .addColumn("identity", "text", (col) => col.primaryKey())
      .addColumn("password_hash", "text")
      .addColumn("protocols", "text", (col) => col.notNull())
      .addColumn("attempts", "integer", (col) => col.notNull())
      .addColumn("first_at", d.timestampType, (col) => col.notNull())
      .addColumn("last_at", d.timestampType, (col) => col.notNull())
      .addColumn("blocked", d.booleanType, (col) => col.notNull().defaultTo(d.engine === "postgres" ? false : 0))
      .execute();
  },
};
