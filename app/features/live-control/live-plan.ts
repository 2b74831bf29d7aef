/**
 * One decision of the live controller, as a function of what it read (decision 031): the site's room over the day
 * ahead, shared among the vehicles plugged in (and room kept for those due back), and for each charger the change
 * worth sending. depot-decision.server.ts reads the depot and writes what this decides; the fail-safe property test
 * plays it over meter readings, silences and outages (meter-fail-safe.property.test.ts).
 */
import type { Limits } from "~/features/charging-records";

import { shareOwn, type Allocation, type Plugged, type SharedPlugged } from "./allocate";
import { changeOf, constant, sendable, type ProfileChange } from "./profile-changes";
import { scheduleAhead, unlimited, type Slot } from "./schedule-ahead";
import { siteLimitKw, siteSlots, type DepotSite } from "./site";

/** How far ahead the live plan looks: a day covers every night's cheap hours. */
export const AHEAD_HOURS = 24;
/** A raise this small is not worth a message (a decrease always is). */
const RESEND_KW = 0.1;

/** The site's room as a decision at `at` reads it: its limit now (null: no plan, no known limit) and the slots ahead. */
export type LiveRoom = { limitKw: number | null; slots: Slot[]; until: number; at: number };

/**
 * The room from `at` over the day ahead (a charger runs its share until the next decision, and one is taken at every
 * five minutes of the UK clock, where tariff bands and the building's hours change, and when a meter reading expires).
 */
export function liveRoom(site: DepotSite, at: number): LiveRoom {
  const limitKw = siteLimitKw(site, at);
  const slots = limitKw === null ? [] : siteSlots(site, at, AHEAD_HOURS);
  return { limitKw, slots, until: slots.length ? slots[slots.length - 1]!.to : at, at };
}

/** Cheapest first over the room, the vehicles due back planned with the plugged-in ones; this process's chargers' shares. */
export function shareLive(
  room: LiveRoom,
  plugged: readonly SharedPlugged[],
  dueBack: readonly Plugged[],
  at: number,
): Allocation {
  return shareOwn(room.limitKw, plugged, at, (all) =>
    room.limitKw === null ? unlimited(all, at, at) : scheduleAhead(room.slots, [...all, ...dueBack], at),
  );
}

/**
 * The change worth sending a charger that holds `held`: every decrease, however small (skipped ones would add up over
 * a depot); a raise only when worth a message. A charger never sent a limit (`limited` false) gets one.
 */
export function changeToSend(
  held: Limits,
  planned: Allocation,
  key: string,
  limited: boolean,
  at: number,
): ProfileChange | null {
  const next = sendable(planned.schedules?.get(key) ?? constant(planned.limitsKw.get(key)!));
  return changeOf(held, next, at, limited ? RESEND_KW : 0);
}
