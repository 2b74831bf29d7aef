import { DateTime } from "luxon";

import { ukFields } from "~/lib/uk-clock";
import { UK_ZONE } from "~/lib/uk-dates";

import type { DayType, OfferShape, ProfileGrid, Season } from "./offer-shape";

/** A plan's horizon, as the engine takes it (startWeekday 0 is Monday). */
export type Horizon = { days: number; stepMinutes: number; startWeekday: number };

/** Winter is November to March. */
export const seasonOf = (month: number): Season => (month >= 11 || month <= 3 ? "winter" : "summer");
const dayTypeOf = (weekday: number): DayType => (weekday < 5 ? "weekday" : "weekend");

/**
 * A profile's kVA at each step of a plan's horizon in one season: the lowest of the half hours a step covers (a
 * limit holds throughout its step, so an hour step across 19:30–20:30 takes the lower half hour).
 */
export function profileBySteps(grid: ProfileGrid, season: Season, horizon: Horizon): number[] {
  const steps = (horizon.days * 1440) / horizon.stepMinutes;
  return Array.from({ length: steps }, (_, t) => {
    const from = t * horizon.stepMinutes;
    const day = grid[season][dayTypeOf((horizon.startWeekday + Math.floor(from / 1440)) % 7)];
    let least = Infinity;
    for (let minute = from % 1440; minute < (from % 1440) + horizon.stepMinutes; minute += 30)
      least = Math.min(least, day[Math.floor(minute / 30)]!);
    return least;
  });
}

/** The kVA a profiled offer gives at an instant (live control): its half hour's, in UK time. */
export function profileKvaAt(grid: ProfileGrid, at: Date): number {
  const local = ukFields(at.getTime());
  return grid[seasonOf(local.month)][dayTypeOf(local.weekday - 1)][local.hour * 2 + (local.minute >= 30 ? 1 : 0)]!;
}

/** One period of a curtailment record laid on the plan's horizon: the day it starts and the kVA at each step. */
export type RecordPeriod = { startsOn: string; kvaBySteps: number[] };

/**
 * A flexible offer's curtailment record laid period by period on the plan's horizon (a week for a weekly plan):
 * from the period that holds the first event, as many periods as make a year (or the record, if longer). Only
 * periods with a cut are returned, with `periods` counting all of them; a step takes the largest cut that touches
 * it. Each period starts at local midnight on the plan's first weekday; its steps are minutes from there.
 */
export function recordPeriods(offer: Extract<OfferShape, { kind: "flexible" }>, horizon: Horizon) {
  const full = offer.firmKva + offer.nonFirmKva;
  const steps = (horizon.days * 1440) / horizon.stepMinutes;
  const periodMs = horizon.days * 86_400_000;
  if (offer.curtailment.length === 0) return { periods: Math.ceil(365 / horizon.days), cut: [] as RecordPeriod[] };
  const first = DateTime.fromISO(offer.curtailment[0]!.start, { zone: UK_ZONE }).startOf("day");
  // Back to the plan's first weekday (luxon's Monday is 1, the plan's 0).
  const origin = first.minus({ days: (first.weekday - 1 - horizon.startWeekday + 7) % 7 });
  const lastEnd = Math.max(...offer.curtailment.map((e) => Date.parse(e.end)));
  const periods = Math.max(Math.ceil(365 / horizon.days), Math.ceil((lastEnd - origin.toMillis()) / periodMs));
  const byPeriod = new Map<number, number[]>();
  const stepMs = horizon.stepMinutes * 60_000;
  for (const event of offer.curtailment) {
    const from = Date.parse(event.start) - origin.toMillis();
    const to = Date.parse(event.end) - origin.toMillis();
    for (let step = Math.floor(from / stepMs); step * stepMs < to; step++) {
      const period = Math.floor(step / steps);
      let kva = byPeriod.get(period);
      if (!kva) byPeriod.set(period, (kva = new Array<number>(steps).fill(full)));
      kva[step - period * steps] = Math.min(kva[step - period * steps]!, full - event.kva);
    }
  }
  const cut = [...byPeriod.entries()]
    .sort(([a], [b]) => a - b)
    .map(([period, kvaBySteps]) => ({
      startsOn: origin.plus({ days: period * horizon.days }).toISODate()!,
      kvaBySteps,
    }));
  return { periods, cut };
}

/**
 * A profile laid on a horizon that starts on a date (a year's plan runs through both seasons): each day's season and
 * day type by its date on the UK calendar, each step the lowest of the half hours it covers.
 */
export function profileByDates(grid: ProfileGrid, horizon: Horizon, startsOn: string): number[] {
  const perDay = 1440 / horizon.stepMinutes;
  const first = DateTime.fromISO(startsOn, { zone: UK_ZONE });
  const out: number[] = [];
  for (let d = 0; d < horizon.days; d++) {
    const date = first.plus({ days: d });
    const day = grid[seasonOf(date.month)][dayTypeOf(date.weekday - 1)];
    for (let k = 0; k < perDay; k++) {
      let least = Infinity;
      for (let minute = k * horizon.stepMinutes; minute < (k + 1) * horizon.stepMinutes; minute += 30)
        least = Math.min(least, day[Math.floor(minute / 30)]!);
      out.push(least);
    }
  }
  return out;
}
