import type { DatabaseSync } from "node:sqlite";
import { type CompiledQuery, type DatabaseConnection, type Driver, type QueryResult } from "kysely";

/**
 * Group commit for SQLite (decision 082). Every commit with synchronous=FULL
 * waits for the disk (about 200 µs here, on the event loop), and under
 * thousands of chargers the serving process committed several hundred times a
 * second: 41 % of its SQLite time. Here the writes of one turn of the event
 * loop share one transaction, committed when the loop turns, and no writer
 * hears back before that commit is on disk — so an answer a charger is given
 * still means its data is kept, as before.
 *
 * - A write outside a transaction (insert, update, delete) joins the open
 *   group, beginning one (BEGIN IMMEDIATE) if none is open.
 * - A Kysely transaction becomes a savepoint inside the group: its rollback
 *   undoes only its own work, and the group is never committed while one is
 *   open, so no transaction is ever half kept.
 * - Anything else (DDL, pragmas, `with` queries) first commits the group and
 *   then runs on its own, as without grouping.
 * - Reads run at once and see the group's writes (the same connection).
 * - If the commit fails, or an error makes SQLite roll the whole transaction
 *   back, every writer of the group is told (its promise rejects).
 */
export class GroupCommitDriver implements Driver {
  private group: Group | undefined;
  /** The group the current holder of the connection wrote into (one holder at a time: the inner driver's mutex). */
  private leaseGroup: Group | undefined;
  private inTransaction = false;
  private flushWanted = false;

  constructor(
    private readonly inner: Driver,
    private readonly database: DatabaseSync,
  ) {}

  init = () => this.inner.init();

  async acquireConnection(): Promise<DatabaseConnection> {
    const connection = await this.inner.acquireConnection();
    this.leaseGroup = undefined;
    return { executeQuery: (query) => this.execute(connection, query), streamQuery: connection.streamQuery };
  }

  async beginTransaction(): Promise<void> {
    this.joinGroup();
    this.database.exec(`savepoint ${SAVEPOINT}`);
    this.inTransaction = true;
  }

  async commitTransaction(): Promise<void> {
    this.database.exec(`release ${SAVEPOINT}`);
    this.endTransaction();
  }

  async rollbackTransaction(): Promise<void> {
    try {
      if (!this.database.isTransaction) throw new Error("SQLite rolled the whole transaction back");
      this.database.exec(`rollback to ${SAVEPOINT}`);
      this.database.exec(`release ${SAVEPOINT}`);
    } catch (error) {
      this.failGroup(error);
    }
    this.endTransaction();
  }

  async releaseConnection(connection: DatabaseConnection): Promise<void> {
    const wrote = this.leaseGroup;
    this.leaseGroup = undefined;
    await this.inner.releaseConnection(connection);
    // After the connection is let go, so the next writer joins the same group meanwhile.
    if (wrote) await wrote.committed;
  }

  async destroy(): Promise<void> {
    this.flush();
    await this.inner.destroy();
  }

  private execute<R>(connection: DatabaseConnection, query: CompiledQuery): Promise<QueryResult<R>> {
    if (this.inTransaction) return connection.executeQuery<R>(query);
    const kind = statementKind(query.sql);
    if (kind === "read") return connection.executeQuery<R>(query);
    if (kind === "other") {
      this.flush();
      return connection.executeQuery<R>(query);
    }
    const group = this.joinGroup();
    try {
      // node:sqlite runs the statement before this returns: an error is thrown or rejected here.
      return connection.executeQuery<R>(query).catch((error: unknown) => this.afterError(error));
    } catch (error) {
      return this.afterError(error);
    } finally {
      this.leaseGroup = group;
    }
  }

  /** A failed statement undoes itself only, unless SQLite rolled the whole transaction back (then the group is lost). */
  private afterError(error: unknown): never {
    if (this.group && !this.database.isTransaction) this.failGroup(error);
    throw error;
  }

  private joinGroup(): Group {
    if (!this.group) {
      this.database.exec("begin immediate");
      this.group = openGroup();
      setImmediate(() => this.flush());
    }
    this.leaseGroup = this.group;
    return this.group;
  }

  private endTransaction() {
    this.inTransaction = false;
    if (this.flushWanted) setImmediate(() => this.flush());
  }

  /** Commits the open group, unless a transaction is open in it (then as soon as that ends). */
  private flush() {
    const group = this.group;
    if (!group) return;
    if (this.inTransaction) {
      this.flushWanted = true;
      return;
    }
    this.flushWanted = false;
    this.group = undefined;
    try {
      this.database.exec("commit");
      group.resolve();
    } catch (error) {
      if (this.database.isTransaction) this.database.exec("rollback");
      group.reject(error);
    }
  }

  private failGroup(error: unknown) {
    const group = this.group;
    this.group = undefined;
    if (this.database.isTransaction) this.database.exec("rollback");
    group?.reject(error);
  }
}

const SAVEPOINT = "kysely_transaction";

type Group = { committed: Promise<void>; resolve: () => void; reject: (error: unknown) => void };

function openGroup(): Group {
  let resolve!: () => void;
  let reject!: (error: unknown) => void;
  const committed = new Promise<void>((yes, no) => {
    resolve = yes;
    reject = no;
  });
  // A group nobody waits on (every writer failed alone) must not be an unhandled rejection.
  committed.catch(() => {});
  return { committed, resolve, reject };
}

/** What a statement does to the group, from its first word (Kysely's statements begin with it, in lower case). */
export function statementKind(text: string): "read" | "write" | "other" {
  const head = text.trimStart().slice(0, 7).toLowerCase();
  if (head.startsWith("select")) return "read";
  if (head.startsWith("insert") || head.startsWith("update") || head.startsWith("delete") || head.startsWith("replace"))
    return "write";
  return "other";
}
