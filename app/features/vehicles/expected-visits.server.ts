/**
 * Vehicles expected at a depot for one visit each (migration 023): a hub's bookings (features/hubs writes them). The
 * controller keeps room for one from its arrival until it is late by its grace (then it is a no-show and its room is
 * freed), and once it plugs in with its tag, plans it from the visit's need and departure: a booked vehicle is a
 * vehicle whose duty is known, charged before the walk-ins nobody told it about.
 */
import type { Kysely, Selectable } from "kysely";

import { toIsoString } from "~/lib/db/dialect.server";
import type { Database } from "~/lib/db/schema";
import type { ExpectedVisitTable } from "~/lib/db/schema-charging";
import { chargingChanged, tagsChanged } from "~/lib/depot-signals.server";

import { BOOKED_EARLY_MS, type ExpectedVisit } from "./expected-visit";

const ms = (value: Date | string) => Date.parse(toIsoString(value));

/** The visits not cancelled that are not over by `at` and start before `until`. */
export async function expectedVisits(
  db: Kysely<Database>,
  depotId: number,
  at: number,
  until: number,
): Promise<ExpectedVisit[]> {
  const rows = await db
    .selectFrom("expected_visits")
    .selectAll()
    .where("depot_id", "=", depotId)
    .where("cancelled_at", "is", null)
    .where("departs_at", ">", new Date(at).toISOString())
    .where("arrives_at", "<", new Date(until).toISOString())
    .orderBy("arrives_at")
    .execute();
  return rows.map(visitFromRow);
}

const visitFromRow = (r: Selectable<ExpectedVisitTable>): ExpectedVisit => ({
  id: r.id,
  tag: r.tag.toUpperCase(),
  vehicle: r.vehicle,
  arrivesAt: ms(r.arrives_at),
  holdsUntil: ms(r.holds_until),
  departsAt: ms(r.departs_at),
  neededKwh: r.needed_kwh,
  maxKw: r.max_kw,
  tier: r.tier,
});

/** A visit to expect at a depot (a hub's booking), within the caller's transaction; answers its id. */
export async function expectVisit(
  db: Kysely<Database>,
  visit: {
    depotId: number;
    tag: string;
    vehicle: string;
    arrivesAt: string;
    holdsUntil: string;
    departsAt: string;
    neededKwh: number;
    maxKw: number;
    tier: number;
  },
): Promise<number> {
  const row = await db
    .insertInto("expected_visits")
    .values({
      depot_id: visit.depotId,
      tag: visit.tag,
      vehicle: visit.vehicle,
      arrives_at: visit.arrivesAt,
      holds_until: visit.holdsUntil,
      departs_at: visit.departsAt,
      needed_kwh: visit.neededKwh,
      max_kw: visit.maxKw,
      tier: visit.tier,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Visits no longer expected (their bookings cancelled), within the caller's transaction: their room is freed. */
export async function cancelExpectedVisits(db: Kysely<Database>, ids: readonly number[]): Promise<void> {
  if (!ids.length) return;
  await db
    .updateTable("expected_visits")
    .set({ cancelled_at: new Date().toISOString() })
    .where("id", "in", [...ids])
    .where("cancelled_at", "is", null)
    .execute();
}

/** A depot's expected visits changed (a booking made or cancelled): its controller decides again at once. */
export const expectedVisitsChanged = (depotId: number) => {
  chargingChanged(depotId);
  // Who may charge there changed too: the chargers' local lists follow.
  tagsChanged();
};

/**
 * A tag's visits at the depot around `at` (not cancelled): from twelve hours before to its early arrival after, so
 * a charger can tell a booked vehicle now from one whose booking is over (Expired).
 */
export async function visitsOfTagAt(
  db: Kysely<Database>,
  depotId: number,
  tag: string,
  at: number,
): Promise<ExpectedVisit[]> {
  const rows = await db
    .selectFrom("expected_visits")
    .selectAll()
    .where("depot_id", "=", depotId)
    .where("cancelled_at", "is", null)
    .where((eb) => eb(eb.fn("lower", ["tag"]), "=", tag.toLowerCase()))
    .where("departs_at", ">", new Date(at - 12 * 3_600_000).toISOString())
    .where("arrives_at", "<", new Date(at + BOOKED_EARLY_MS).toISOString())
    .execute();
  return rows.map(visitFromRow);
}
