/**
 * E-mails a company a set time before a depot's apply-by date (issue 33):
 * once a connection runs out in the roadmap and no quote has come, those who
 * act on it (owners, fleet managers and the depot's managers, each unless they
 * turned the company's e-mails off) hear `reminderMonths` before the date by
 * which they must apply.
 * Each (depot, date) is sent once, however many processes look: the row in
 * apply_by_reminders is the claim, and the e-mail goes through the outbox
 * in the same transaction, so a crash between the two loses neither.
 */
import { DateTime } from "luxon";

import { companiesWithPlans } from "~/features/planning/index.server";
import { companyRecipients } from "~/features/team/index.server";
import { enqueueMail } from "~/lib/mail/outbox.server";
import type { Runtime } from "~/lib/runtime.server";
import { UK_ZONE } from "~/lib/uk-dates";

import { ukDay } from "./roadmap-labels";
import { roadmapFor } from "./roadmap.server";

type Deps = Pick<Runtime, "database" | "log" | "env">;

/** The depots whose apply-by date falls within the reminder's months from `today` (or has passed), with their dates. */
export async function sendApplyByReminders(deps: Deps, today = DateTime.now().setZone(UK_ZONE).toISODate()!) {
  let sent = 0;
  for (const companyId of await companiesWithPlans(deps)) {
    const { roadmap, settings, depots } = await roadmapFor(deps, { companyId }, today);
    const applied = new Set(depots.filter((d) => d.application).map((d) => d.id));
    const horizon = DateTime.fromISO(today).plus({ months: settings.reminderMonths }).toISODate()!;
    for (const depot of roadmap.depots) {
      const flag = depot.flag;
      // An application already made (at any stage) needs no reminder to make one.
      if (flag.kind !== "apply-by" || flag.applyBy > horizon || applied.has(depot.id)) continue;
      const claimed = await deps.database.db.transaction().execute(async (trx) => {
        const inserted = await trx
          .insertInto("apply_by_reminders")
          .values({ depot_id: depot.id, apply_by: flag.applyBy, sent_at: new Date().toISOString() })
          .onConflict((oc) => oc.columns(["depot_id", "apply_by"]).doNothing())
          .executeTakeFirst();
        if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 0) return false;
        const when = ukDay(flag.applyBy);
        for (const to of await companyRecipients(trx, companyId, depot.id))
          await enqueueMail(trx, {
            to,
            subject: `Apply for ${depot.name}'s connection by ${when}`,
            text: [
              `Your roadmap needs more capacity at ${depot.name} from ${flag.neededYear}: its managed peak passes its connection of ${depot.connectionKva.toLocaleString("en-GB")} kVA that year${depot.neededKva ? `, and ${depot.neededKva.toLocaleString("en-GB")} kVA is needed by the roadmap's end` : ""}.`,
              "",
              `With the network operator's lead time of ${depot.leadTimeMonths} months, the application must be made by ${when}${flag.late ? " — that date has passed" : ""}.`,
              "",
              `See the roadmap and record the application: ${deps.env.APP_URL}/electrify/portfolio`,
              "",
              "Electrify",
            ].join("\n"),
          });
        return true;
      });
      if (claimed) sent++;
    }
  }
  return sent;
}

/** Looks once a few minutes after start, then every hour, until stopped. */
export function startApplyByReminders(deps: Deps, intervalMs = 60 * 60_000, firstAfterMs = 2 * 60_000): () => void {
  let running = false;
  const tick = async () => {
    if (running) return;
    running = true;
    try {
      const sent = await sendApplyByReminders(deps);
      if (sent > 0) deps.log.info({ sent }, "apply-by reminders queued");
    } catch (error) {
      deps.log.error({ err: error }, "apply-by reminders failed");
    } finally {
      running = false;
    }
  };
  const first = setTimeout(() => void tick(), firstAfterMs);
  const timer = setInterval(() => void tick(), intervalMs);
  first.unref();
  timer.unref();
  return () => {
    clearTimeout(first);
    clearInterval(timer);
  };
}
