import { DateTime } from "luxon";

import type { PlanRequest } from "~/features/planning/plan-input";

export type Vehicle = { departsAt: number; neededKwh: number };

/** An id tag a depot's vehicle charges with (vehicle-tags.server.ts), and the plan's group it follows. */
export type VehicleTag = { id: number; tag: string; vehicle: string; groupId: string | null };

/** The plan's vehicle group a tag follows: its entry's, else the group its prefix names (g1-07), else none. */
export function groupOfTag(
  tag: string | null,
  plan: PlanRequest | null,
  tags: ReadonlyMap<string, VehicleTag>,
): PlanRequest["vehicles"][number] | null {
  if (!tag || !plan) return null;
  const lower = tag.toLowerCase();
  const entry = tags.get(lower);
  if (entry) return plan.vehicles.find((g) => g.id === entry.groupId) ?? null;
  return (
    plan.vehicles.find((g) =>
      [g.id, g.name].some((name) => lower.startsWith(`${name.toLowerCase()}-`) || lower === name.toLowerCase()),
    ) ?? null
  );
}

/**
 * A vehicle from its tag: the group its entry names, or whose id or name
 * and a dash (VANS-07) it starts with, leaving at the group's next departure
 * and needing that day's trip (or its target, when the charger reports the
 * state of charge). Any other tag is a vehicle nobody told us about.
 */
export function vehicleFor(
  tag: string | null,
  plan: PlanRequest | null,
  at: number,
  session: { deliveredKwh: number; socPct: number | null },
  tags: ReadonlyMap<string, VehicleTag> = new Map(),
): Vehicle | null {
  const group = groupOfTag(tag, plan, tags);
  const type = group && plan!.vehicleTypes.find((t) => t.id === group.typeId);
  if (!group || !type || !group.week) return null;
  const next = nextDeparture(group, at);
  if (!next) return null;
  const tripKwh = next.duty.energyKwh ?? (next.duty.km ?? 0) * type.consumptionKwhPerKm;
  const targetKwh = (group.targetSocPct / 100) * type.batteryKwh;
  const neededKwh =
    session.socPct !== null
      ? targetKwh - (session.socPct / 100) * type.batteryKwh
      : Math.min(targetKwh, tripKwh) - session.deliveredKwh;
  return { departsAt: next.departsAt, neededKwh: Math.max(0, neededKwh) };
}

type Group = PlanRequest["vehicles"][number];
type Duty = NonNullable<NonNullable<Group["week"]>[number]>;
type Departure = { departsAt: number; duty: Duty } | null;

/**
 * The group's next departure after `at` on the UK clock. The live controller asks for every vehicle plugged in at
 * the same instant, and most share a group: the last answer is kept with the group (its object is read afresh with
 * the plan each time, so nothing outlives it).
 */
const lastDeparture = new WeakMap<Group, { at: number; next: Departure }>();
function nextDeparture(group: Group, at: number): Departure {
  const kept = lastDeparture.get(group);
  if (kept?.at === at) return kept.next;
  let next: Departure = null;
  const today = DateTime.fromMillis(at, { zone: "Europe/London" }).startOf("day");
  for (let d = 0; d < 8 && !next; d++) {
    const day = today.plus({ days: d });
    const duty = group.week?.[day.weekday - 1];
    if (!duty) continue;
    const departsAt = day.plus({ minutes: duty.depart }).toMillis();
    if (departsAt > at) next = { departsAt, duty };
  }
  lastDeparture.set(group, { at, next });
  return next;
}
