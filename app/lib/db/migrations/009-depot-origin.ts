import { sql } from "kysely";

import { type AppMigration } from "./migration";

export const migration: AppMigration = {
  async up(db) {
    // How a depot came in: a site survey (from a phone, with photos) or a line added in Company Setup. Surveys
    // always carried an idempotency key and Company Setup never did, so the rows already there can be told apart.
    await db.schema
      .alterTable("depots")
      .addColumn("origin", "text", (col) => col.notNull().defaultTo("survey"))
      .execute();
    await sql`update depots set origin = 'company-setup' where idempotency_key is null`.execute(db);
  },
};
