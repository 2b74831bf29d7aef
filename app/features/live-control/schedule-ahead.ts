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
 * Vehicles due back from their duty (the plan's groups, less those plugged
 * in) are planned with the rest from when they arrive, so a vehicle plugged in
 * now does not take the room they will need (decision 038); only the plugged-in
 * ones' schedules are sent.
 *
 * Taking the cheapest slots earliest-departure-first is the planning engine's
 * rule, least cost when every vehicle may use every slot up to its departure
 * and no charger's power binds (all windows start now, so they nest). Where a
 * charger's power binds, or vehicles due back make the windows overlap, it can
 * leave a vehicle short while room in its stay goes unused; a second pass
 * (fill-room.ts, decision 052) moves others out of its way, so no vehicle is
 * left short that the site's room could have charged.
 */
import { maxOver, type Limits, type Segment } from "~/features/charging-records";

import type { Plugged, ShortReason } from "./allocate";
import { fillRoom, type Filling } from "./fill-room";

/** A stretch of time with one room and one price. */
export type Slot = { from: number; to: number; roomKw: number; pence: number };

export type Plan = {
  /** Each vehicle's limits over the slots, merged where they do not change, until the plan's end. */
  schedules: Map<string, Limits>;
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
  const schedules = new Map<string, Limits>();
  const limitsKw = new Map<string, number>();
  for (const p of plugged) {
    const kw = p.drawingKw === undefined ? p.maxKw : 0;
    // Held until the next decision, however long that is.
    schedules.set(p.key, { segments: [{ from: at, kw }], until: Infinity });
    limitsKw.set(p.key, kw);
  }
  return { schedules, limitsKw, short: [], until };
}

export function scheduleAhead(merged: readonly Slot[], plugged: readonly Plugged[], at: number): Plan {
  // A vehicle due back arrives inside a run of equal slots that may start now: the run is cut at its arrival, so the
  // room kept for it is taken from then on and not from now; and at every departure, so a slot is all in a vehicle's
  // stay or not at all (what one leaving mid-slot gives back is another's, and the second pass counts in whole slots).
  const slots = cutAt(
    merged,
    plugged.flatMap((p) => [
      ...(p.arrivesAt === undefined ? [] : [p.arrivesAt]),
      ...(p.departsAt === null ? [] : [p.departsAt]),
    ]),
  );
  const until = slots.length ? slots[slots.length - 1]!.to : at;
  const room = slots.map((s) => Math.max(0, s.roomKw));
  const given = new Map<string, Float64Array>();
  const obeying: Plugged[] = [];
  for (const p of plugged) {
    given.set(p.key, new Float64Array(slots.length));
    if (p.drawingKw === undefined) obeying.push(p);
    // It takes what it takes, in every slot; it is sent the least it could be given, in case it starts to obey.
    else
      for (let s = 0; s < slots.length; s++) {
        // One that holds a schedule (another process's charger) draws the most of it in the slot.
        const kw = p.drawingLimits ? maxOver(p.drawingLimits, slots[s]!.from, slots[s]!.to) : p.drawingKw;
        room[s] = Math.max(0, room[s]! - kw);
      }
  }
  const known = obeying
    .filter((p) => p.neededKwh !== null && p.departsAt !== null)
    .sort((a, b) => (a.tier ?? 0) - (b.tier ?? 0) || a.departsAt! - b.departsAt! || (a.key < b.key ? -1 : 1));
  const byPrice = slots.map((_, s) => s).sort((a, b) => slots[a]!.pence - slots[b]!.pence || a - b);
  const filling: Filling[] = [];
  for (const p of known) {
    const row = given.get(p.key)!;
    const need = Math.max(0, p.neededKwh!);
    let left = need;
    for (const s of byPrice) {
      if (left <= EPS) break;
      const slot = slots[s]!;
      // The part of the slot it is here for: after it arrives (one due back) and before it leaves.
      const h = (Math.min(slot.to, p.departsAt!) - Math.max(slot.from, p.arrivesAt ?? slot.from)) / HOUR;
      if (h <= 0) continue;
      let kw = Math.min(p.maxKw, room[s]!);
      if (kw * h > left) kw = left / h;
      if (kw <= EPS) continue;
      // (A slot never spans an arrival or a departure.)
      row[s] = kw;
      room[s] = room[s]! - kw;
      left -= kw * h;
    }
    const first = slots.findIndex((s) => s.from >= (p.arrivesAt ?? -Infinity));
    const after = slots.findIndex((s) => s.to > p.departsAt!);
    filling.push({
      row,
      maxKw: p.maxKw,
      first: first < 0 ? slots.length : first,
      end: after < 0 ? slots.length : after,
      leftKwh: left,
    });
  }
  // Where that left a vehicle short with room in its stay that others could make way for, they do (fill-room.ts).
  fillRoom(slots, room, filling);
  const short: Plan["short"] = [];
  known.forEach((p, i) => {
    const left = filling[i]!.leftKwh;
    // A vehicle not here yet has no charger to tell: whether it will be short is said once it plugs in.
    if (left <= 1e-6 || p.arrivesAt !== undefined) return;
    const need = Math.max(0, p.neededKwh!);
    const stay = Math.max(0, Math.min(p.departsAt!, until) - at) / HOUR;
    const timeShort = Math.max(0, need - p.maxKw * stay);
    const siteShort = Math.max(0, left - timeShort);
    short.push({ key: p.key, shortKwh: left, reason: siteShort >= timeShort ? "site limit" : "time at the charger" });
  });
  shareEvenly(
    slots,
    room,
    obeying.filter((p) => p.neededKwh === null || p.departsAt === null),
    given,
  );
  return { ...schedulesOf(slots, plugged, given, at, until), short, until };
}

