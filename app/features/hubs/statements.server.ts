/**
 * Statements at a hub (issue 50, item 5): a haulier's month from the sessions its booked vehicles charged there
 * (statement.ts prices them). A session is its booking's when it started with the booking's tag between two hours
 * before the arrival window's end and the end of the departure window. A haulier sees its own statement; the
 * operator and the admins every customer's; anyone else's answers as if it did not exist.
 */
import type { DateTime } from "luxon";

import { sessionsAtDepot } from "~/features/charging-records/index.server";
import type { DepotViewer } from "~/features/depots/index.server";
import { authorize, companyOf, customerRowsWhere } from "~/lib/access/access.server";
import { csvFile } from "~/lib/csv";
import { toIsoString } from "~/lib/db/dialect.server";
import { formatPence } from "~/lib/money";
import type { Runtime } from "~/lib/runtime.server";
import { UserError } from "~/lib/user-error";

import { isBookedSession, leaveByOf } from "./booked-session";
import { customerResource, readHub, seesEveryCustomer, type HubView } from "./hubs.server";
import { buildStatement, statementNumber, type Statement, type StatementBooking } from "./statement";

type Deps = Pick<Runtime, "database">;
const ms = (value: Date | string) => Date.parse(toIsoString(value));
export const STATEMENT_GONE = "That statement no longer exists.";

export type HubStatement = Statement & {
  number: string;
  month: string;
  hub: string;
  company: string;
  companyId: number;
};

/**
 * The statement of one customer (`companyId`; none: the viewer's own company), for a viewer the policy lets read it:
 * the customer's team, the hub's operator, the admins. Anyone else's answers as a statement that does not exist.
 */
export async function hubStatement(
  deps: Deps,
  viewer: DepotViewer,
  hubId: number,
  month: DateTime,
  companyId: number | null,
): Promise<HubStatement> {
  const hub = await readHub(deps, hubId, viewer);
  const company = companyId ?? companyOf(viewer)?.id ?? null;
  if (!hub || company === null || !Number.isSafeInteger(company)) throw new UserError(STATEMENT_GONE, { status: 404 });
  authorize(viewer, "contract.read", customerResource(hub.facts, company), STATEMENT_GONE);
  // A customer of the hub (a contract there, this month's visits or not); anyone else's answers as none.
  const customer = await deps.database.db
    .selectFrom("hub_contracts")
    .innerJoin("companies", "companies.id", "hub_contracts.company_id")
    .select("companies.company_name as name")
    .where("hub_contracts.hub_id", "=", hub.id)
    .where("hub_contracts.company_id", "=", company)
    .executeTakeFirst();
  if (!customer) throw new UserError(STATEMENT_GONE, { status: 404 });
  const [statement] = await statementsOf(deps, hub, month, [{ id: company, name: customer.name }]);
  return statement!;
}

/** The month's statements at the hub the viewer may see: a haulier its own, the operator and admins every customer's. */
export async function hubStatements(
  deps: Deps,
  viewer: DepotViewer,
  hub: HubView,
  month: DateTime,
): Promise<HubStatement[]> {
  let query = deps.database.db
    .selectFrom("hub_bookings")
    .innerJoin("companies", "companies.id", "hub_bookings.company_id")
    .select(["companies.id", "companies.company_name as name"])
    .distinct()
    .where("hub_bookings.hub_id", "=", hub.id)
    .where("visit_date", ">=", month.toISODate()!)
    .where("visit_date", "<", month.plus({ months: 1 }).toISODate()!);
  if (!seesEveryCustomer(viewer, hub.facts)) query = query.where(customerRowsWhere(viewer, "hub_bookings.company_id"));
  return statementsOf(
    deps,
    hub,
    month,
    (await query.execute()).sort((a, b) => a.id - b.id),
  );
}

/** The customers' statements for the month: their bookings read in one query, the hub's sessions once. */
async function statementsOf(
  deps: Deps,
  hub: HubView,
  month: DateTime,
  customers: { id: number; name: string }[],
): Promise<HubStatement[]> {
  const bookings = await monthBookings(
    deps,
    hub,
    customers.map((c) => c.id),
    month,
  );
  const sessions = await monthSessions(deps, hub, bookings, month);
  const key = month.toFormat("yyyy-MM");
  const byCustomer = Map.groupBy(bookings, (b) => b.companyId);
  return customers.map((customer) => {
    const own = byCustomer.get(customer.id) ?? [];
    const ids = new Set(own.map((b) => b.id));
    return {
      ...buildStatement(
        own,
        sessions.filter((session) => ids.has(session.bookingId)),
      ),
      number: statementNumber(hub.id, customer.id, key),
      month: key,
      hub: hub.name,
      company: customer.name,
      companyId: customer.id,
    };
  });
}

