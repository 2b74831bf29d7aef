import { mkdirSync } from "node:fs";
import path from "node:path";
import { DatabaseSync, type StatementSync } from "node:sqlite";
import { NodeSqliteDialect } from "@better-auth/kysely-adapter/node-sqlite-dialect";
import { Kysely, PostgresDialect, sql, type Driver } from "kysely";
import pg from "pg";

import type { Engine } from "./dialect.server";
import { GroupCommitDriver } from "./group-commit.server";
import type { Database } from "./schema";

export type DatabaseConfig = {
  /** A postgres:// URL; without it the embedded SQLite file in dataDir is used. */
  databaseUrl?: string;
  dataDir: string;
  /** SQLite file name inside dataDir. */
  sqliteFile?: string;
};

export type AppDatabase = {
  db: Kysely<Database>;
  engine: Engine;
  /** A short description for logs, never containing credentials. */
  description: string;
  check: () => Promise<void>;
  destroy: () => Promise<void>;
};

export function createDatabase(config: DatabaseConfig): AppDatabase {
  return config.databaseUrl ? createPostgres(config.databaseUrl) : createSqlite(config);
}

function createSqlite(config: DatabaseConfig): AppDatabase {
  mkdirSync(config.dataDir, { recursive: true });
  const file = path.join(config.dataDir, config.sqliteFile ?? "electrify.sqlite");
  const database = new StatementCachingDatabase(file, { timeout: 5000 });
  // WAL lets readers run beside the writer; synchronous=FULL makes every
  // acknowledged commit durable across power loss and SIGKILL.
  database.exec("PRAGMA journal_mode = WAL");
  database.exec("PRAGMA synchronous = FULL");
  database.exec("PRAGMA foreign_keys = ON");
  database.exec("PRAGMA busy_timeout = 5000");
  const db = new Kysely<Database>({ dialect: new GroupCommitDialect(database) });
  return {
    db,
    engine: "sqlite",
    description: `sqlite:${file}`,
    check: async () => {
      await sql`select 1`.execute(db);
    },
    destroy: () => db.destroy(),
  };
}

/**
 * A SQLite database that keeps its prepared statements by SQL text, up to
 * `STATEMENTS_KEPT` (the oldest let go first). The dialect prepares every query it runs;
 * preparing (parsing and planning) cost about twice what running a small
 * query did (49 against 17 µs a select, 14 against 5 µs an update, measured
 * on node:sqlite), and under 10,000 chargers the serving process spent half
 * its time in SQLite. A statement is run to its end and reset by each call,
 * so one kept statement serves every query with that text; SQLite prepares
 * it again by itself after a change of the schema.
 */
export class StatementCachingDatabase extends DatabaseSync {
  private readonly statements = new Map<string, StatementSync>();

  override prepare(sql: string): StatementSync {
    // (No reordering on a hit: the lookup is on every query, and the texts that come and go are the rare ones.)
    const kept = this.statements.get(sql);
    if (kept) return kept;
    const statement = super.prepare(sql);
    this.statements.set(sql, statement);
    if (this.statements.size > STATEMENTS_KEPT) this.statements.delete(this.statements.keys().next().value!);
    return statement;
  }
}
/** Enough for every query the product runs (a few hundred texts); `in (…)` lists of every length make more. */
const STATEMENTS_KEPT = 1000;

/**
 * Writes are grouped into one commit per turn of the event loop
 * (GroupCommitDriver, decision 082). Groups take SQLite's write lock when
 * they begin (BEGIN IMMEDIATE), waiting up to busy_timeout for it: with the
 * default deferred BEGIN, a transaction that reads and then writes fails at
 * once with SQLITE_BUSY when another process (WEB_CONCURRENCY > 1) has
 * written in between.
 */
class GroupCommitDialect extends NodeSqliteDialect {
  constructor(private readonly database: DatabaseSync) {
    super({ database });
  }

  override createDriver(): Driver {
    return new GroupCommitDriver(super.createDriver(), this.database);
  }
}

function createPostgres(url: string): AppDatabase {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  const parsed = new URL(url);
  return {
    db,
    engine: "postgres",
    description: `postgres://${parsed.hostname}:${parsed.port || 5432}${parsed.pathname}`,
    check: async () => {
      await sql`select 1`.execute(db);
    },
    destroy: () => db.destroy(),
  };
}
