/**
 * Visits booked within an accepted contract (issue 50, item 3): a date the contract covers, a vehicle and the tag it
 * starts charging with. A booking is an expected visit at the hub's depot (operations' expected-visits.server.ts):
 * the live controller keeps room for it from its arrival until it is late by the hub's grace (then it is a no-show),
 * and plans it from the contract's energy and departure once it plugs in with its tag, before any walk-in. A booking
 * names one of the booking company's own vehicle tags (a tag is one company's: the policy's `tag.use`), so no fleet
 * can block another's vehicle or have its charging billed to someone else.
 */
import { DateTime } from "luxon";

import { actingUser, type DepotViewer } from "~/features/depots/index.server";
import { cancelExpectedVisits, expectedVisitsChanged, expectVisit, ownerOfTag } from "~/features/vehicles/index.server";
import { authorize, customerRowsWhere } from "~/lib/access/access.server";
import { may } from "~/lib/access/policy";
import type { Runtime } from "~/lib/runtime.server";
import { UK_ZONE } from "~/lib/uk-dates";
import { UserError } from "~/lib/user-error";

import { describeDates } from "./contract-periods";
import { reachContract } from "./contracts.server";
import type { BookingInput } from "./hub-schemas";
import { customerResource, readHub, seesEveryCustomer, type HubView } from "./hubs.server";
import type { BookingRow } from "./views";
import { DAY_NAMES, shortestStay } from "./visit-window";

type Deps = Pick<Runtime, "database">;

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
  const day = DateTime.fromISO(visitDate, { zone: UK_ZONE });
  const today = DateTime.fromMillis(now, { zone: UK_ZONE }).startOf("day");
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

/** The tag is the booking company's own vehicle's (registered on Operations at one of its depots), or a refusal. */
export async function requireOwnTag(deps: Deps, viewer: DepotViewer, tag: string): Promise<void> {
  const owner = await ownerOfTag(deps.database.db, tag);
  const why = "Book with one of your own vehicles' tags: add the vehicle and its tag on Operations first.";
  if (owner === null || !may(viewer, "tag.use", { kind: "tag", companyId: owner })) throw fieldError("tag", why);
}

/**
 * Writes a booking and its expected visit, within the caller's transaction: a vehicle booked twice for a day and more
 * vehicles than the contract's are refused (the tag was checked as the company's own before).
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
  const times = {
    arrivesAt: visit.arrivesAt.toUTC().toISO()!,
    holdsUntil: visit.arrivesAt.plus({ minutes: hub.prices.graceMinutes }).toUTC().toISO()!,
    departsAt: visit.departsAt.toUTC().toISO()!,
  };
  // The depot's controller expects it (operations' own table, through its door).
  const expectedId = await expectVisit(tx, {
    depotId: hub.depotId,
    tag: visit.tag,
    vehicle: visit.vehicle,
    ...times,
    neededKwh: contract.energy_kwh,
    maxKw: contract.max_kw,
    // A single visit at the list price is served after the contracted ones (the controller's tier).
    tier: contract.ad_hoc ? 1 : 0,
  });
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
      expected_visit_id: expectedId,
      arrives_at: times.arrivesAt,
      holds_until: times.holdsUntil,
      departs_at: times.departsAt,
      needed_kwh: contract.energy_kwh,
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
  hubId: number,
  input: BookingInput,
  now = Date.now(),
): Promise<number> {
  const { row: contract, hub } = await reachContract(deps, viewer, input.contractId, "contract.book", hubId);
  if (contract.status !== "accepted") throw new UserError("Visits can be booked only within an accepted contract.");
  await requireOwnTag(deps, viewer, input.tag);
  const { arrivesAt, departsAt } = visitTimes(contract, input.visitDate, now);
  const writing = deps.database.db.transaction().execute((tx) =>
    writeBooking(tx, {
      hub,
      contract,
      companyId: contract.company_id,
      userId: actingUser(viewer),
      visit: { ...input, arrivesAt, departsAt },
    }),
  );
  return settleBooking(writing, hub.depotId);
}

/** Cancels a booking at this hub (its customer's company-wide roles, while the hub is open): its room is freed at once. */
export async function cancelBooking(deps: Deps, viewer: DepotViewer, hubId: number, bookingId: number): Promise<void> {
  const row =
    Number.isSafeInteger(bookingId) && bookingId > 0
      ? await deps.database.db
          .selectFrom("hub_bookings")
          .selectAll()
          .where("id", "=", bookingId)
          .where("hub_id", "=", hubId)
          .executeTakeFirst()
      : undefined;
  const hub = row ? await readHub(deps, row.hub_id, viewer) : null;
  if (!row || !hub) throw new UserError(BOOKING_GONE, { status: 404 });
  authorize(viewer, "booking.cancel", customerResource(hub.facts, row.company_id), BOOKING_GONE, hub.name);
  if (row.status !== "booked") throw new UserError(BOOKING_GONE, { status: 404 });
  await deps.database.db.transaction().execute(async (tx) => {
    await tx.updateTable("hub_bookings").set({ status: "cancelled" }).where("id", "=", row.id).execute();
    // A single visit's contract was only ever that visit: cancelled, its room goes back to the hub.
    await tx
      .updateTable("hub_contracts")
      .set({ status: "withdrawn", decided_by: actingUser(viewer), decided_at: new Date().toISOString() })
      .where("id", "=", row.contract_id)
      .where("ad_hoc", "=", 1)
      .execute();
    if (row.expected_visit_id !== null) await cancelExpectedVisits(tx, [row.expected_visit_id]);
  });
  expectedVisitsChanged(hub.depotId);
}

/** The hub's bookings from today on the viewer may see: a haulier its own, the operator and the admins every one. */
export async function hubBookings(
  deps: Deps,
  viewer: DepotViewer,
  hub: HubView,
  now = Date.now(),
): Promise<BookingRow[]> {
  const today = DateTime.fromMillis(now, { zone: UK_ZONE }).toISODate()!;
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
  if (!seesEveryCustomer(viewer, hub.facts)) query = query.where(customerRowsWhere(viewer, "hub_bookings.company_id"));
  return (await query.execute()).map(({ companyId: _companyId, adHoc, ...b }) => ({ ...b, adHoc: adHoc === 1 }));
}
