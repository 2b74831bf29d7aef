import type { Kysely } from "kysely";
import type { MiddlewareFunction } from "react-router";

import { sessionUserContext } from "~/lib/auth/session.server";
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

/** The pages whose changes are a company's activity, by what a person would call them (admin pages: admins only). */
const PAGES: [RegExp, string][] = [
  [/^\/electrify\/company-setup$/, "Company setup"],
  [/^\/electrify\/energy-map$/, "Energy map"],
  [/^\/electrify\/depots\/\d+\/layout$/, "Charger layout"],
  [/^\/electrify\/depots\/\d+\/trips$/, "Trips"],
  [/^\/electrify\/depots\/\d+\/plan$/, "Charging plan"],
  [/^\/electrify\/portfolio$/, "Portfolio and roadmap"],
  [/^\/electrify\/portfolio\/\d+\/connection$/, "Connection application"],
  [/^\/electrify\/operations\/\d+$/, "Operations"],
  [/^\/admin\/depot\/\d+$/, "Review"],
  [/^\/survey$/, "Depot survey"],
  [/^\/surveys$/, "Depot survey"],
];

/** A form's intent and the depot it names, read from a small urlencoded body only (an upload is never read twice). */
async function formOf(request: Request): Promise<{ intent: string | null; depotId: string | null }> {
  const type = request.headers.get("content-type") ?? "";
  const length = Number(request.headers.get("content-length") ?? "Infinity");
  if (!type.startsWith("application/x-www-form-urlencoded") || !(length <= 16_384))
    return { intent: null, depotId: null };
  const form = new URLSearchParams(await request.clone().text());
  const intent = form.get("intent");
  const readable = intent
    ?.replace(/[^\w -]/g, "")
    .replace(/[-_]/g, " ")
    .slice(0, 60);
  return { intent: readable || null, depotId: form.get("depotId") ?? form.get("id") };
}

/**
 * Whether an action's answer is a success: not a refusal (4xx, 5xx), and not a guard's redirect away (to sign in, or
 * home for someone the page is not for); a document redirect is 3xx, a client navigation's is 202 with a header.
 */
function succeeded(response: Response): boolean {
  if (response.status >= 400) return false;
  const target = response.headers.get("location") ?? response.headers.get("x-remix-redirect");
  if (target === null) return true;
  const path = new URL(target, "http://x").pathname;
  return path !== "/" && path !== "/auth";
}

/**
 * Root middleware: every change that succeeds on a company's pages (a member's, or an admin's on the company's
 * depot) becomes a line of that company's activity log. One place, so no action can forget it; the team's own
 * changes write fuller lines themselves (members.server.ts).
 */
export const activityMiddleware: MiddlewareFunction<Response> = async ({ request, context, params }, next) => {
  const method = request.method.toUpperCase();
  const path = new URL(request.url).pathname.replace(/\.data$/, "");
  const page = PAGES.find(([pattern]) => pattern.test(path))?.[1];
  if (method === "GET" || method === "HEAD" || !page) return next();
  const { intent, depotId: formDepot } = await formOf(request);
  const response = await next();
  const user = context.get(sessionUserContext);
  if (!user || !succeeded(response) || (path.startsWith("/admin/") && !user.isAdmin)) return response;
  const { database, log } = getRuntime();
  const depotId = Number(params.id ?? params.depotId ?? formDepot ?? Number.NaN);
  try {
    const found = Number.isSafeInteger(depotId)
      ? await database.db
          .selectFrom("depots")
          .select(["id", "depot_name as name", "company_id"])
          .where("id", "=", depotId)
          .executeTakeFirst()
      : undefined;
    // A member's line is their own company's: a depot named by a form field counts only if it is the company's.
    const depot = found && (user.isAdmin || found.company_id === user.company?.id) ? found : undefined;
    const companyId = depot?.company_id ?? (user.isAdmin ? null : user.company?.id);
    if (!companyId) return response;
    const action = intent ? `${page}: ${intent}` : page;
    await recordActivity(database.db, { companyId, actor: user, action, depot: depot ?? null });
  } catch (error) {
    // The change is done; a log line that could not be written must not turn it into an error.
    log.error({ err: error }, "activity log write failed");
  }
  return response;
};
