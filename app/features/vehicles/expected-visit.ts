/**
 * A vehicle expected at a depot for one visit (a hub's booking, expected-visits.server.ts keeps them): which visit a
 * vehicle plugged in is on, and the visits the controller keeps room for until they are late by their grace.
 */
import type { Arriving } from "./vehicle-duty";

export type ExpectedVisit = {
  id: number;
  tag: string;
  /** The vehicle as its booking named it (absent where only the tag matters). */
  vehicle?: string;
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
  return visits.flatMap((v): (Arriving & { tag: string })[] => {
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
