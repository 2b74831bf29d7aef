import { createHash } from "node:crypto";
import type { BetterAuthOptions, DBAdapter, Where } from "better-auth";

import type { AppDatabase } from "~/lib/db/database.server";

/**
 * Session tokens are kept in the database only as SHA-256 digests, so a
 * leaked backup or a read-only SQL injection cannot be turned into a signed-in
 * session: the cookie carries the token, the row its digest. Better Auth has
 * no such option for sessions (it has one for verification identifiers,
 * which auth.server.ts turns on), so this wraps its database adapter: a
 * session's token is hashed when it is written and when a session is looked
 * up, updated or deleted by token, and a session found by its token is handed
 * back with the token the caller already holds. Tokens are random 32
 * characters, so an unsalted fast hash is enough (as for API keys).
 *
 * Every lookup, update and delete hashes what it is given, so a digest read
 * from a leaked database (even signed with a leaked secret) finds no session.
 * Better Auth's own "revoke other sessions" lists sessions and deletes them by
 * the tokens it listed, which are digests here: the product signs other
 * sessions out by session id instead (revokeOtherSessions below).
 */
const PREFIX = "sha256:";

export function hashSessionToken(token: string): string {
  return `${PREFIX}${createHash("sha256").update(token, "utf8").digest("base64url")}`;
}

const isSession = (model: string) => model === "session";

function hashWhere(model: string, where: Where[] | undefined): Where[] | undefined {
  if (!where || !isSession(model)) return where;
  return where.map((clause) => {
    if (clause.field !== "token") return clause;
    const value = clause.value;
    if (typeof value === "string") return { ...clause, value: hashSessionToken(value) };
    if (Array.isArray(value))
      return {
        ...clause,
        value: value.map((item) => (typeof item === "string" ? hashSessionToken(item) : item)),
      } as Where;
    return clause;
  });
}

/** The raw token a lookup was made with, to hand back in place of the stored digest. */
function rawTokenOf(model: string, where: Where[] | undefined): string | undefined {
  if (!isSession(model)) return undefined;
  const value = where?.find((clause) => clause.field === "token" && (clause.operator ?? "eq") === "eq")?.value;
  return typeof value === "string" ? value : undefined;
}

function withRawToken<T>(row: T | null, raw: string | undefined): T | null {
  if (!row || raw === undefined || typeof row !== "object") return row;
  return (row as { token?: unknown }).token === hashSessionToken(raw) ? { ...row, token: raw } : row;
}

function hashUpdate(model: string, update: Record<string, unknown>): Record<string, unknown> {
  return isSession(model) && typeof update.token === "string"
    ? { ...update, token: hashSessionToken(update.token) }
    : update;
}

function wrap<A extends Omit<DBAdapter, "transaction">>(adapter: A): A {
  return {
    ...adapter,
    create: async (args) => {
      const token = (args.data as { token?: unknown }).token;
      if (!isSession(args.model) || typeof token !== "string") return adapter.create(args);
      const row = await adapter.create({ ...args, data: { ...args.data, token: hashSessionToken(token) } });
      return withRawToken(row, token) as typeof row;
    },
    findOne: async (args) =>
      withRawToken(
        await adapter.findOne({ ...args, where: hashWhere(args.model, args.where)! }),
        rawTokenOf(args.model, args.where),
      ),
    findMany: (args) => adapter.findMany({ ...args, where: hashWhere(args.model, args.where) }),
    count: (args) => adapter.count({ ...args, where: hashWhere(args.model, args.where) }),
    update: async (args) =>
      withRawToken(
        await adapter.update({
          ...args,
          where: hashWhere(args.model, args.where)!,
          update: hashUpdate(args.model, args.update),
        }),
        rawTokenOf(args.model, args.where),
      ),
    updateMany: (args) =>
      adapter.updateMany({
        ...args,
        where: hashWhere(args.model, args.where)!,
        update: hashUpdate(args.model, args.update),
      }),
    delete: (args) => adapter.delete({ ...args, where: hashWhere(args.model, args.where)! }),
    deleteMany: (args) => adapter.deleteMany({ ...args, where: hashWhere(args.model, args.where)! }),
    consumeOne: async (args) =>
      withRawToken(
        await adapter.consumeOne({ ...args, where: hashWhere(args.model, args.where)! }),
        rawTokenOf(args.model, args.where),
      ),
    incrementOne: async (args) =>
      withRawToken(
        await adapter.incrementOne({ ...args, where: hashWhere(args.model, args.where)! }),
        rawTokenOf(args.model, args.where),
      ),
  };
}

/** Wraps a Better Auth adapter factory (e.g. kyselyAdapter(db, …)) so session tokens are stored hashed. */
export function hashedSessionTokens(factory: (options: BetterAuthOptions) => DBAdapter) {
  return (options: BetterAuthOptions): DBAdapter => {
    const adapter = factory(options);
    return { ...wrap(adapter), transaction: (callback) => adapter.transaction((trx) => callback(wrap(trx))) };
  };
}

/** Ends every session of the user but the current one ("Sign out all other sessions"). */
export async function revokeOtherSessions(
  deps: { database: AppDatabase },
  userId: string,
  currentSessionId: string,
): Promise<number> {
  const result = await deps.database.db
    .deleteFrom("session")
    .where("userId", "=", userId)
    .where("id", "!=", currentSessionId)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
