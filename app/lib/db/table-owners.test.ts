import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

import { OTHER_WRITERS, SHARED_READS, TABLE_OWNERS, type Owner } from "./table-owners";

const APP = path.resolve(__dirname, "../..");
const QUERY =
  /\.(selectFrom|insertInto|updateTable|deleteFrom|innerJoin|leftJoin|rightJoin|fullJoin)\(\s*["'`]([a-z_]+)/g;
const WRITES = new Set(["insertInto", "updateTable", "deleteFrom"]);

function* sources(dir: string): Generator<string> {
  for (const name of readdirSync(dir)) {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) {
      // Migrations are the schema's history: they touch every table.
      if (name !== "migrations") yield* sources(file);
    } else if (/\.tsx?$/.test(name) && !/\.(test|spec)\.tsx?$/.test(name)) yield file;
  }
}

/** The feature ("hubs") or lib module ("lib/audit.server", "lib/mail") a file belongs to; routes and the rest are none. */
function ownerOf(file: string): Owner | null {
  const rel = path.relative(APP, file).split(path.sep);
  if (rel[0] === "features") return rel[1]!;
  if (rel[0] === "lib") return rel.length > 2 ? `lib/${rel[1]}` : `lib/${rel[1]!.replace(/\.tsx?$/, "")}`;
  return null;
}

/** Every query in app/ that touches a table its file's owner may not. */
function trespasses(): string[] {
  const found: string[] = [];
  for (const file of sources(APP)) {
    const owner = ownerOf(file);
    for (const [, call, table] of readFileSync(file, "utf8").matchAll(QUERY)) {
      if (!(table! in TABLE_OWNERS)) continue;
      const key = table as keyof typeof TABLE_OWNERS;
      if (owner === TABLE_OWNERS[key]) continue;
      const write = WRITES.has(call!);
      if (write ? OTHER_WRITERS[key]?.includes(owner ?? "") : SHARED_READS.has(key)) continue;
      found.push(`${path.relative(APP, file)}: ${call}("${table}") belongs to ${TABLE_OWNERS[key]}`);
    }
  }
  return found;
}

describe("each table has one owner", () => {
  it("is read and written only by its owner, apart from the shared reads and the writes named with their reasons", () => {
    expect(trespasses()).toEqual([]);
  });
});
