import { type Kysely } from "kysely";

import { hashSessionToken } from "~/lib/auth/hashed-session-tokens.server";

import { type AppMigration } from "./migration";

export const migration: AppMigration = {
  async up(db) {
    // Sessions from before tokens were stored as digests (hashed-session-tokens.server.ts): hashed in place,
    // so nobody is signed out and no token stays readable in the database.
    const sessions = db as unknown as Kysely<{ session: { id: string; token: string } }>;
    const rows = await sessions.selectFrom("session").select(["id", "token"]).execute();
    for (const row of rows) {
      if (!row.token.startsWith("sha256:"))
        await sessions
          .updateTable("session")
          .set({ token: hashSessionToken(row.token) })
          .where("id", "=", row.id)
          .execute();
    }
    // Investor-room unlocks, so that closing the room ends the grant on the server, not only in the browser.
    await db.schema
      .createTable("investor_grants")
      .addColumn("id", "text", (col) => col.primaryKey())
      .addColumn("expires_at", "bigint", (col) => col.notNull())
      .execute();
  },
};
