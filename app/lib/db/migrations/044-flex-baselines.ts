import { type AppMigration } from "./migration";

/**
 * Issue 60: which baseline a flexibility request is paid on (decision 079): "nominated" (the plan's draw, given with
 * the answer, as every request before) or "historical" (the middle four of the last ten like days, metered).
 */
export const migration: AppMigration = {
  async up(db) {
    await db.schema
      .alterTable("flex_requests")
      .addColumn("baseline", "text", (column) => column.notNull().defaultTo("nominated"))
      .execute();
  },
};
