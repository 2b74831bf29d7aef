/**
 * Everything a hub's page shows its viewer, read at once (issue 50): the week by hour, the contracts, bookings,
 * statements, disputes and today's vehicles the viewer may see, and what its role may do there. The page's route
 * only renders this; each piece keeps its own access rule (a haulier its own, the operator and admins the hub's).
 */
import { DateTime } from "luxon";

import type { DepotViewer } from "~/features/depots/index.server";
import { companyVehicles } from "~/features/vehicles/index.server";
import { allowed, companyOf } from "~/lib/access/access.server";
import { formatPence } from "~/lib/money";
import type { Runtime } from "~/lib/runtime.server";
import { parseMonth } from "~/lib/uk-clock";
import { UK_ZONE } from "~/lib/uk-dates";

import { hubBookings } from "./bookings.server";
import { hubContracts } from "./contracts.server";
import { hubDisputes, monthOpen } from "./disputes.server";
import { hubWeek } from "./hub-week-cache.server";
import { customerResource, hubResource, type HubView } from "./hubs.server";
import { hubStatements } from "./statements.server";
import { vehicleChoices } from "./vehicle-choices.server";
import { hubVehiclesNow } from "./vehicles-now.server";

/** The next `count` UK days from today, as the pages' date selects offer them ("Fri 27 Nov 2026"). */
export function ukDays(count: number, now = Date.now()): { value: string; label: string }[] {
  const today = DateTime.fromMillis(now, { zone: UK_ZONE }).startOf("day");
  return Array.from({ length: count }, (_, i) => {
    const day = today.plus({ days: i });
    return { value: day.toISODate()!, label: day.toFormat("ccc dd LLL yyyy") };
  });
}

function monthOf(param: string | null) {
  try {
    return parseMonth(param);
  } catch {
    return parseMonth(null);
  }
}

export async function hubPageData(
  deps: Pick<Runtime, "database">,
  user: DepotViewer,
  hub: HubView,
  monthParam: string | null,
) {
  const month = monthOf(monthParam);
  const [week, contracts, bookings, statements, disputes, now] = await Promise.all([
    hubWeek(deps, hub),
    hubContracts(deps, user, hub),
    hubBookings(deps, user, hub),
    hubStatements(deps, user, hub, month),
    hubDisputes(deps, user, hub),
    hubVehiclesNow(deps, user, hub),
  ]);
  const key = month.toFormat("yyyy-MM");
  // What the page offers is what the policy allows (the server asks again on each action).
  const here = hubResource(hub.facts);
  const own = customerResource(hub.facts, companyOf(user)?.id ?? 0);
  const may = {
    run: allowed(user, "hub.run", here),
    decide: hub.as !== "haulier" && allowed(user, "hub.decide", customerResource(hub.facts, -1)),
    request: allowed(user, "hub.request", here),
    visit: allowed(user, "hub.visit", here),
    book: allowed(user, "contract.book", own),
    cancel: allowed(user, "booking.cancel", own),
    withdraw: allowed(user, "contract.withdraw", own),
    dispute: allowed(user, "statement.dispute", own),
    live: allowed(user, "hub.live", here),
  };
  const mayAct = may.decide || may.request || may.withdraw;
  const mayBook = may.book || may.visit;
  const [vehicleTypes, ownVehicles] = await Promise.all([
    may.request || may.visit ? vehicleChoices(deps, user) : null,
    // The company's own named vehicles: a booking names one of their tags (the chargers know it by its tag).
    mayBook ? companyVehicles(deps, user) : [],
  ]);
  return {
    hub,
    ownVehicles,
    week: { byHour: week.byHour, limitKw: week.limitKw, chargers: week.chargers },
    // Single visits are bookings, not contracts asked for: they are listed with the bookings.
    contracts: contracts.filter((c) => !c.adHoc),
    bookings,
    statements: statements.map(({ number, company, companyId, wh, pence, lines }) => ({
      number,
      company,
      companyId,
      wh,
      pence,
      lines: lines.length,
    })),
    month: key,
    disputes,
    now,
    disputeMonth: { value: key, label: month.toFormat("LLLL yyyy"), open: monthOpen(key) },
    // A haulier disputes a line of its own statement for the month shown.
    disputeLines: may.dispute
      ? (statements[0]?.lines ?? []).map((l, index) => ({
          index,
          label: `${l.date} · ${l.vehicle} · ${l.what} · ${l.quantity} · ${formatPence(l.pence)}`,
        }))
      : [],
    // This month and the eleven before it.
    months: Array.from({ length: 12 }, (_, i) => {
      const m = DateTime.now().setZone(UK_ZONE).startOf("month").minus({ months: i });
      return { value: m.toFormat("yyyy-MM"), label: m.toFormat("LLLL yyyy") };
    }),
    mayAct,
    mayBook,
    may,
    // The next four weeks' days, as the booking forms offer them (the server checks each rule), and a quarter's
    // for a contract's start.
    bookableDays: ukDays(28),
    startDays: ukDays(91),
    vehicleTypes: vehicleTypes?.map(({ key, label }) => ({ key, label })) ?? null,
  };
}
