/**
 * The flexibility requests of a depot's linked VTN (issue 60, item 4), after each poll: a new request is answered and
 * the answer reported on its event; one the VTN no longer lists before its window ends is withdrawn, and the site's
 * hold released; a delivery measured is reported once. A request refused (in the past, too far ahead) is left and
 * read again at the next poll, so one a week ahead is answered as soon as it comes within the depot's week.
 */
import { noteLeftEvents, postVtnReport, type Polled } from "~/features/connections/index.server";
import type { Runtime } from "~/lib/runtime.server";
import { UserError } from "~/lib/user-error";

import { cancelFlex, receiveFlex, viewOf } from "./flex-store.server";
import { deliveryReport, flexFromEvents, offerReport } from "./vtn-messages.server";

type Deps = Pick<Runtime, "database" | "log">;

const clientName = (depotId: number) => `electrify-depot-${depotId}`;
/** New requests answered per poll (each is a plan run): a VTN that floods is answered a few at a time. */
export const NEW_PER_POLL = 4;
/** How long after its window a request is still looked at on each poll (its delivery reported, retried). */
const KEPT_IN_VIEW_MS = 2 * 86_400_000;

export async function takeVtnFlex(deps: Deps, depotId: number, polled: Polled, now = Date.now()) {
  const { requests, skipped } = flexFromEvents(polled.events, polled.programID);
  const known = await deps.database.db
    .selectFrom("flex_requests")
    .selectAll()
    .where("depot_id", "=", depotId)
    .where("source", "=", "openadr")
    // A request's window ends at most a week and a half after it was made; older ones are done with (and their
    // events long gone from the VTN), so a poll does not read the depot's whole history.
    .where("ends_at", ">", new Date(now - KEPT_IN_VIEW_MS).toISOString())
    .execute();
  const byRef = new Map(known.map((row) => [row.ref, row]));
  const listed = new Set(requests.map((r) => r.ref));
  const answered: string[] = [];
  for (const { ref, request } of requests) {
    // Taken before, or over (an event the VTN still lists after its window is nothing to answer).
    if (byRef.has(ref) || request.until <= now) continue;
    if (answered.length >= NEW_PER_POLL) {
      skipped.push(`${request.name}: answered at a later poll (${NEW_PER_POLL} at a time)`);
      continue;
    }
    const view = await receiveFlex(deps, depotId, request, { vtn: polled.vtn, ref }, now).catch((error: unknown) => {
      if (error instanceof UserError) skipped.push(`${request.name}: ${error.message}`);
      else throw error;
      return null;
    });
    if (!view) continue;
    answered.push(ref);
    await report(deps, depotId, view.id, "offer", offerReport(view, event(polled, ref, depotId)));
  }
  for (const row of known) {
    const view = viewOf(row);
    if (row.status === "offered" && !listed.has(row.ref ?? "") && Date.parse(view.until) > now)
      await cancelFlex(deps, depotId, row.id, { vtn: polled.vtn }, now).catch(() => undefined);
    const reported = row.reported ?? "";
    if ((row.status === "offered" || row.status === "declined") && !reported.includes("offer"))
      await report(deps, depotId, row.id, "offer", offerReport(view, event(polled, row.ref!, depotId)));
    if (view.delivery && !reported.includes("delivery"))
      await report(deps, depotId, row.id, "delivery", deliveryReport(view, event(polled, row.ref!, depotId)));
  }
  // Said on the link, where the network page shows how the last poll went.
  await noteLeftEvents(deps, depotId, skipped);
  return { answered, skipped };
}

const event = (polled: Polled, eventID: string, depotId: number) => ({
  programID: polled.programID,
  eventID,
  clientName: clientName(depotId),
});

/** Sends a report and marks it sent; one the VTN did not take is sent again at the next poll (offers) or left noted. */
async function report(
  deps: Deps,
  depotId: number,
  id: number,
  kind: "offer" | "delivery",
  body: Parameters<typeof postVtnReport>[2],
) {
  try {
    await postVtnReport(deps, depotId, body);
  } catch (error) {
    deps.log.warn({ err: error, depotId, id }, "a flexibility report was not taken by the VTN");
    return;
  }
  const row = await deps.database.db
    .selectFrom("flex_requests")
    .select("reported")
    .where("id", "=", id)
    .executeTakeFirst();
  const reported = [...new Set([...(row?.reported ?? "").split(",").filter(Boolean), kind])].join(",");
  await deps.database.db.updateTable("flex_requests").set({ reported }).where("id", "=", id).execute();
}
