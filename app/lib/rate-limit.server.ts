import type { Kysely } from "kysely";

import type { Database } from "~/lib/db/schema";

export type RateLimitRule = { max: number; windowSeconds: number };
export type RateLimitDecision = { allowed: true } | { allowed: false; retryAfterSeconds: number };

/**
 * A fixed-window counter kept in the database, so every app instance sees the
 * same count. The check and the increment happen in one statement per step:
 * a new window starts by resetting the row, otherwise the count goes up only
 * while it is below the maximum.
 */
export async function consumeRateLimit(
  db: Kysely<Database>,
  key: string,
  rule: RateLimitRule,
  now = Date.now(),
): Promise<RateLimitDecision> {
  const windowStart = now - rule.windowSeconds * 1000;
  await db
    .insertInto("rate_limits")
    .values({ key, count: 0, window_started_at: now })
    .onConflict((oc) => oc.column("key").doNothing())
    .execute();
  await db
    .updateTable("rate_limits")
    .set({ count: 0, window_started_at: now })
    .where("key", "=", key)
    .where("window_started_at", "<=", windowStart)
    .execute();
  const incremented = await db
    .updateTable("rate_limits")
    .set((eb) => ({ count: eb("count", "+", 1) }))
    .where("key", "=", key)
    .where("count", "<", rule.max)
    .executeTakeFirst();
  if (Number(incremented.numUpdatedRows) > 0) return { allowed: true };
  const row = await db.selectFrom("rate_limits").select("window_started_at").where("key", "=", key).executeTakeFirst();
  const started = Number(row?.window_started_at ?? now);
  return {
    allowed: false,
    retryAfterSeconds: Math.max(1, Math.ceil((started + rule.windowSeconds * 1000 - now) / 1000)),
  };
}

/** The decision consumeRateLimit would make, without counting this attempt (for limits that count failures only). */
export async function peekRateLimit(
  db: Kysely<Database>,
  key: string,
  rule: RateLimitRule,
  now = Date.now(),
): Promise<RateLimitDecision> {
  const row = await db
    .selectFrom("rate_limits")
    .select(["count", "window_started_at"])
    .where("key", "=", key)
    .executeTakeFirst();
  const started = Number(row?.window_started_at ?? 0);
  if (!row || started <= now - rule.windowSeconds * 1000 || Number(row.count) < rule.max) return { allowed: true };
  return {
    allowed: false,
    retryAfterSeconds: Math.max(1, Math.ceil((started + rule.windowSeconds * 1000 - now) / 1000)),
  };
}