/** These hauliers' bookings with a visit in the month, each with its contract's prices and its visit's times. */
async function monthBookings(
  deps: Deps,
  hub: HubView,
  companyIds: number[],
  month: DateTime,
): Promise<(StatementBooking & { companyId: number })[]> {
  if (!companyIds.length) return [];
  const rows = await deps.database.db
    .selectFrom("hub_bookings")
    .innerJoin("hub_contracts", "hub_contracts.id", "hub_bookings.contract_id")
    .select([
      "hub_bookings.id",
      "hub_bookings.company_id as companyId",
      "hub_bookings.visit_date as visitDate",
      "hub_bookings.vehicle",
      "hub_bookings.tag",
      "hub_bookings.arrives_at as arrivesAt",
      "hub_bookings.departs_at as departsAt",
      "hub_contracts.depart_from as departFrom",
      "hub_contracts.depart_to as departTo",
      "hub_contracts.pence_per_kwh as pencePerKwh",
      "hub_contracts.pence_per_visit as pencePerVisit",
      "hub_contracts.pence_per_reserved_hour as pencePerReservedHour",
      "hub_contracts.overstay_pence_per_hour as overstayPencePerHour",
    ])
    .where("hub_bookings.hub_id", "=", hub.id)
    .where("hub_bookings.company_id", "in", companyIds)
    .where("hub_bookings.status", "=", "booked")
    .where("hub_bookings.arrives_at", "is not", null)
    .where("hub_bookings.visit_date", ">=", month.toISODate()!)
    .where("hub_bookings.visit_date", "<", month.plus({ months: 1 }).toISODate()!)
    .orderBy("hub_bookings.id")
    .execute();
  return rows.map((r) => {
    const departsAt = ms(r.departsAt!);
    return { ...r, arrivesAt: ms(r.arrivesAt!), departsAt, leaveBy: leaveByOf(departsAt, r.departFrom, r.departTo) };
  });
}

/** The finished sessions at the hub's chargers that belong to these bookings (by tag and time). */
async function monthSessions(deps: Deps, hub: HubView, bookings: StatementBooking[], month: DateTime) {
  if (!bookings.length) return [];
  // The hub's depot's finished sessions (operations' records, through its door).
  const rows = await sessionsAtDepot(deps, hub.depotId, {
    from: month.minus({ days: 1 }).toMillis(),
    to: month.plus({ months: 1, days: 1 }).toMillis(),
    finished: true,
  });
  // Bookings by tag: a session is looked for only among its own tag's.
  const byTag = Map.groupBy(bookings, (b) => b.tag);
  return rows.flatMap((r) => {
    const booking = byTag.get((r.tag ?? "").toUpperCase())?.find((b) => isBookedSession(r, b));
    // Whole watt-hours, as the meter reads them.
    const wh = Math.max(0, Math.round(r.lastWh - r.startWh));
    return booking ? [{ id: r.id, bookingId: booking.id, startedAt: r.startedAt, stoppedAt: r.stoppedAt!, wh }] : [];
  });
}

export function statementCsv(s: HubStatement): string {
  return csvFile([
    [`Statement ${s.number}: ${s.company} at ${s.hub}, ${s.month}`],
    [],
    ["date", "vehicle", "item", "quantity", "amount_pence", "amount_gbp"],
    ...s.lines.map((l) => [l.date, l.vehicle, l.what, l.quantity, l.pence, (l.pence / 100).toFixed(2)]),
    ["Total", "", "", `${(s.wh / 1000).toFixed(3)} kWh`, s.pence, (s.pence / 100).toFixed(2)],
  ]);
}

export const statementTotal = (s: HubStatement) =>
  `${(s.wh / 1000).toLocaleString("en-GB", { maximumFractionDigits: 3 })} kWh, ${formatPence(s.pence)}`;
