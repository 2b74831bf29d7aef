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
