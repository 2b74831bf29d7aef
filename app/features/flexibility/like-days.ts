import { DateTime } from "luxon";

import { UK_ZONE } from "~/lib/uk-dates";

/**
 * A historical baseline (decision 079): what the depot's chargers drew in the same window on like days before it,
 * metered. Like days, as the UK's settlement baselines take them: for a working day (Monday to Friday), the last ten
 * working days, of which the four in the middle by their window's energy are averaged (the three highest and three
 * lowest dropped, so one odd day moves nothing); for a Saturday or a Sunday, the last four of that weekday, averaged.
 * Days the depot was itself held to another request in that window are not like days. Bank holidays are taken as the
 * weekdays they fall on (the product keeps no calendar of them).
 */
export const WORKING_DAYS = 10;
export const WEEKEND_DAYS = 4;
/** How far back like days are looked for (a depot held on many days still finds its ten). */
export const LOOK_BACK_DAYS = 60;

type Span = { from: number; to: number };

/** The window's spans shifted back `days` days on the UK clock (the same clock times, across a change of the clocks too). */
export function shiftedBack(spans: readonly Span[], days: number): Span[] {
  const back = (ms: number) => DateTime.fromMillis(ms, { zone: UK_ZONE }).minus({ days }).toMillis();
  return spans.map((s) => ({ from: back(s.from), to: back(s.to) }));
}

/**
 * The like days of a window starting at `from`, latest first: how many days back each is, and its UK date. `held`
 * says whether a day back is not a like day (the depot was held to a request then).
 */
export function likeDays(from: number, held: (daysBack: number) => boolean) {
  const start = DateTime.fromMillis(from, { zone: UK_ZONE });
  const working = start.weekday <= 5;
  const wanted = working ? WORKING_DAYS : WEEKEND_DAYS;
  const found: { daysBack: number; day: string }[] = [];
  for (let back = 1; back <= LOOK_BACK_DAYS && found.length < wanted; back++) {
    const day = start.minus({ days: back });
    const like = working ? day.weekday <= 5 : day.weekday === start.weekday;
    if (like && !held(back)) found.push({ daysBack: back, day: day.toISODate()! });
  }
  return { wanted, days: found };
}

/**
 * The baseline from the like days' energies (each day's kWh in each of the window's steps): the middle four of ten
 * by the window's total, or all of fewer (a weekend's four), averaged step by step. Ties keep the days' order.
 */
export function middleAverage(days: { day: string; kwh: number[] }[]): { kwh: number[]; days: string[] } {
  const total = (kwh: number[]) => kwh.reduce((sum, v) => sum + v, 0);
  const ranked = days.map((d, k) => ({ ...d, k, total: total(d.kwh) })).sort((a, b) => a.total - b.total || a.k - b.k);
  const used = ranked.length === WORKING_DAYS ? ranked.slice(3, WORKING_DAYS - 3) : ranked;
  const steps = days[0]?.kwh.length ?? 0;
  const kwh = Array.from({ length: steps }, (_, s) => used.reduce((sum, d) => sum + d.kwh[s]!, 0) / used.length);
  return { kwh, days: used.map((d) => d.day).sort() };
}
