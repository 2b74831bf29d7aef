import { DatabaseSync } from "node:sqlite";
import { NodeSqliteDialect } from "@better-auth/kysely-adapter/node-sqlite-dialect";
import { Kysely } from "kysely";
import { describe, expect, it } from "vitest";

import { dialectHelpers } from "~/lib/db/dialect.server";
import { migration } from "~/lib/db/migrations/036-list-snapshots";

/**
 * Migration 036 moves what each charger held into shared snapshots: a charger's card keeps its count, and a charger
 * holding what it was sent is not sent it again after the upgrade (its row names the same list, by digest).
 */
describe("migration 036: local lists kept once", () => {
  it("keeps every charger's list, once per distinct list, and what is not known stays not known", async () => {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the table before the migration
    const db = new Kysely<any>({ dialect: new NodeSqliteDialect({ database: new DatabaseSync(":memory:") }) });
    await db.schema
      .createTable("charger_local_lists")
      .addColumn("charge_point_id", "integer", (c) => c.primaryKey())
      .addColumn("version", "integer", (c) => c.notNull())
      .addColumn("tags", "text")
      .addColumn("unsupported", "text")
      .addColumn("updated_at", "text", (c) => c.notNull())
      .execute();
    const at = "2026-11-28T10:00:00.000Z";
    const depot = JSON.stringify(["ALPHA-1", "ALPHA-2", "BRAVO-3"]);
    await db
      .insertInto("charger_local_lists")
      .values([
        { charge_point_id: 1, version: 4, tags: depot, unsupported: null, updated_at: at },
        { charge_point_id: 2, version: 7, tags: depot, unsupported: null, updated_at: at },
        { charge_point_id: 3, version: 2, tags: JSON.stringify(["ALPHA-1"]), unsupported: null, updated_at: at },
        { charge_point_id: 4, version: 1, tags: null, unsupported: null, updated_at: at },
        { charge_point_id: 5, version: 0, tags: null, unsupported: "Does not keep a local list", updated_at: at },
      ])
      .execute();
    await migration.up(db, dialectHelpers("sqlite"));
    const rows = await db.selectFrom("charger_local_lists").selectAll().orderBy("charge_point_id").execute();
    expect(rows.map((r) => [r.charge_point_id, r.version, r.tag_count, r.unsupported])).toEqual([
      [1, 4, 3, null],
      [2, 7, 3, null],
      [3, 2, 1, null],
      [4, 1, null, null],
      [5, 0, null, "Does not keep a local list"],
    ]);
    expect(rows[0]).not.toHaveProperty("tags");
    expect(rows[0]!.tags_digest).toBe(rows[1]!.tags_digest);
    expect(rows[3]!.tags_digest).toBeNull();
    const snapshots = await db.selectFrom("charger_list_snapshots").selectAll().execute();
    expect(snapshots).toHaveLength(2);
    const byDigest = new Map(snapshots.map((s) => [s.digest, JSON.parse(s.tags as string)]));
    expect(byDigest.get(rows[0]!.tags_digest)).toEqual(["ALPHA-1", "ALPHA-2", "BRAVO-3"]);
    expect(byDigest.get(rows[2]!.tags_digest)).toEqual(["ALPHA-1"]);
    await db.destroy();
  });
});
