/**
 * The live controller's plan for the vehicles plugged in now (decision 032):
 * the hours ahead cut into slots, each with the site's room (its connection
 * less the building's load) and the tariff's price, and each vehicle given a
 * power per slot. Cheapest first: the vehicle leaving first takes the
 * cheapest slots before its departure (the earlier of two at one price) at up
 * to its charger's power, until its target is met; then the next. Whatever
 * room is left in a slot is shared evenly among the vehicles nobody told us
 * about (water-filling up to each charger's power). A connector that does not
 * obey its limit is counted at what it draws in every slot. In every slot the
 * powers add up to no more than the room.
 *
 * Taking the cheapest slots earliest-departure-first is least cost when every
 * vehicle may use every slot up to its departure and no charger's power binds
 * (all windows start now, so they nest); where a charger's power binds it is
 * a good plan, not a proven cheapest one.
 */
import type { Plugged, ShortReason } from "./allocate";

/** A stretch of time with one room and one price. */
export type Slot = { from: number; to: number; roomKw: number; pence: number };

/** A charger's limit from `from` until the next segment (the last one until the schedule's end). */
export type Segment = { from: number; kw: number };

export type Plan = {
  /** Each vehicle's limits over the slots, merged where they do not change. */
  schedules: Map<string, Segment[]>;
  /** Each vehicle's limit now (its first segment). */
  limitsKw: Map<string, number>;
  /** Vehicles that cannot reach their target by departure, by how much, and what binds most. */
  short: { key: string; shortKwh: number; reason: ShortReason }[];
  /** When the plan ends (the last slot's end). */
  until: number;
};

const HOUR = 3_600_000;
const EPS = 1e-9;

/** The plan with no known site limit: every charger at its maximum. */
export function unlimited(plugged: readonly Plugged[], at: number, until: number): Plan {
  const schedules = new Map<string, Segment[]>();
  const limitsKw = new Map<string, number>();
  for (const p of plugged) {
    const kw = p.drawingKw === undefined ? p.maxKw : 0;
    schedules.set(p.key, [{ from: at, kw }]);
    limitsKw.set(p.key, kw);
  }
  return { schedules, limitsKw, short: [], until };
}

export function scheduleAhead(slots: readonly Slot[], plugged: readonly Plugged[], at: number): Plan {
  const until = slots.length ? slots[slots.length - 1]!.to : at;
  const room = slots.map((s) => Math.max(0, s.roomKw));
  const given = new Map<string, Float64Array>();
  const obeying: Plugged[] = [];
  for (const p of plugged) {
    given.set(p.key, new Float64Array(slots.length));
    if (p.drawingKw === undefined) obeying.push(p);
    // It takes what it takes, in every slot; it is sent the least it could be given, in case it starts to obey.
    else for (let s = 0; s < slots.length; s++) room[s] = Math.max(0, room[s]! - p.drawingKw);
  }
  const known = obeying
    .filter((p) => p.neededKwh !== null && p.departsAt !== null)
    .sort((a, b) => a.departsAt! - b.departsAt! || (a.key < b.key ? -1 : 1));
  const byPrice = slots.map((_, s) => s).sort((a, b) => slots[a]!.pence - slots[b]!.pence || a - b);
  const short: Plan["short"] = [];
  for (const p of known) {
    const row = given.get(p.key)!;
    const need = Math.max(0, p.neededKwh!);
    let left = need;
    for (const s of byPrice) {
      if (left <= EPS) break;
      const slot = slots[s]!;
      // The part of the slot before it leaves.
      const h = (Math.min(slot.to, p.departsAt!) - slot.from) / HOUR;
      if (h <= 0) continue;
      let kw = Math.min(p.maxKw, room[s]!);
      if (kw * h > left) kw = left / h;
      if (kw <= EPS) continue;
      // A slot cut by the departure holds its power over the part before it only; the rest of the slot is given
      // back by the charger's session ending, so the power counts against the whole slot's room.
      row[s] = kw;
      room[s] = room[s]! - kw;
      left -= kw * h;
    }
    if (left > 1e-6) {
      const stay = Math.max(0, Math.min(p.departsAt!, until) - at) / HOUR;
      const timeShort = Math.max(0, need - p.maxKw * stay);
      const siteShort = Math.max(0, left - timeShort);
      short.push({ key: p.key, shortKwh: left, reason: siteShort >= timeShort ? "site limit" : "time at the charger" });
    }
  }
  // The room left in each slot, shared evenly among the vehicles with no known duty.
  const unknown = obeying.filter((p) => p.neededKwh === null || p.departsAt === null);
  if (unknown.length)
    for (let s = 0; s < slots.length; s++) {
      let budget = room[s]!;
      let open = unknown;
      while (budget > EPS && open.length > 0) {
        const share = budget / open.length;
        const next: Plugged[] = [];
        for (const p of open) {
          const row = given.get(p.key)!;
          const add = Math.min(p.maxKw - row[s]!, share);
          row[s] = row[s]! + add;
          budget -= add;
          if (p.maxKw - row[s]! > EPS) next.push(p);
        }
        open = next;
      }
    }
  const schedules = new Map<string, Segment[]>();
  const limitsKw = new Map<string, number>();
  for (const p of plugged) {
    const row = given.get(p.key)!;
    const segments: Segment[] = [];
    for (let s = 0; s < slots.length; s++)
      if (!segments.length || segments[segments.length - 1]!.kw !== row[s]!)
        segments.push({ from: slots[s]!.from, kw: row[s]! });
    if (!segments.length) segments.push({ from: at, kw: 0 });
    schedules.set(p.key, segments);
    limitsKw.set(p.key, segments[0]!.kw);
  }
  return { schedules, limitsKw, short, until };
}

