/**
 * Visits booked within an accepted contract (issue 50, item 3): a date the contract covers, a vehicle and the tag it
 * starts charging with. A booking is an expected visit at the hub's depot (operations' expected-visits.server.ts):
 * the live controller keeps room for it from its arrival until it is late by the hub's grace (then it is a no-show),
 * and plans it from the contract's energy and departure once it plugs in with its tag, before any walk-in. A tag is
 * one fleet's at a hub: another fleet's is refused.
 */
import { DateTime } from "luxon";
import { z } from "zod";

import { requireRole, type DepotViewer } from "~/features/depots/index.server";
import { expectedVisitsChanged } from "~/features/operations/index.server";
import type { Runtime } from "~/lib/runtime.server";
import { UserError } from "~/lib/user-error";

import { reachContract } from "./contracts.server";
import type { HubView } from "./hubs.server";
import type { BookingRow } from "./views";
import { DAY_NAMES, shortestStay } from "./visit-window";

type Deps = Pick<Runtime, "database">;

const ZONE = "Europe/London";
/** How far ahead a visit can be booked. */
export const BOOKING_DAYS_AHEAD = 60;
export const BOOKING_GONE = "That booking no longer exists.";

export const bookingSchema = z.object({
  contractId: z.coerce.number().int().positive(),
  visitDate: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "Choose the day of the visit."),
  vehicle: z.string().trim().min(2, "Give the vehicle's registration or name.").max(20, "At most 20 characters."),
  tag: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9-]{2,40}$/, "The tag is the card or vehicle id it charges with: 2–40 letters, digits or dashes.")
    .transform((t) => t.toUpperCase()),
});
export type BookingInput = z.infer<typeof bookingSchema>;

const fieldError = (field: string, message: string) => new UserError(message, { fieldErrors: { [field]: message } });

/** When the booked visit arrives (the end of its arrival window) and leaves, or a refusal naming the day. */
function visitTimes(
  contract: { days: string; arrive_to: number; depart_from: number },
  visitDate: string,
  now: number,
): { arrivesAt: DateTime; departsAt: DateTime } {
  const day = DateTime.fromISO(visitDate, { zone: ZONE });
  const today = DateTime.fromMillis(now, { zone: ZONE }).startOf("day");
  if (!day.isValid) throw fieldError("visitDate", "Choose the day of the visit.");
  const days = contract.days.split(",").map(Number);
  if (!days.includes(day.weekday - 1))
    throw fieldError(
      "visitDate",
      `The contract covers ${days.map((d) => DAY_NAMES[d]).join(", ")}: ${day.toFormat("ccc d LLL yyyy")} is not one of them.`,
    );
  if (day > today.plus({ days: BOOKING_DAYS_AHEAD }))
    throw fieldError("visitDate", `Book at most ${BOOKING_DAYS_AHEAD} days ahead.`);
  const arrivesAt = day.plus({ minutes: contract.arrive_to });
  if (arrivesAt.toMillis() <= now) throw fieldError("visitDate", "That day's arrival window has passed.");
  const departsAt = arrivesAt.plus({
    minutes: shortestStay({ arriveTo: contract.arrive_to, departFrom: contract.depart_from }),
  });
  return { arrivesAt, departsAt };
}

