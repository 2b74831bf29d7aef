/**
 * Visits booked within an accepted contract (issue 50, item 3): a date the contract covers, a vehicle and the tag it
 * starts charging with. A booking is an expected visit at the hub's depot (operations' expected-visits.server.ts):
 * the live controller keeps room for it from its arrival until it is late by the hub's grace (then it is a no-show),
 * and plans it from the contract's energy and departure once it plugs in with its tag, before any walk-in. A tag is
 * one fleet's at a hub: another fleet's is refused.
 */
import { DateTime } from "luxon";

import { actingUser, requireRole, type DepotViewer } from "~/features/depots/index.server";
import { expectedVisitsChanged } from "~/features/operations/index.server";
import type { Runtime } from "~/lib/runtime.server";
import { UserError } from "~/lib/user-error";

import { describeDates } from "./contract-periods";
import { reachContract } from "./contracts.server";
import type { BookingInput } from "./hub-schemas";
import type { HubView } from "./hubs.server";
import type { BookingRow } from "./views";
import { DAY_NAMES, shortestStay } from "./visit-window";

type Deps = Pick<Runtime, "database">;

const ZONE = "Europe/London";
/** How far ahead a visit can be booked. */
export const BOOKING_DAYS_AHEAD = 60;
export const BOOKING_GONE = "That booking no longer exists.";

export const fieldError = (field: string, message: string) =>
  new UserError(message, { fieldErrors: { [field]: message } });

/** When the booked visit arrives (the end of its arrival window) and leaves, or a refusal naming the day. */
function visitTimes(
  contract: { days: string; arrive_to: number; depart_from: number; starts_on: string | null; ends_on: string | null },
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
  // A contract's dates are its first arrival and its last departure (contract-periods.ts).
  const leaves = departsAt.toISODate()!;
  if ((contract.starts_on && visitDate < contract.starts_on) || (contract.ends_on && leaves > contract.ends_on))
    throw fieldError(
      "visitDate",
      `The contract runs ${describeDates({ startsOn: contract.starts_on, endsOn: contract.ends_on })}: a visit arriving ${day.toFormat("ccc d LLL yyyy")}${leaves !== visitDate ? ` and leaving the next day` : ""} is outside it.`,
    );
  return { arrivesAt, departsAt };
}

type Tx = Parameters<Parameters<ReturnType<Deps["database"]["db"]["transaction"]>["execute"]>[0]>[0];

/**
 * Writes a booking and its expected visit, within the caller's transaction: a tag another fleet uses at the hub is
 * refused, as are a vehicle booked twice for a day and more vehicles than the contract's.
 */
export async function writeBooking(
  tx: Tx,
  booking: {
    hub: HubView;
    contract: { id: number; vehicles: number; energy_kwh: number; max_kw: number; ad_hoc: number };
    companyId: number;
    userId: string | null;
    visit: { visitDate: string; vehicle: string; tag: string; arrivesAt: DateTime; departsAt: DateTime };
  },
): Promise<number> {
  const { hub, contract, visit } = booking;
  const theirs = await tx
    .selectFrom("hub_bookings")
    .select("id")
    .where("hub_id", "=", hub.id)
    .where("tag", "=", visit.tag)
    .where("company_id", "!=", booking.companyId)
    .executeTakeFirst();
  if (theirs) throw fieldError("tag", "That tag is another fleet's at this hub: use your own vehicle's.");
  const booked = await tx
    .selectFrom("hub_bookings")
    .select(["tag"])
    .where("contract_id", "=", contract.id)
    .where("visit_date", "=", visit.visitDate)
    .where("status", "=", "booked")
    .execute();
  if (booked.some((b) => b.tag === visit.tag)) throw fieldError("tag", "That vehicle is already booked for that day.");
  if (booked.length >= contract.vehicles)
    throw fieldError(
      "visitDate",
      contract.vehicles === 1
        ? "The contract's vehicle is already booked for that day."
        : `All ${contract.vehicles} vehicles of the contract are booked for that day.`,
    );
  const expected = await tx
    .insertInto("expected_visits")
    .values({
      depot_id: hub.depotId,
      tag: visit.tag,
      vehicle: visit.vehicle,
      arrives_at: visit.arrivesAt.toUTC().toISO()!,
      holds_until: visit.arrivesAt.plus({ minutes: hub.prices.graceMinutes }).toUTC().toISO()!,
      departs_at: visit.departsAt.toUTC().toISO()!,
      needed_kwh: contract.energy_kwh,
      max_kw: contract.max_kw,
      // A single visit at the list price is served after the contracted ones (the controller's tier).
      tier: contract.ad_hoc ? 1 : 0,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  const row = await tx
    .insertInto("hub_bookings")
    .values({
      contract_id: contract.id,
      hub_id: hub.id,
      company_id: booking.companyId,
      visit_date: visit.visitDate,
      vehicle: visit.vehicle,
      tag: visit.tag,
      status: "booked",
      expected_visit_id: expected.id,
      created_by: booking.userId,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

/** A booking written: its room is kept from now, so the hub's chargers are decided again; a race on a tag is told. */
export const settleBooking = (writing: Promise<number>, depotId: number): Promise<number> =>
  writing.then(
    (id) => {
      expectedVisitsChanged(depotId);
      return id;
    },
    (error: unknown) => {
      // Two bookings of one tag for one day at once: the index keeps one, the other is told.
      if (error instanceof Error && /unique/i.test(error.message))
        throw fieldError("tag", "That vehicle is already booked for that day.");
      throw error;
    },
  );

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
  const writing = deps.database.db.transaction().execute((tx) =>
    writeBooking(tx, {
      hub,
      contract,
      companyId: company.id,
      userId: actingUser(viewer),
      visit: { ...input, arrivesAt, departsAt },
    }),
  );
  return settleBooking(writing, hub.depotId);
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
    // A single visit's contract was only ever that visit: cancelled, its room goes back to the hub.
    await tx
      .updateTable("hub_contracts")
      .set({ status: "withdrawn", decided_by: actingUser(viewer), decided_at: new Date().toISOString() })
      .where("id", "=", row.contract_id)
      .where("ad_hoc", "=", 1)
      .execute();
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
    .innerJoin("hub_contracts", "hub_contracts.id", "hub_bookings.contract_id")
    .select([
      "hub_bookings.id",
      "contract_id as contractId",
      "hub_contracts.ad_hoc as adHoc",
      "companies.company_name as company",
      "visit_date as visitDate",
      "vehicle",
      "tag",
      "hub_bookings.company_id as companyId",
    ])
    .where("hub_bookings.hub_id", "=", hub.id)
    .where("hub_bookings.status", "=", "booked")
    .where("visit_date", ">=", today)
    .orderBy("visit_date")
    .orderBy("hub_bookings.id");
  if (hub.as === "haulier") query = query.where("hub_bookings.company_id", "=", viewer.company?.id ?? 0);
  return (await query.execute()).map(({ companyId: _companyId, adHoc, ...b }) => ({ ...b, adHoc: adHoc === 1 }));
}
