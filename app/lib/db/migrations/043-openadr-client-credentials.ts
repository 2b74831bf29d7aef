import { type AppMigration } from "./migration";

/**
 * Issue 60: a VTN that issues its tokens by OAuth 2.0's client credentials (OpenADR 3.0.1's `/auth/token`). The link
 * keeps the client's id and secret (sent, so kept as given, never shown again); its `token` is then empty, and the
 * VEN asks the VTN for one, kept in memory until it expires.
 */
export const migration: AppMigration = {
  async up(db) {
    await db.schema.alterTable("openadr_links").addColumn("client_id", "text").execute();
    await db.schema.alterTable("openadr_links").addColumn("client_secret", "text").execute();
  },
};
