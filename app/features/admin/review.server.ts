import { normalizeStatus, statusLabel, type DepotStatusValue } from "~/features/depots";
import { DEPOT_GONE, depotResource, setDepotReview } from "~/features/depots/index.server";
import { companyRecipients } from "~/features/team/index.server";
import { authorize } from "~/lib/access/access.server";
import type { Principal } from "~/lib/access/policy";
import { recordAudit, type Actor } from "~/lib/audit.server";
import { deliverMail, enqueueMail } from "~/lib/mail/outbox.server";
import type { Runtime } from "~/lib/runtime.server";

export type ReviewResult =
  | { outcome: "not-found" }
  | { outcome: "unchanged" }
  | {
      outcome: "updated";
      statusChanged: boolean;
      notesChanged: boolean;
      status: DepotStatusValue;
      notified: "sent" | "queued" | "off" | "no-change";
    };

/**
 * Sets a depot's status and/or the admin notes. The change, its history entry,
 * the audit record and the submitter's e-mail (queued in the outbox) are one
 * transaction: all of them happen or none does. `notes` undefined leaves the notes alone.
 */
export async function reviewDepot(
  deps: Pick<Runtime, "database" | "env" | "log">,
  input: { depotId: number; status: DepotStatusValue; notes?: string; actor: Principal & Actor },
): Promise<ReviewResult> {
  if (!Number.isSafeInteger(input.depotId) || input.depotId <= 0) return { outcome: "not-found" };
  const result = await deps.database.db.transaction().execute(async (trx) => {
    const depot = await trx
      .selectFrom("depots")
      .select(["depots.id", "depots.depot_name", "depots.status", "depots.admin_notes", "depots.company_id"])
      .where("depots.id", "=", input.depotId)
      .executeTakeFirst();
    if (!depot || depot.company_id === null) return { outcome: "not-found" } as const;
    // The consultancy's review (the policy's "depot.review"): anyone else is refused as for a depot that is not there.
    authorize(input.actor, "depot.review", depotResource({ id: depot.id, companyId: depot.company_id }), DEPOT_GONE);
    const from = normalizeStatus(depot.status);
    const notes = input.notes === undefined ? (depot.admin_notes ?? "") : input.notes;
    const statusChanged = from !== input.status;
    const notesChanged = notes !== (depot.admin_notes ?? "");
    if (!statusChanged && !notesChanged) return { outcome: "unchanged" } as const;

    await setDepotReview(trx, depot.id, { status: input.status, notes: notes === "" ? null : notes });
    await trx
      .insertInto("depot_status_history")
      .values({
        depot_id: depot.id,
        from_status: from,
        to_status: input.status,
        note: notesChanged && notes !== "" ? notes : null,
        actor_id: input.actor.id,
        actor_email: input.actor.email,
        created_at: new Date().toISOString(),
      })
      .execute();
    const target = { type: "depot", id: depot.id, label: depot.depot_name } as const;
    if (statusChanged) {
      await recordAudit(trx, {
        actor: input.actor,
        action: "depot.status_changed",
        target,
        details: { from, to: input.status },
      });
    }
    if (notesChanged) {
      await recordAudit(trx, {
        actor: input.actor,
        action: "depot.notes_updated",
        target,
        details: { notes: notes.slice(0, 500) },
      });
    }
    // The company's owners and fleet managers and the depot's managers hear of it, unless they turned it off.
    const mailIds: number[] = [];
    const recipients =
      statusChanged && deps.env.NOTIFY_ON_STATUS_CHANGE && depot.company_id !== null
        ? await companyRecipients(trx, depot.company_id, depot.id)
        : [];
    for (const email of recipients) {
      const mail = statusChangeMail(deps.env.APP_URL, { id: depot.id, name: depot.depot_name, email }, input.status);
      mailIds.push(await enqueueMail(trx, mail));
    }
    return { outcome: "updated", statusChanged, notesChanged, status: input.status, mailIds } as const;
  });
  if (result.outcome !== "updated") return result;
  const { mailIds, ...rest } = result;
  let notified: "sent" | "queued" | "off" | "no-change" = rest.statusChanged ? "off" : "no-change";
  if (mailIds.length > 0) {
    const delivered = await Promise.all(mailIds.map((id) => deliverMail(deps, id)));
    notified = delivered.every(Boolean) ? "sent" : "queued";
  }
  return { ...rest, notified };
}

const statusSentence: Record<DepotStatusValue, string> = {
  pending: "It is waiting for review.",
  reviewing: "Our team is reviewing it now.",
  approved: "It has been approved. We will be in touch about the next steps.",
  rejected:
    "We are unable to take it forward as submitted. We will contact you to explain why and what could change that.",
};

export function statusChangeMail(
  appUrl: string,
  depot: { id: number; name: string; email: string },
  status: DepotStatusValue,
) {
  return {
    to: depot.email,
    subject: `Your depot survey "${depot.name}" is now ${statusLabel(status)}`,
    text: `Hello,\n\nThe status of your depot survey "${depot.name}" is now: ${statusLabel(status)}.\n${statusSentence[status]}\n\nSee the survey here: ${appUrl}/depots/${depot.id}\n\nElectrify`,
  };
}
