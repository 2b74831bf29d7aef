import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { inject } from "vitest";

import type { Engine } from "~/lib/db/dialect.server";

export const ENGINES: Engine[] = ["sqlite", "postgres"];

export type TestDatabase = { engine: Engine; dataDir: string; databaseUrl?: string };

/** A fresh, empty database of the given engine, private to the caller. */
export async function createTestDatabase(engine: Engine): Promise<TestDatabase> {
  const dataDir = mkdtempSync(path.join(tmpdir(), `electrify-${engine}-`));
  if (engine === "sqlite") return { engine, dataDir };
  const adminUrl = inject("postgresUrl");
  const name = `test_${crypto.randomUUID().replaceAll("-", "")}`;
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(`CREATE DATABASE ${name}`);
  } finally {
    await client.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return { engine, dataDir, databaseUrl: url.toString() };
}
