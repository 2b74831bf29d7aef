/** The UK clock's rules that need its time zone's calendar (luxon): kept apart from uk-dates.ts, which pages load. */
import { DateTime } from "luxon";

import { UK_ZONE } from "~/lib/uk-dates";
import { UserError } from "~/lib/user-error";

/** How far ahead of ours a reporter's clock may run (a meter's, a vehicle's, a fleet system's) and still be believed. */
export const CLOCK_SLACK_MS = 5 * 60_000;

/** The next time the UK clock shows `hhmm` ("05:30") after `now` (ms): today's, or tomorrow's once it has passed. */
export function nextClockTime(hhmm: string, now: number): number {
  const [hour, minute] = hhmm.split(":").map(Number) as [number, number];
  const today = DateTime.fromMillis(now, { zone: UK_ZONE }).set({ hour, minute, second: 0, millisecond: 0 });
  return (today.toMillis() > now ? today : today.plus({ days: 1 })).toMillis();
}

/**
 * A month as the product reads one ("2026-11"), to its first moment on the UK clock; this month when none is given.
 * The one month parser: a statement's, a report's, the API's. Anything else is refused.
 */
export function parseMonth(value: string | null | undefined, now = Date.now()): DateTime {
  if (!value) return DateTime.fromMillis(now, { zone: UK_ZONE }).startOf("month");
  const month = /^\d{4}-(0[1-9]|1[0-2])$/.test(value) ? DateTime.fromISO(`${value}-01`, { zone: UK_ZONE }) : null;
  if (!month?.isValid || month.year < 2000 || month.year > 2100) throw new UserError("Give the month as YYYY-MM");
  return month;
}

/** The UK clock's month (1 January), weekday (1 Monday), hour and minute at an instant. */
export type UkFields = { month: number; weekday: number; hour: number; minute: number };

const HOUR_MS = 3_600_000;
/** The zone's offset (minutes) by UTC hour, as asked for: the UK's clocks change only on a UTC hour (01:00). */
const offsets = new Map<number, number>();

/**
 * The UK clock's fields at an instant, as luxon gives them, without its zone lookup each time: the offset is looked
 * up once per UTC hour and kept. The live controller and the Operations page ask for every few minutes of a week
 * (some 2,000 instants a page), where the lookup was most of the time.
 */
export function ukFields(at: number): UkFields {
  const hour = Math.floor(at / HOUR_MS);
  let offset = offsets.get(hour);
  if (offset === undefined) {
    // Bounded: a year of hours is under 9,000.
    if (offsets.size >= 50_000) offsets.clear();
    offset = DateTime.fromMillis(hour * HOUR_MS, { zone: UK_ZONE }).offset;
    offsets.set(hour, offset);
  }
  const local = new Date(at + offset * 60_000);
  return {
    month: local.getUTCMonth() + 1,
    weekday: local.getUTCDay() || 7,
    hour: local.getUTCHours(),
    minute: local.getUTCMinutes(),
  };
}
