import { DateTime } from "luxon";

import type { PlanRequest } from "~/features/planning";
import { UK_ZONE } from "~/lib/uk-dates";

export type Vehicle = { departsAt: number; neededKwh: number };

/**
 * A vehicle not plugged in yet that the live controller keeps room for from when it arrives: the shape of its
 * vehicles (live-control's Plugged), told here so that vehicles need not know the controller.
 */
export type Arriving = {
  key: string;
  maxKw: number;
  neededKwh: number | null;
  departsAt: number | null;
  arrivesAt: number;
  /** 1 for a hub's single visit at the list price, served after the fleet's own and contracted visits. */
  tier?: number;
};

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

/** What a vehicle told over ISO 15118, as its session keeps it: when it leaves, the energy it asked for (Wh) and the
 * meter's reading when it asked. */
export type ToldNeeds = { departsAt: number | null; neededWh: number | null; fromWh: number | null };

/**
 * The vehicle as the controller plans it: what the vehicle itself told (its departure; the energy it asked for, less
 * what it has had since) over the plan's duty, each filling in what the other lacks. A departure already past is not
 * taken; without a departure and a need from one or the other it is a vehicle nobody told us about.
 */
export function withToldNeeds(planned: Vehicle | null, told: ToldNeeds, lastWh: number, at: number): Vehicle | null {
  const departsAt = told.departsAt !== null && told.departsAt > at ? told.departsAt : (planned?.departsAt ?? null);
  const since = told.fromWh === null ? 0 : Math.max(0, lastWh - told.fromWh);
  const neededKwh = told.neededWh !== null ? Math.max(0, told.neededWh - since) / 1000 : (planned?.neededKwh ?? null);
  return departsAt === null || neededKwh === null ? null : { departsAt, neededKwh };
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
  const today = DateTime.fromMillis(at, { zone: UK_ZONE }).startOf("day");
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

const MINUTE = 60_000;

/**
 * The UK days of yesterday and today at `at` (their starts and weekdays), kept for the last `at` asked: a board or a
 * decision asks for every vehicle at the same instant, and the calendar is the costly part.
 */
let daysAt: { at: number; days: { startMs: number; weekday: number }[] } | null = null;
function yesterdayAndToday(at: number) {
  if (daysAt?.at !== at) {
    const today = DateTime.fromMillis(at, { zone: UK_ZONE }).startOf("day");
    daysAt = {
      at,
      days: [-1, 0].map((d) => {
        const day = today.plus({ days: d });
        return { startMs: day.toMillis(), weekday: day.weekday };
      }),
    };
  }
  return daysAt.days;
}

/**
 * The trip a duty has under way at `at` on the UK clock, if any: one that left yesterday or today and is not back
 * yet (a trip lasts at most a day; one that returns at or before its departure time is back the next day). The live
 * controller plans for the vehicles on it; the charger simulator takes them off their chargers for it.
 */
export function tripUnderWay(week: Group["week"] | undefined, at: number): { back: number; duty: Duty } | null {
  let under: { back: number; duty: Duty } | null = null;
  for (const day of yesterdayAndToday(at)) {
    const duty = week?.[day.weekday - 1];
    if (!duty) continue;
    // (Minutes are added as elapsed time, as Luxon's plus does: a duty on a clock-change day keeps its length.)
    const departs = day.startMs + duty.depart * MINUTE;
    let minutes = duty.return - duty.depart;
    if (minutes <= 0) minutes += 1440;
    if (departs <= at && departs + minutes * MINUTE > at) under = { back: departs + minutes * MINUTE, duty };
  }
  return under;
}

/** A group's vehicles due back, as the live controller plans for them (together), with what the dashboard says of them. */
export type DueBack = Arriving & { group: string; vehicles: number };

/**
 * The plan's vehicles away on their duty now and due back before `until`, one entry per group (its vehicles
 * together: their powers and needs add up, as they arrive and leave together): back when the trip under way ends,
 * leaving at the group's next departure after, each needing that trip (or its target), at the most its type and
 * the plan's chargers for it take. The live controller plans for them (schedule-ahead.ts) so that a vehicle plugged
 * in now does not take the room they will need. `plugged`: the tags of the vehicles plugged in already (not due
 * back), with the depot's named tags; `freeConnectors`: no more are due back than there are connectors free for them.
 */
export function vehiclesDueBack(
  plan: PlanRequest | null,
  plugged: { tags: readonly (string | null)[]; named: ReadonlyMap<string, VehicleTag> },
  at: number,
  until: number,
  freeConnectors: number,
): DueBack[] {
  if (!plan) return [];
  const pluggedByGroup = new Map<string, number>();
  for (const tag of plugged.tags) {
    const group = groupOfTag(tag, plan, plugged.named);
    if (group) pluggedByGroup.set(group.id, (pluggedByGroup.get(group.id) ?? 0) + 1);
  }
  const due: (DueBack & { count: number; perVehicleKw: number; perVehicleKwh: number })[] = [];
  for (const group of plan.vehicles) {
    const type = plan.vehicleTypes.find((t) => t.id === group.typeId);
    const away = group.count - (pluggedByGroup.get(group.id) ?? 0);
    if (!type || !group.week || away <= 0) continue;
    const chargerKw = Math.max(
      0,
      ...plan.chargers.filter((c) => c.serves === "all" || c.serves.includes(type.id)).map((c) => c.powerKw),
    );
    const perVehicleKw = Math.min(type.maxChargeKw, chargerKw);
    if (perVehicleKw <= 0) continue;
    const back = tripUnderWay(group.week, at)?.back ?? null;
    if (back === null || back >= until) continue;
    const next = nextDeparture(group, back);
    if (!next) continue;
    const tripKwh = next.duty.energyKwh ?? (next.duty.km ?? 0) * type.consumptionKwhPerKm;
    const perVehicleKwh = Math.min((group.targetSocPct / 100) * type.batteryKwh, tripKwh);
    due.push({
      key: `due:${group.id}`,
      arrivesAt: back,
      departsAt: next.departsAt,
      count: away,
      perVehicleKw,
      perVehicleKwh,
      maxKw: 0,
      neededKwh: 0,
      group: group.name,
      vehicles: 0,
    });
  }
  // The first back take the free connectors first.
  let free = Math.max(0, freeConnectors);
  return due
    .sort((a, b) => a.arrivesAt - b.arrivesAt || (a.key < b.key ? -1 : 1))
    .flatMap(({ count, perVehicleKw, perVehicleKwh, ...entry }) => {
      const n = Math.min(count, free);
      free -= n;
      return n > 0 ? [{ ...entry, vehicles: n, maxKw: n * perVehicleKw, neededKwh: n * perVehicleKwh }] : [];
    });
}
