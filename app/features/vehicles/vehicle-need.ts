/**
 * What a vehicle needs and when it leaves: the one answer the live controller plans with and the readiness board
 * shows (issue 58), so the two never disagree. A hub's booked visit is planned from its booking (its need less what
 * this session gave); any other vehicle from what it told over ISO 15118 (or the board told of its session), over
 * what the fleet or the board told of the named vehicle, over the plan's duty for its tag, each filling in what the
 * one before lacks. Null: a vehicle nobody told us about.
 */
import type { PlanRequest } from "~/features/planning";

import { visitOf, type ExpectedVisit } from "./expected-visit";
import { groupOfTag, vehicleFor, withToldNeeds, type ToldNeeds, type Vehicle, type VehicleTag } from "./vehicle-duty";
import { withTold, type SessionReading, type StoredState } from "./vehicle-state";

/** What the depot knows of its vehicles besides the one asked about. */
export type VehiclesKnown = {
  plan: PlanRequest | null;
  /** The depot's named tags, by lower-case tag. */
  tags: ReadonlyMap<string, VehicleTag>;
  /** What was told of each named vehicle, by its tag's id. */
  states: ReadonlyMap<number, StoredState>;
  /** A hub's visits expected about now. */
  visits: readonly ExpectedVisit[];
};

/** A vehicle on charge: its session's meter and charge, and what was told of its session. */
export type OnCharge = SessionReading & { told: ToldNeeds };

export type Need = Vehicle & {
  /** A booked visit's tier (0 contracted, 1 a single visit); none for the depot's own fleet. */
  tier?: number;
};

export function vehicleNeed(
  known: VehiclesKnown,
  tag: string | null,
  session: OnCharge | null,
  at: number,
): Need | null {
  const deliveredKwh = session ? (session.lastWh - session.startWh) / 1000 : 0;
  const visit = session ? visitOf(known.visits, tag, at) : null;
  if (visit)
    return { neededKwh: Math.max(0, visit.neededKwh - deliveredKwh), departsAt: visit.departsAt, tier: visit.tier };
  const planned = vehicleFor(tag, known.plan, at, { deliveredKwh, socPct: session?.socPct ?? null }, known.tags);
  const named = tag === null ? undefined : known.tags.get(tag.toLowerCase());
  const group = groupOfTag(tag, known.plan, known.tags);
  const type = group && known.plan?.vehicleTypes.find((t) => t.id === group.typeId);
  const fromState = withTold(
    planned,
    named ? (known.states.get(named.id) ?? null) : null,
    session ?? { id: -1, startWh: 0, lastWh: 0, socPct: null, socAt: 0 },
    group && type ? { batteryKwh: type.batteryKwh, targetSocPct: group.targetSocPct } : null,
    at,
  );
  return session ? withToldNeeds(fromState, session.told, session.lastWh, at) : fromState;
}
