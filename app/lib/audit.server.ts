/**
 * The audit log's write side: who changed what, recorded in the transaction
 * that made the change. The admin console reads it (features/admin/audit.server).
 */
import type { Kysely } from "kysely";

import type { Database } from "~/lib/db/schema";

/** Who did it: a signed-in admin, or the command line (id null). */
export type Actor = { id: string | null; email: string };

export const CLI_ACTOR: Actor = { id: null, email: "command line" };

export type AuditAction =
  | "depot.status_changed"
  | "depot.notes_updated"
  | "user.created"
  | "user.invited"
  | "user.role_changed"
  | "user.deactivated"
  | "user.reactivated"
  | "grid.imported"
  | "charger.registered"
  | "charger.password_reset"
  | "charger.removed"
  | "charger.command"
  | "vehicle_tag.added"
  | "vehicle_tag.removed"
  | "connection.updated"
  | "connection.quote_added"
  | "connection.offer_added"
  | "connection.offer_removed"
  | "connection.offer_chosen"
  | "network.instruction_given"
  | "flexibility.requested"
  | "network.instruction_cancelled";

export type AuditDetails = Record<string, string | number | boolean | null>;

/** Records one admin action. Pass the transaction that made the change so both land or neither does. */
export async function recordAudit(
  db: Kysely<Database>,
  entry: {
    actor: Actor;
    action: AuditAction;
    target: { type: "depot" | "user" | "grid" | "charger"; id: string | number; label: string };
    details?: AuditDetails;
  },
): Promise<void> {
  await db
    .insertInto("audit_log")
    .values({
      actor_id: entry.actor.id,
      actor_email: entry.actor.email,
      action: entry.action,
      target_type: entry.target.type,
      target_id: String(entry.target.id),
      target_label: entry.target.label,
      details: JSON.stringify(entry.details ?? {}),
      created_at: new Date().toISOString(),
    })
    .execute();
}

/** The latest entries of the log, newest first (the console shows them; lib/audit owns audit_log). */
export async function readRecentAudit(db: Kysely<Database>, limit: number) {
  return db.selectFrom("audit_log").selectAll().orderBy("id", "desc").limit(limit).execute();
}
