import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { DatabaseSync } from "node:sqlite";
import fc from "fast-check";
import { sql, type Kysely } from "kysely";
import { afterEach, beforeEach, describe, expect, it } from "vitest";

import { createDatabase, type AppDatabase } from "~/lib/db/database.server";
import { statementKind } from "~/lib/db/group-commit.server";

/**
 * Group commit (decision 082, group-commit.server.ts): the writes of one turn of the loop share a commit, and no
 * writer hears back before its write is on disk. "On disk" is checked from a second connection to the same file,
 * which sees only what was committed.
 */
type Db = Kysely<{ bays: { name: string } }>;

let dir: string;
let app: AppDatabase;
let db: Db;
let other: DatabaseSync;

beforeEach(async () => {
  dir = mkdtempSync(path.join(tmpdir(), "group-commit-"));
  app = createDatabase({ dataDir: dir, sqliteFile: "bays.sqlite" });
  db = app.db as unknown as Db;
  await sql`create table bays (name text primary key)`.execute(db);
  other = new DatabaseSync(path.join(dir, "bays.sqlite"), { readOnly: true });
});

afterEach(async () => {
  other.close();
  await app.destroy();
  rmSync(dir, { recursive: true, force: true });
});

const committed = () =>
  (other.prepare("select name from bays order by name").all() as { name: string }[]).map((row) => row.name);
const turn = () => new Promise((resolve) => setImmediate(resolve));

describe("SQLite's group commit", () => {
  it("gives a hundred writers of one turn one commit, and each hears back only once its write is kept", async () => {
    const names = Array.from({ length: 100 }, (_, n) => `Bay ${String(n).padStart(3, "0")}`);
    const seenOnAnswer = await Promise.all(
      names.map(async (name) => {
        await db.insertInto("bays").values({ name }).execute();
        return committed().length;
      }),
    );
    // Each writer, when answered, finds all hundred kept: they were committed together, and before any answer.
    // (One commit each, the first to hear back would find one.)
    expect(new Set(seenOnAnswer)).toEqual(new Set([100]));
    expect(committed()).toEqual(names);
  });

  it("never keeps half a transaction, even while the group it is in commits around it", async () => {
    let inside = "";
    const transaction = db.transaction().execute(async (tx) => {
      await tx.insertInto("bays").values({ name: "T1" }).execute();
      await new Promise((resolve) => setTimeout(resolve, 20));
      inside = committed().join(",");
      await tx.insertInto("bays").values({ name: "T2" }).execute();
    });
    await transaction;
    expect(inside).toBe("");
    expect(committed()).toEqual(["T1", "T2"]);
  });

  it("keeps everyone else's writes when one write or one transaction fails", async () => {
    await db.insertInto("bays").values({ name: "A" }).execute();
    const results = await Promise.allSettled([
      db.insertInto("bays").values({ name: "B" }).execute(),
      db.insertInto("bays").values({ name: "A" }).execute(),
      db.transaction().execute(async (tx) => {
        await tx.insertInto("bays").values({ name: "C" }).execute();
        throw new Error("changed my mind");
      }),
      db.insertInto("bays").values({ name: "D" }).execute(),
    ]);
    expect(results.map((result) => result.status)).toEqual(["fulfilled", "rejected", "rejected", "fulfilled"]);
    expect(committed()).toEqual(["A", "B", "D"]);
  });

  it("tells every writer of a group that SQLite rolled back, and goes on", async () => {
    await sql`create trigger refuse after insert on bays when new.name = 'X' begin select raise(rollback, 'refused'); end`.execute(
      db,
    );
    const results = await Promise.allSettled([
      db.insertInto("bays").values({ name: "E" }).execute(),
      db.insertInto("bays").values({ name: "X" }).execute(),
    ]);
    expect(results.map((result) => result.status)).toEqual(["rejected", "rejected"]);
    expect(committed()).toEqual([]);
    await db.insertInto("bays").values({ name: "F" }).execute();
    expect(committed()).toEqual(["F"]);
  });

  it("keeps exactly what was acknowledged, whatever the interleaving (property)", async () => {
    const op = fc.oneof(
      fc.record({ kind: fc.constant("write" as const), name: fc.integer({ min: 0, max: 30 }) }),
      fc.record({
        kind: fc.constant("transaction" as const),
        names: fc.array(fc.integer({ min: 0, max: 30 }), { minLength: 1, maxLength: 3 }),
        fail: fc.boolean(),
        wait: fc.constantFrom("none", "turn", "timer"),
      }),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(fc.array(op, { maxLength: 6 }), { minLength: 1, maxLength: 4 }), async (batches) => {
        await sql`delete from bays`.execute(db);
        const kept = new Set<string>();
        for (const batch of batches) {
          const outcomes = await Promise.allSettled(batch.map((step) => run(step)));
          outcomes.forEach((outcome, n) => {
            if (outcome.status === "rejected") return;
            const step = batch[n]!;
            for (const name of step.kind === "write" ? [step.name] : step.names) kept.add(`N${name}`);
            // Acknowledged means committed: the other connection sees it.
            expect(outcome.value.every((name) => committed().includes(name))).toBe(true);
          });
          await turn();
        }
        expect(committed()).toEqual([...kept].sort());
      }),
      { numRuns: 60 },
    );

    async function run(step: Step): Promise<string[]> {
      if (step.kind === "write") {
        await db
          .insertInto("bays")
          .values({ name: `N${step.name}` })
          .execute();
        return [`N${step.name}`];
      }
      const names = step.names.map((name) => `N${name}`);
      await db.transaction().execute(async (tx) => {
        for (const name of names) {
          await tx.insertInto("bays").values({ name }).execute();
          if (step.wait === "turn") await turn();
          if (step.wait === "timer") await new Promise((resolve) => setTimeout(resolve, 1));
        }
        if (step.fail) throw new Error("rolled back");
      });
      return names;
    }
  });
});

type Step =
  | { kind: "write"; name: number }
  | { kind: "transaction"; names: number[]; fail: boolean; wait: "none" | "turn" | "timer" };

describe("what a statement does to the group", () => {
  it("groups writes, reads at once, and commits the group before anything else", () => {
    expect(["select 1", "  SELECT *", "\nselect"].map(statementKind)).toEqual(["read", "read", "read"]);
    expect(["insert into", "UPDATE x", "delete from", "replace into"].map(statementKind)).toEqual(
      Array(4).fill("write"),
    );
    expect(
      ["with x as (select 1) insert", "pragma foreign_keys = off", "create table", "begin", ""].map(statementKind),
    ).toEqual(Array(5).fill("other"));
  });
});
