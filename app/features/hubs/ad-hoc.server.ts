/**
 * A single visit outside any contract, at the hub's list price (issue 50, item 3): one vehicle, one date, arriving and
 * leaving at given times. It is taken only where room is left: the engine plans the hub's week with every accepted
 * contract that runs beside that date plus this visit, while the hub is held (as an acceptance is), so two visits
 * booked at once never share the last room. It is kept as a contract of one vehicle on that date (accepted by the
 * check, at the prices of the moment) with its booking, so the controller, the statements and the hub's page treat it
 * as any other booking; cancelling it gives its room back.
 */
import { DateTime } from "luxon";

import { actingUser, type DepotViewer } from "~/features/depots/index.server";
import { companyOf } from "~/lib/access/access.server";
import type { Runtime } from "~/lib/runtime.server";
import { UK_ZONE } from "~/lib/uk-dates";

import { BOOKING_DAYS_AHEAD, fieldError, requireOwnTag, settleBooking, writeBooking } from "./bookings.server";
import { acceptedDemands as acceptedDemandsOf, contractValues } from "./contracts.server";
import { checkDated, demandFor, demandOf, ukToday } from "./demands";
import { hubAnswerInBackground, refused } from "./hub-checks.server";
import { acceptedRows, lockHub } from "./hub-lock.server";
import type { AdHocVisit } from "./hub-schemas";
import { hubPlan, openingOf, requireHub } from "./hubs.server";
import { refusal } from "./suggest";
import { vehicleChoices } from "./vehicle-choices.server";
import { shortestStay, type VisitWindow } from "./visit-window";

export async function bookAdHoc(
  deps: Pick<Runtime, "database">,
  viewer: DepotViewer,
  hubId: number,
  input: AdHocVisit,
  now = Date.now(),
): Promise<number> {
  const hub = await requireHub(deps, viewer, hubId, "hub.visit");
  const company = companyOf(viewer)!;
  await requireOwnTag(deps, viewer, input.tag);
  const day = DateTime.fromISO(input.visitDate, { zone: UK_ZONE });
  if (!day.isValid) throw fieldError("visitDate", "Choose a day from the list.");
  if (day > DateTime.fromMillis(now, { zone: UK_ZONE }).startOf("day").plus({ days: BOOKING_DAYS_AHEAD }))
    throw fieldError("visitDate", `Book at most ${BOOKING_DAYS_AHEAD} days ahead.`);
  const arrivesAt = day.plus({ minutes: input.arriveAt });
  if (arrivesAt.toMillis() <= now) throw fieldError("arriveAt", "That arrival has passed.");
  const window: VisitWindow = {
    days: [day.weekday - 1],
    arriveFrom: input.arriveAt,
    arriveTo: input.arriveAt,
    departFrom: input.departAt,
    departTo: input.departAt,
  };
  const departsAt = arrivesAt.plus({ minutes: shortestStay(window) });
  // Its dates: the day it arrives to the day it leaves (the next, overnight).
  const dates = { startsOn: input.visitDate, endsOn: departsAt.toISODate()! };
  const { type, demand } = demandFor({ ...input, vehicles: 1, window }, await vehicleChoices(deps, viewer), hub, dates);
  const plan = await hubPlan(deps, hub.depotId);
  const today = ukToday(now);
  // Checked first off the server's thread (refused: where it is full and when it could come instead)...
  const first = await hubAnswerInBackground(plan, await acceptedDemandsOf(deps, hub.id), demand, today, openingOf(hub));
  if (!first.fits) throw refused(first);
  const writing = deps.database.db.transaction().execute(async (tx) => {
    // ...then again while the hub is held, against what was accepted since (two visits at once for the last room).
    await lockHub(deps, tx, hub.id);
    const { check } = checkDated(plan, (await acceptedRows(tx, hub.id)).map(demandOf), demand, today);
    if (!check.fits) throw refusal(check, demand, null);
    const contract = await tx
      .insertInto("hub_contracts")
      .values(
        contractValues({ hub, companyId: company.id, userId: actingUser(viewer), type, demand, check, adHoc: true }),
      )
      .returning("id")
      .executeTakeFirstOrThrow();
    return writeBooking(tx, {
      hub,
      contract: { id: contract.id, vehicles: 1, energy_kwh: input.energyKwh, max_kw: type.maxKw, ad_hoc: 1 },
      companyId: company.id,
      userId: actingUser(viewer),
      visit: { ...input, arrivesAt, departsAt },
    });
  });
  return settleBooking(writing, hub.depotId);
}
