import { createHash } from "node:crypto";
import { sql } from "kysely";

import { type AppMigration } from "./migration";

/**
 * Issue 59's measure: a depot's 200 chargers hold the same 10,000-tag list, and each kept its own copy as JSON, read,
 * parsed, rewritten and written back on every change (a hundred tag removals were 200,000 such rounds). A list is
 * now kept once, by the SHA-256 of its JSON, in `charger_list_snapshots`; a charger's row names the one it holds
 * (`tags_digest`, null while not known) and how many tags that is (`tag_count`, for its card). What chargers held
 * before moves across, so none is sent its list again because of this.
 */
export const migration: AppMigration = {
  async up(db, d) {
    await db.schema
      .createTable("charger_list_snapshots")
      .addColumn("digest", "text", (col) => col.primaryKey())
      .addColumn("tags", "text", (col) => col.notNull())
      .addColumn("created_at", d.timestampType, (col) => col.notNull())
      .execute();
    await db.schema.alterTable("charger_local_lists").addColumn("tags_digest", "text").execute();
    await db.schema.alterTable("charger_local_lists").addColumn("tag_count", "integer").execute();
    const rows = await sql<{ charge_point_id: number; tags: string }>`
      select charge_point_id, tags from charger_local_lists where tags is not null`.execute(db);
    const now = new Date().toISOString();
    for (const row of rows.rows) {
      const tags = JSON.parse(row.tags) as string[];
      const json = JSON.stringify(tags);
      const digest = createHash("sha256").update(json).digest("hex");
      await sql`insert into charger_list_snapshots (digest, tags, created_at) values (${digest}, ${json}, ${now})
        on conflict (digest) do nothing`.execute(db);
      await sql`update charger_local_lists set tags_digest = ${digest}, tag_count = ${tags.length}
        where charge_point_id = ${row.charge_point_id}`.execute(db);
    }
    await db.schema.alterTable("charger_local_lists").dropColumn("tags").execute();
  },
};
