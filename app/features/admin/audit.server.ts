import { statusLabel } from "~/features/depots";
import { readRecentAudit, type AuditDetails } from "~/lib/audit.server";
import { toIsoString } from "~/lib/db/dialect.server";
import type { Runtime } from "~/lib/runtime.server";

export type AuditEntry = {
  id: number;
  actorEmail: string;
  action: string;
  targetType: string;
  targetId: string;
  targetLabel: string;
  details: AuditDetails;
  /** One line for people: what was done to what. */
  summary: string;
  at: string;
};

function parseDetails(text: string): AuditDetails {
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === "object" && !Array.isArray(value) ? (value as AuditDetails) : {};
  } catch {
    return {};
  }
}

export function describeAudit(action: string, targetLabel: string, details: AuditDetails): string {
  switch (action) {
    case "depot.status_changed":
      return `changed ${targetLabel} from ${statusLabel(String(details.from))} to ${statusLabel(String(details.to))}`;
    case "depot.notes_updated":
      return `updated the admin notes of ${targetLabel}`;
    case "user.created":
      return `created ${details.role === "admin" ? "admin" : "user"} ${targetLabel}`;
    case "user.invited":
      return `invited ${details.role === "admin" ? "admin" : "user"} ${targetLabel}`;
    case "user.role_changed":
      return details.role === "admin" ? `made ${targetLabel} an admin` : `removed the admin role from ${targetLabel}`;
    case "user.deactivated":
      return `deactivated ${targetLabel}`;
    case "user.reactivated":
      return `reactivated ${targetLabel}`;
    case "grid.imported":
      return `imported ${targetLabel} network-capacity data (${details.accepted} substations, ${details.withFigures} with figures)`;
    case "charger.registered":
      return `registered charger ${targetLabel} at ${details.depot}`;
    case "charger.password_reset":
      return `gave charger ${targetLabel} a new password`;
    case "charger.removed":
      return `removed charger ${targetLabel} from ${details.depot}`;
    case "charger.command":
      return `sent ${details.command} to charger ${targetLabel} (${details.answer})`;
    default:
      return `${action} on ${targetLabel}`;
  }
}

export async function listRecentAudit(deps: Pick<Runtime, "database">, limit = 10): Promise<AuditEntry[]> {
  const rows = await readRecentAudit(deps.database.db, limit);
  return rows.map((row) => {
    const details = parseDetails(row.details);
    return {
      id: row.id,
      actorEmail: row.actor_email,
      action: row.action,
      targetType: row.target_type,
      targetId: row.target_id,
      targetLabel: row.target_label,
      details,
      summary: describeAudit(row.action, row.target_label, details),
      at: toIsoString(row.created_at),
    };
  });
}