/** Books a visit: every rule checked on the server, the booking and its expected visit written together. */
export async function bookVisit(
  deps: Deps,
  viewer: DepotViewer,
  input: BookingInput,
  now = Date.now(),
): Promise<number> {
  const { row: contract, hub } = await reachContract(deps, viewer, input.contractId);
  if (hub.as !== "haulier" || contract.company_id !== viewer.company?.id)
    throw new UserError("That contract no longer exists.", { status: 404 });
  const company = requireRole(viewer, "change");
  if (contract.status !== "accepted") throw new UserError("Visits can be booked only within an accepted contract.");
  const { arrivesAt, departsAt } = visitTimes(contract, input.visitDate, now);
  return deps.database.db
    .transaction()
    .execute(async (tx) => {
      const theirs = await tx
        .selectFrom("hub_bookings")
        .select("id")
        .where("hub_id", "=", hub.id)
        .where("tag", "=", input.tag)
        .where("company_id", "!=", company.id)
        .executeTakeFirst();
      if (theirs) throw fieldError("tag", "That tag is another fleet's at this hub: use your own vehicle's.");
      const booked = await tx
        .selectFrom("hub_bookings")
        .select(["tag"])
        .where("contract_id", "=", contract.id)
        .where("visit_date", "=", input.visitDate)
        .where("status", "=", "booked")
        .execute();
      if (booked.some((b) => b.tag === input.tag))
        throw fieldError("tag", "That vehicle is already booked for that day.");
      if (booked.length >= contract.vehicles)
        throw fieldError(
          "visitDate",
          contract.vehicles === 1
            ? "The contract's vehicle is already booked for that day."
            : `All ${contract.vehicles} vehicles of the contract are booked for that day.`,
        );
      const visit = await tx
        .insertInto("expected_visits")
        .values({
          depot_id: hub.depotId,
          tag: input.tag,
          vehicle: input.vehicle,
          arrives_at: arrivesAt.toUTC().toISO()!,
          holds_until: arrivesAt.plus({ minutes: hub.prices.graceMinutes }).toUTC().toISO()!,
          departs_at: departsAt.toUTC().toISO()!,
          needed_kwh: contract.energy_kwh,
          max_kw: contract.max_kw,
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      const row = await tx
        .insertInto("hub_bookings")
        .values({
          contract_id: contract.id,
          hub_id: hub.id,
          company_id: company.id,
          visit_date: input.visitDate,
          vehicle: input.vehicle,
          tag: input.tag,
          status: "booked",
          expected_visit_id: visit.id,
          created_by: viewer.id,
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      return row.id;
    })
    .then((id) => {
      // Its room is kept from now: the hub's chargers are decided again.
      expectedVisitsChanged(hub.depotId);
      return id;
    })
    .catch((error: unknown) => {
      // Two bookings of one tag for one day at once: the index keeps one, the other is told.
      if (error instanceof Error && /unique/i.test(error.message))
        throw fieldError("tag", "That vehicle is already booked for that day.");
      throw error;
    });
}

/** Cancels a booking (its fleet's team): its room is freed at once. */
export async function cancelBooking(deps: Deps, viewer: DepotViewer, bookingId: number): Promise<void> {
  const row =
    Number.isSafeInteger(bookingId) && bookingId > 0
      ? await deps.database.db.selectFrom("hub_bookings").selectAll().where("id", "=", bookingId).executeTakeFirst()
      : undefined;
  if (!row || row.company_id !== viewer.company?.id || row.status !== "booked")
    throw new UserError(BOOKING_GONE, { status: 404 });
  requireRole(viewer, "change");
  await deps.database.db.transaction().execute(async (tx) => {
    await tx.updateTable("hub_bookings").set({ status: "cancelled" }).where("id", "=", row.id).execute();
    if (row.expected_visit_id !== null)
      await tx
        .updateTable("expected_visits")
        .set({ cancelled_at: new Date().toISOString() })
        .where("id", "=", row.expected_visit_id)
        .execute();
  });
  const hub = await deps.database.db
    .selectFrom("hubs")
    .select("depot_id")
    .where("id", "=", row.hub_id)
    .executeTakeFirst();
  if (hub) expectedVisitsChanged(hub.depot_id);
}

/** The hub's bookings from today on the viewer may see: a haulier its own, the operator and the admins every one. */
export async function hubBookings(
  deps: Deps,
  viewer: DepotViewer,
  hub: HubView,
  now = Date.now(),
): Promise<BookingRow[]> {
  const today = DateTime.fromMillis(now, { zone: ZONE }).toISODate()!;
  let query = deps.database.db
    .selectFrom("hub_bookings")
    .innerJoin("companies", "companies.id", "hub_bookings.company_id")
    .select([
      "hub_bookings.id",
      "contract_id as contractId",
      "companies.company_name as company",
      "visit_date as visitDate",
      "vehicle",
      "tag",
      "hub_bookings.company_id as companyId",
    ])
    .where("hub_id", "=", hub.id)
    .where("status", "=", "booked")
    .where("visit_date", ">=", today)
    .orderBy("visit_date")
    .orderBy("hub_bookings.id");
  if (hub.as === "haulier") query = query.where("hub_bookings.company_id", "=", viewer.company?.id ?? 0);
  return (await query.execute()).map(({ companyId: _companyId, ...b }) => b);
}
