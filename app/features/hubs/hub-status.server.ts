/**
 * A hub's operator suspends it (for a while: no new bookings, cancellations or live view for its customers; what is
 * booked stays), reopens it, or closes it for good (every booking from today is cancelled, every contract ended).
 * Each customer with something booked or contracted is told by e-mail what it means for them (issue 58). Who may is
 * the policy's (`hub.run`: the operator's owner, fleet manager or the hub depot's manager, and the admins).
 */
import { DateTime } from "luxon";

import { actingUser, type DepotViewer } from "~/features/depots/index.server";
import { companyRecipients } from "~/features/team/index.server";
import { cancelExpectedVisits, expectedVisitsChanged } from "~/features/vehicles/index.server";
import { enqueueMail } from "~/lib/mail/outbox.server";
import type { Runtime } from "~/lib/runtime.server";
import { calendarDay, UK_ZONE } from "~/lib/uk-dates";
import { UserError } from "~/lib/user-error";

import { lockHub } from "./hub-lock.server";
import { requireHub, type HubView } from "./hubs.server";

type Deps = Pick<Runtime, "database">;
export type HubStatusChange = "suspend" | "reopen" | "close";

const FROM: Record<HubStatusChange, readonly HubView["status"][]> = {
  suspend: ["open"],
  reopen: ["suspended"],
  close: ["proposed", "open", "suspended"],
};
const TO = { suspend: "suspended", reopen: "open", close: "closed" } as const;
const DONE = { suspend: "suspended", reopen: "reopened", close: "closed" } as const;

/** Suspends, reopens or closes the hub; answers how many customers were told and how many bookings were cancelled. */
export async function changeHubStatus(
  deps: Deps,
  viewer: DepotViewer,
  hubId: number,
  change: HubStatusChange,
  now = Date.now(),
): Promise<{ told: number; cancelled: number }> {
  const hub = await requireHub(deps, viewer, hubId, "hub.run", `${DONE[change]}`);
  if (!FROM[change].includes(hub.status))
    throw new UserError(`${hub.name} is ${hub.status}: it cannot be ${DONE[change]}.`, { status: 409 });
  const today = DateTime.fromMillis(now, { zone: UK_ZONE }).toISODate()!;
  const { cancelled, mails } = await deps.database.db.transaction().execute(async (tx) => {
    await lockHub(deps, tx, hub.id);
    await tx.updateTable("hubs").set({ status: TO[change] }).where("id", "=", hub.id).execute();
    const booked = await tx
      .selectFrom("hub_bookings")
      .innerJoin("companies", "companies.id", "hub_bookings.company_id")
      .select([
        "hub_bookings.id",
        "hub_bookings.company_id as customerId",
        "companies.company_name as customer",
        "hub_bookings.visit_date as visitDate",
        "hub_bookings.vehicle",
        "hub_bookings.expected_visit_id as expectedVisitId",
      ])
      .where("hub_bookings.hub_id", "=", hub.id)
      .where("hub_bookings.status", "=", "booked")
      .where("hub_bookings.visit_date", ">=", today)
      .orderBy("hub_bookings.visit_date")
      .execute();
    if (change === "close") {
      await tx
        .updateTable("hub_bookings")
        .set({ status: "cancelled" })
        .where("id", "in", booked.length ? booked.map((b) => b.id) : [0])
        .execute();
      await cancelExpectedVisits(
        tx,
        booked.flatMap((b) => (b.expectedVisitId === null ? [] : [b.expectedVisitId])),
      );
      const decided = { decided_by: actingUser(viewer), decided_at: new Date(now).toISOString() };
      await tx
        .updateTable("hub_contracts")
        .set({ status: "ended", ...decided })
        .where("hub_id", "=", hub.id)
        .where("status", "=", "accepted")
        .execute();
      await tx
        .updateTable("hub_contracts")
        .set({ status: "withdrawn", ...decided })
        .where("hub_id", "=", hub.id)
        .where("status", "=", "requested")
        .execute();
    }
    // Every customer with a contract there hears of it, with its own bookings from today.
    const customers = await tx
      .selectFrom("hub_contracts")
      .innerJoin("companies", "companies.id", "hub_contracts.company_id")
      .select(["companies.id", "companies.company_name as name"])
      .distinct()
      .where("hub_contracts.hub_id", "=", hub.id)
      .where("hub_contracts.status", "in", ["accepted", "ended", "requested", "withdrawn"])
      .execute();
    const mails: number[] = [];
    for (const customer of customers) {
      const theirs = Map.groupBy(booked, (b) => b.customerId).get(customer.id) ?? [];
      for (const to of await companyRecipients(tx, customer.id))
        mails.push(await enqueueMail(tx, { to, ...letter(hub, change, customer.name, theirs) }));
    }
    return { cancelled: change === "close" ? booked.length : 0, mails };
  });
  if (cancelled) expectedVisitsChanged(hub.depotId);
  return { told: mails.length, cancelled };
}

/** What a customer is told: the change, and what it means for each of their bookings from today. */
function letter(
  hub: HubView,
  change: HubStatusChange,
  customer: string,
  bookings: { visitDate: string; vehicle: string }[],
) {
  const visits = bookings.map((b) => `- ${calendarDay(`${b.visitDate}T12:00:00Z`)}: ${b.vehicle}`).join("\n");
  const what = {
    suspend: `${hub.name} is suspended by its operator: nothing new can be booked or cancelled there until it reopens.`,
    reopen: `${hub.name} is open again: you can book and cancel visits there as before.`,
    close: `${hub.name} is closed by its operator: your contracts there have ended and every booking from today is cancelled.`,
  }[change];
  const yours = bookings.length
    ? `\n\n${change === "close" ? "Cancelled" : "Your bookings from today"}:\n${visits}`
    : "";
  return {
    subject: `${hub.name} is ${DONE[change]}`,
    text: `Hello ${customer},\n\n${what}${yours}\n\nElectrify`,
  };
}
