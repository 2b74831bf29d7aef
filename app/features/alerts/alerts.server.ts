/**
 * A depot's alerts (issue 49, item 6): what conditions.ts finds wrong, kept as one row per event. A condition is
 * shown (and mailed) once it has held its kind's time; it clears when it clears; one that comes back within
 * FLAP_MS is the same alert again with its count up and no new mail (a flapping charger is one alert); a shortfall
 * that grows by a quarter is mailed again. Mail goes through the outbox in the same transaction as the row that
 * claims it, so a mail server that is down loses nothing and two processes never send the same alert twice.
 */
import type { Selectable, Transaction } from "kysely";

import { depotSnapshot } from "~/features/operations/index.server";
import { companyRecipients } from "~/features/team/index.server";
import { toIsoString } from "~/lib/db/dialect.server";
import type { Database } from "~/lib/db/schema";
import { deliverMail, enqueueMail } from "~/lib/mail/outbox.server";
import type { Runtime } from "~/lib/runtime.server";

import { ALERT_HOLD_MS, ALERT_LABELS, FLAP_MS, isAlertKind, type AlertKind, type AlertView } from "./alert-kinds";
import { conditionsAt, type Condition, type DepotNow } from "./conditions";

type Deps = Pick<Runtime, "database" | "env" | "log">;
type Row = Selectable<Database["depot_alerts"]>;
const keyOf = (kind: string, subject: string) => `${kind}|${subject}`;

/** Worse enough to be mailed again: a quarter more, and at least 1 kWh. */
const worse = (value: number | null, mailed: number | null) =>
  value !== null && mailed !== null && value >= mailed * 1.25 && value - mailed >= 1;

/** Looks at the depot now, opens, updates and clears its alerts, and queues the mails they call for. */
export async function evaluateDepotAlerts(deps: Deps, depotId: number, now = Date.now(), snapshot?: DepotNow) {
  const depot = await deps.database.db
    .selectFrom("depots")
    .select(["id", "depot_name", "company_id"])
    .where("id", "=", depotId)
    .executeTakeFirst();
  if (!depot?.company_id) return { opened: 0, cleared: 0, mailed: 0 };
  const found = conditionsAt(snapshot ?? (await depotSnapshot(deps, depotId, now)));
  const at = new Date(now).toISOString();
  const result = await deps.database.db.transaction().execute(async (tx) => {
    const open = await tx
      .selectFrom("depot_alerts")
      .selectAll()
      .where("depot_id", "=", depotId)
      .where("cleared_at", "is", null)
      .execute();
    const byKey = new Map(open.map((r) => [keyOf(r.kind, r.subject_key), r]));
    let opened = 0;
    let cleared = 0;
    for (const c of found) {
      const row = byKey.get(keyOf(c.kind, c.subjectKey));
      byKey.delete(keyOf(c.kind, c.subjectKey));
      if (row) await keepOpen(tx, row, c, now, at);
      else if (await reopenOrOpen(tx, depotId, c, now, at)) opened++;
    }
    // What no longer holds: cleared if it was ever shown, forgotten if it never held long enough to be.
    for (const row of byKey.values()) {
      if (row.shown_at === null) await tx.deleteFrom("depot_alerts").where("id", "=", row.id).execute();
      else {
        await tx.updateTable("depot_alerts").set({ cleared_at: at }).where("id", "=", row.id).execute();
        cleared++;
      }
    }
    const queued = await mailDue(deps, tx, { id: depotId, name: depot.depot_name, companyId: depot.company_id! }, at);
    return { opened, cleared, mailed: queued.alerts, mails: queued.ids };
  });
  // Sent at once once the claim is committed (an alert is news now); a mail server that is down leaves them queued,
  // and the outbox's worker tries again.
  for (const id of result.mails) await deliverMail(deps, id).catch(() => false);
  return { opened: result.opened, cleared: result.cleared, mailed: result.mailed };
}

async function keepOpen(tx: Transaction<Database>, row: Row, c: Condition, now: number, at: string) {
  const held = now - Date.parse(toIsoString(row.opened_at)) >= ALERT_HOLD_MS[c.kind];
  await tx
    .updateTable("depot_alerts")
    .set({
      reason: c.reason,
      advice: c.advice,
      value: c.value,
      seen_at: at,
      subject: c.subject,
      ...(row.shown_at === null && held ? { shown_at: at } : {}),
    })
    .where("id", "=", row.id)
    .execute();
}

