import type { Kysely } from "kysely";
import type { MiddlewareFunction } from "react-router";

import { withChangeNotes, type ChangeNote } from "~/lib/access/access.server";
import { toIsoString } from "~/lib/db/dialect.server";
import type { Database } from "~/lib/db/schema";
import { getRuntime } from "~/lib/runtime.server";

export type ActivityEntry = {
  id: number;
  when: string;
  who: string;
  byAdmin: boolean;
  action: string;
  depot: string | null;
};

type Actor = { id: string | null; email: string; isAdmin?: boolean };

/** Writes one line of a company's activity log: who, what, when, which depot. */
export async function recordActivity(
  db: Kysely<Database>,
  entry: { companyId: number; actor: Actor; action: string; depot?: { id: number; name: string } | null },
): Promise<void> {
  await db
    .insertInto("company_activity")
    .values({
      company_id: entry.companyId,
      actor_id: entry.actor.id,
      actor_email: entry.actor.email,
      by_admin: entry.actor.isAdmin ? 1 : 0,
      action: entry.action.slice(0, 300),
      depot_id: entry.depot?.id ?? null,
      depot_name: entry.depot?.name ?? null,
    })
    .execute();
}

/** The company's latest activity, newest first (at most `limit` lines). */
export async function listActivity(db: Kysely<Database>, companyId: number, limit = 100): Promise<ActivityEntry[]> {
  const rows = await db
    .selectFrom("company_activity")
    .selectAll()
    .where("company_id", "=", companyId)
    .orderBy("id", "desc")
    .limit(limit)
    .execute();
  return rows.map((row) => ({
    id: row.id,
    when: toIsoString(row.created_at),
    who: row.actor_email,
    byAdmin: row.by_admin === true || row.by_admin === 1,
    action: row.action,
    depot: row.depot_name,
  }));
}

/** Whether an action's answer is a success: not a refusal (4xx, 5xx), and not a guard's redirect away (to sign in). */
function succeeded(response: Response): boolean {
  if (response.status >= 400) return false;
  const target = response.headers.get("location") ?? response.headers.get("x-remix-redirect");
  if (target === null) return true;
  const path = new URL(target, "http://x").pathname;
  return path !== "/" && path !== "/auth";
}

/**
 * Root middleware: every change the policy allowed during a request that succeeded is a line of that company's
 * activity log (who, what, which depot): the policy notes each one as it allows it (lib/access), so no page, action
 * or API call can forget it, and nothing here decides by URL. A refused or failed request writes nothing.
 */
export const activityMiddleware: MiddlewareFunction<Response> = async (_args, next) => {
  const { result: response, notes } = await withChangeNotes(() => next());
  if (!notes.length || !succeeded(response)) return response;
  const { database, log } = getRuntime();
  try {
    await writeNotes(database.db, notes);
  } catch (error) {
    // The change is done; a log line that could not be written must not turn it into an error.
    log.error({ err: error }, "activity log write failed");
  }
  return response;
};

/**
 * The notes as lines, each once (a change asked about twice — by its page, then by its door with what it was — is one
 * line, the one that says most), with their depots' names.
 */
async function writeNotes(db: Kysely<Database>, notes: ChangeNote[]) {
  const byChange = new Map<string, ChangeNote>();
  for (const note of notes) {
    const key = JSON.stringify([note.companyId, note.depotId, note.action.split(":")[0]]);
    const seen = byChange.get(key);
    if (!seen || note.action.length > seen.action.length) byChange.set(key, note);
  }
  const unique = [...byChange.values()];
  const depotIds = [...new Set(unique.flatMap((n) => (n.depotId === null ? [] : [n.depotId])))];
  const names = new Map(
    depotIds.length
      ? (await db.selectFrom("depots").select(["id", "depot_name"]).where("id", "in", depotIds).execute()).map((d) => [
          d.id,
          d.depot_name,
        ])
      : [],
  );
  for (const note of unique)
    await recordActivity(db, {
      companyId: note.companyId,
      actor: note.actor,
      action: note.action,
      depot: note.depotId === null ? null : { id: note.depotId, name: names.get(note.depotId) ?? "" },
    });
}