/** Each vehicle's powers over the slots as limits over time (merged where they do not change), and its limit now. */
function schedulesOf(
  slots: readonly Slot[],
  plugged: readonly Plugged[],
  given: Map<string, Float64Array>,
  at: number,
  until: number,
): Pick<Plan, "schedules" | "limitsKw"> {
  const schedules = new Map<string, Limits>();
  const limitsKw = new Map<string, number>();
  for (const p of plugged) {
    const row = given.get(p.key)!;
    const segments: Segment[] = [];
    for (let s = 0; s < slots.length; s++)
      if (!segments.length || segments[segments.length - 1]!.kw !== row[s]!)
        segments.push({ from: slots[s]!.from, kw: row[s]! });
    if (!segments.length) segments.push({ from: at, kw: 0 });
    // Nothing after it leaves (its last slot's power was for the part before): a charger that holds the schedule then
    // charges nobody by mistake, should the vehicle stay on.
    if (p.departsAt !== null && p.neededKwh !== null && p.drawingKw === undefined && p.departsAt < until) {
      while (segments.length > 1 && segments[segments.length - 1]!.from >= p.departsAt) segments.pop();
      if (segments[segments.length - 1]!.kw !== 0) segments.push({ from: Math.max(at, p.departsAt), kw: 0 });
    }
    schedules.set(p.key, { segments, until });
    limitsKw.set(p.key, segments[0]!.kw);
  }
  return { schedules, limitsKw };
}

/** The slots, each cut in two where one of the instants falls inside it (the same room and price either side). */
function cutAt(slots: readonly Slot[], instants: readonly number[]): readonly Slot[] {
  if (instants.length === 0) return slots;
  const cuts = [...new Set(instants)].sort((a, b) => a - b);
  const out: Slot[] = [];
  for (const slot of slots) {
    let from = slot.from;
    for (const cut of cuts)
      if (cut > from && cut < slot.to) {
        out.push({ ...slot, from, to: cut });
        from = cut;
      }
    out.push({ ...slot, from });
  }
  return out;
}

/**
 * The room left in each slot, shared evenly among the vehicles with no known duty here in it (`given`, by key, gets each one's
 * power in each slot): a vehicle that cannot take its share leaves the rest to the others.
 */
function shareEvenly(slots: readonly Slot[], room: number[], unknown: Plugged[], given: Map<string, Float64Array>) {
  if (!unknown.length) return;
  for (let s = 0; s < room.length; s++) {
    let budget = room[s]!;
    // (One on a faulted connector, planned as due back, shares from then.)
    let open = unknown.filter((p) => p.arrivesAt === undefined || p.arrivesAt <= slots[s]!.from);
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
}