/** The same alert back soon after it cleared (its count up), else a new one; true for a new one. */
async function reopenOrOpen(tx: Transaction<Database>, depotId: number, c: Condition, now: number, at: string) {
  const recent = await tx
    .selectFrom("depot_alerts")
    .select(["id", "count"])
    .where("depot_id", "=", depotId)
    .where("kind", "=", c.kind)
    .where("subject_key", "=", c.subjectKey)
    .where("cleared_at", ">", new Date(now - FLAP_MS).toISOString())
    .orderBy("id", "desc")
    .executeTakeFirst();
  const words = { reason: c.reason, advice: c.advice, value: c.value, subject: c.subject, seen_at: at };
  if (recent) {
    await tx
      .updateTable("depot_alerts")
      .set({ ...words, cleared_at: null, count: recent.count + 1 })
      .where("id", "=", recent.id)
      .execute();
    return false;
  }
  const inserted = await tx
    .insertInto("depot_alerts")
    .values({
      depot_id: depotId,
      kind: c.kind,
      subject_key: c.subjectKey,
      ...words,
      opened_at: c.since ?? at,
      shown_at: now - (c.since ? Date.parse(c.since) : now) >= ALERT_HOLD_MS[c.kind] ? at : null,
    })
    .onConflict((oc) => oc.columns(["depot_id", "kind", "subject_key"]).where("cleared_at", "is", null).doNothing())
    .executeTakeFirst();
  return Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0;
}

/** Mails each shown alert never mailed, and each shortfall that grew by a quarter since its last mail. */
async function mailDue(
  deps: Deps,
  tx: Transaction<Database>,
  depot: { id: number; name: string; companyId: number },
  at: string,
) {
  const due = await tx
    .selectFrom("depot_alerts")
    .selectAll()
    .where("depot_id", "=", depot.id)
    .where("cleared_at", "is", null)
    .where("shown_at", "is not", null)
    .execute();
  let mailed = 0;
  const ids: number[] = [];
  for (const alert of due) {
    const again = alert.mailed_at !== null && worse(alert.value, alert.mailed_value);
    if (alert.mailed_at !== null && !again) continue;
    if (!isAlertKind(alert.kind)) continue;
    // The claim: only one process's update finds the alert as it read it (on PostgreSQL the second waits for the
    // first's commit, then finds it changed and updates nothing).
    const claimed = await tx
      .updateTable("depot_alerts")
      .set({ mailed_at: at, mailed_value: alert.value })
      .where("id", "=", alert.id)
      .where((eb) =>
        alert.mailed_at === null
          ? eb("mailed_at", "is", null)
          : eb.and([eb("mailed_at", "=", alert.mailed_at), eb("mailed_value", "=", alert.mailed_value)]),
      )
      .executeTakeFirst();
    if (Number(claimed.numUpdatedRows) === 0) continue;
    for (const to of await companyRecipients(tx, depot.companyId, depot.id, { alertKind: alert.kind }))
      ids.push(await enqueueMail(tx, alertMail(deps, depot, { ...alert, kind: alert.kind }, again, to)));
    mailed++;
  }
  return { alerts: mailed, ids };
}

function alertMail(
  deps: Deps,
  depot: { id: number; name: string },
  alert: { kind: AlertKind; reason: string; advice: string },
  again: boolean,
  to: string,
) {
  return {
    to,
    subject: `${depot.name}: ${ALERT_LABELS[alert.kind].toLowerCase()}${again ? " (worse)" : ""}`,
    text: [
      alert.reason,
      "",
      `What to do: ${alert.advice}`,
      "",
      `See the depot now: ${deps.env.APP_URL}/electrify/operations/${depot.id}`,
      `Choose which alerts you are e-mailed about: ${deps.env.APP_URL}/electrify/team`,
      "",
      "Electrify",
    ].join("\n"),
  };
}

/** The depot's alerts shown now, and those cleared in the last day, the open ones first, newest first. */
export async function listDepotAlerts(deps: Pick<Runtime, "database">, depotId: number, now = Date.now()) {
  const rows = await deps.database.db
    .selectFrom("depot_alerts")
    .selectAll()
    .where("depot_id", "=", depotId)
    .where("shown_at", "is not", null)
    .where((eb) =>
      eb.or([eb("cleared_at", "is", null), eb("cleared_at", ">", new Date(now - 86_400_000).toISOString())]),
    )
    .orderBy("id", "desc")
    .limit(50)
    .execute();
  return rows
    .filter((r) => isAlertKind(r.kind))
    .map((r): AlertView => ({
      id: r.id,
      kind: r.kind as AlertKind,
      subject: r.subject,
      reason: r.reason,
      advice: r.advice,
      since: toIsoString(r.opened_at),
      clearedAt: r.cleared_at === null ? null : toIsoString(r.cleared_at),
      count: r.count,
    }))
    .sort((a, b) => Number(a.clearedAt !== null) - Number(b.clearedAt !== null));
}
