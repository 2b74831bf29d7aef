/**
 * Vehicles expected at a depot for one visit each (migration 023): a hub's bookings (features/hubs writes them). The
 * controller keeps room for one from its arrival until it is late by its grace (then it is a no-show and its room is
 * freed), and once it plugs in with its tag, plans it from the visit's need and departure: a booked vehicle is a
 * vehicle whose duty is known, charged before the walk-ins nobody told it about.
 */
import type { Kysely } from "kysely";

import { toIsoString } from "~/lib/db/dialect.server";
import type { Database } from "~/lib/db/schema";

import type { Plugged } from "./allocate";
import { chargingChanged } from "./live.server";

export type ExpectedVisit = {
  id: number;
  tag: string;
  arrivesAt: number;
  holdsUntil: number;
  departsAt: number;
  neededKwh: number;
  maxKw: number;
  /** 0: contracted (served with the depot's own fleet); 1: a single visit at the list price, served after them. */
  tier: number;
};

/** A booked vehicle may plug in this much before its arrival window ends and still be the booked visit. */
export const BOOKED_EARLY_MS = 2 * 3_600_000;
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
  return rows.map((r) => ({
    id: r.id,
    tag: r.tag.toUpperCase(),
    arrivesAt: ms(r.arrives_at),
    holdsUntil: ms(r.holds_until),
    departsAt: ms(r.departs_at),
    neededKwh: r.needed_kwh,
    maxKw: r.max_kw,
    tier: r.tier,
  }));
}

/** The visit a vehicle plugged in with this tag is on now, if any. */
export function visitOf(visits: readonly ExpectedVisit[], tag: string | null, at: number): ExpectedVisit | null {
  if (!tag) return null;
  const key = tag.toUpperCase();
  return visits.find((v) => v.tag === key && at >= v.arrivesAt - BOOKED_EARLY_MS && at < v.departsAt) ?? null;
}

/** The visits not plugged in yet and not past their grace: room kept for each from its arrival. */
export function visitsDueBack(
  visits: readonly ExpectedVisit[],
  plugged: ReadonlySet<string>,
  at: number,
  until: number,
) {
  return visits.flatMap((v): (Plugged & { arrivesAt: number; tag: string })[] => {
    if (plugged.has(v.tag) || at > v.holdsUntil) return [];
    const arrivesAt = Math.max(at, v.arrivesAt);
    if (arrivesAt >= until || arrivesAt >= v.departsAt) return [];
    return [
      {
        key: `visit:${v.id}`,
        tag: v.tag,
        arrivesAt,
        departsAt: v.departsAt,
        neededKwh: v.neededKwh,
        maxKw: v.maxKw,
        tier: v.tier,
      },
    ];
  });
}

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
export const expectedVisitsChanged = (depotId: number) => chargingChanged(depotId);