/** A charger's limits over time: its segments, and when they end (after which its 0 W default applies). */
export type Limits = { segments: Segment[]; until: number };

/** The limit at an instant (0 before the first segment and from `until` on). */
export function limitAt(limits: Limits, at: number): number {
  if (at >= limits.until) return 0;
  let kw = 0;
  for (const segment of limits.segments) {
    if (segment.from > at) break;
    kw = segment.kw;
  }
  return kw;
}

const edgesOf = (a: Limits, b: Limits, at: number) =>
  [...new Set([at, a.until, b.until, ...a.segments.map((s) => s.from), ...b.segments.map((s) => s.from)])]
    .filter((t) => t >= at)
    .sort((x, y) => x - y);

/** min(a, b) at every instant from `at` (for a change that lowers a limit somewhere and raises it elsewhere). */
export function lowerOf(a: Limits, b: Limits, at: number): Limits {
  const segments: Segment[] = [];
  for (const from of edgesOf(a, b, at)) {
    const kw = Math.min(limitAt(a, from), limitAt(b, from));
    if (!segments.length || segments[segments.length - 1]!.kw !== kw) segments.push({ from, kw });
  }
  return { segments, until: Math.min(a.until, b.until) };
}

/** Whether `next` is nowhere above `previous` from `at` on: such a change may go out at once. */
export function nowhereHigher(next: Limits, previous: Limits, at: number): boolean {
  return edgesOf(next, previous, at).every((t) => limitAt(next, t) <= limitAt(previous, t) + EPS);
}

/** Whether two limits differ anywhere from `at` on by `byKw` or more (or at all where `next` is lower). */
export function differ(next: Limits, previous: Limits, at: number, byKw: number): boolean {
  return edgesOf(next, previous, at).some((t) => {
    const change = limitAt(next, t) - limitAt(previous, t);
    return change < -EPS || change >= byKw;
  });
}

/** A charger keeps so many periods at most (OCPP's ChargingScheduleMaxPeriods is often 24): later ones end the schedule. */
export function capPeriods(limits: Limits, max: number): Limits {
  if (limits.segments.length <= max) return limits;
  return { segments: limits.segments.slice(0, max), until: limits.segments[max]!.from };
}
