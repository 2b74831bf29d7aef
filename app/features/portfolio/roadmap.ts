/**
 * The arithmetic of a company's transition roadmap (issue 33): which of a
 * group's vehicles are electric in each year, the first year a depot's
 * managed peak passes its connection, the latest date to apply for the
 * upgrade given the network operator's lead time, whether a quote's
 * energisation date comes in time, and a site battery sized to bridge the
 * gap when it does not. Pure: the engine and the charger sizing give the
 * peaks; this says what they mean for dates and money.
 */
import { DateTime } from "luxon";

import { UK_ZONE } from "~/lib/uk-dates";

/**
 * A vehicle group's path to electric: from `firstYear` on, its vehicles are
 * replaced evenly over `cycleYears`; or, when `targets` are given, the share
 * electric from each target's year on (the company's own pace, not a cycle).
 */
export type GroupReplacement = {
  count: number;
  firstYear: number;
  cycleYears: number;
  targets?: readonly { year: number; percent: number }[];
};

/**
 * How many of a group's vehicles are electric in `year`: vehicle i (of n) is
 * replaced in firstYear + floor(i × cycle / n), so a cycle of five years
 * replaces a fifth of the group each year, the remainder spread over the
 * years rather than left to the last. With targets: the latest target's
 * share of the group, to the nearest vehicle.
 */
export function electricInYear(group: GroupReplacement, year: number): number {
  const { count, firstYear, cycleYears, targets } = group;
  if (targets?.length) {
    // The latest target reached by `year`, rounded to whole vehicles (targets never fall, so nor does this).
    const reached = targets.filter((t) => t.year <= year).at(-1);
    return reached ? Math.min(count, Math.round((count * reached.percent) / 100)) : 0;
  }
  if (count <= 0 || year < firstYear) return 0;
  const cycle = Math.max(1, Math.floor(cycleYears));
  let electric = 0;
  for (let i = 0; i < count; i++) if (firstYear + Math.floor((i * cycle) / count) <= year) electric++;
  return electric;
}

/** The first year a vehicle of the group is electric and the first year they all are (null: not by `until`). */
export function groupSpan(group: GroupReplacement, until = 2050): { first: number | null; last: number | null } {
  let first: number | null = null;
  for (let year = 2000; year <= until; year++) {
    const electric = electricInYear(group, year);
    if (electric > 0 && first === null) first = year;
    if (electric >= group.count) return { first: first ?? year, last: year };
  }
  return { first, last: null };
}

/** The first year whose managed peak (kW) is above the connection's (kW), or null when none in `peaks` is. */
export function firstYearOver(connectionKw: number, peaks: ReadonlyMap<number, number>): number | null {
  const years = [...peaks.keys()].sort((a, b) => a - b);
  return years.find((year) => peaks.get(year)! > connectionKw + 1e-9) ?? null;
}

/**
 * The latest date to apply for a connection needed from 1 January of
 * `neededYear`: that day less the network operator's lead time (months), as
 * an ISO date (UK calendar).
 */
export function latestApplyDate(neededYear: number, leadTimeMonths: number): string {
  return DateTime.fromObject({ year: neededYear, month: 1, day: 1 }, { zone: UK_ZONE })
    .minus({ months: Math.max(0, Math.round(leadTimeMonths)) })
    .toISODate()!;
}

export type ConnectionFlag =
  | { kind: "enough" }
  /** The connection runs out in `neededYear`: apply by `applyBy` (ISO date); `late` once that date has passed. */
  | { kind: "apply-by"; neededYear: number; applyBy: string; late: boolean }
  /** A quote energises in time. */
  | { kind: "quoted-in-time"; neededYear: number; energisedBy: string }
  /** A quote energises after it is needed: `monthsLate` to bridge. */
  | { kind: "quoted-late"; neededYear: number; energisedBy: string; monthsLate: number };

/**
 * What a depot's connection needs from the roadmap: nothing, an application
 * by a date, or (with a quote's energisation date) whether that comes in
 * time and how many months late it is if not.
 */
export function connectionFlag(input: {
  connectionKw: number;
  peaks: ReadonlyMap<number, number>;
  leadTimeMonths: number;
  /** The quote's energisation date (ISO), once there is one. */
  energisedBy?: string | null;
  /** Today (ISO date). */
  today: string;
}): ConnectionFlag {
  const neededYear = firstYearOver(input.connectionKw, input.peaks);
  if (neededYear === null) return { kind: "enough" };
  const needed = DateTime.fromObject({ year: neededYear, month: 1, day: 1 }, { zone: UK_ZONE });
  if (input.energisedBy) {
    const energised = DateTime.fromISO(input.energisedBy, { zone: UK_ZONE }).startOf("day");
    if (energised <= needed) return { kind: "quoted-in-time", neededYear, energisedBy: input.energisedBy };
    const monthsLate = Math.ceil(energised.diff(needed, "months").months - 1e-9);
    return { kind: "quoted-late", neededYear, energisedBy: input.energisedBy, monthsLate };
  }
  const applyBy = latestApplyDate(neededYear, input.leadTimeMonths);
  return { kind: "apply-by", neededYear, applyBy, late: input.today > applyBy };
}

/** A site battery's price: per kWh of capacity and per kW of inverter. */
export type BatteryPrices = { poundsPerKwh: number; poundsPerKw: number };

/**
 * The smallest site battery that keeps a day's load (kW per step of
 * `stepHours`) under the connection: its power is the most the load goes
 * over, its capacity the most energy above the connection in one stretch
 * that the connection cannot refill between (a day's excess, recharged from
 * the room below the connection before the next), over a round-trip
 * efficiency. Null when the day's room below the connection cannot recharge
 * what the day takes above it: then no battery bridges the gap.
 */
export function bridgeBattery(
  dayKw: readonly number[],
  connectionKw: number,
  stepHours: number,
  prices: BatteryPrices,
  roundTripEfficiency = 0.9,
): { powerKw: number; capacityKwh: number; pounds: number } | null {
  let powerKw = 0;
  let over = 0;
  let under = 0;
  for (const kw of dayKw) {
    powerKw = Math.max(powerKw, kw - connectionKw);
    if (kw > connectionKw) over += (kw - connectionKw) * stepHours;
    else under += (connectionKw - kw) * stepHours;
  }
  if (over <= 1e-9) return { powerKw: 0, capacityKwh: 0, pounds: 0 };
  // The day repeats: what leaves the battery above the connection must come back below it, less the losses.
  if (under * roundTripEfficiency < over - 1e-9) return null;
  // The deepest the battery goes in a day that starts full, over the day repeated twice (the excess may wrap midnight).
  let level = 0;
  let deepest = 0;
  for (let pass = 0; pass < 2; pass++)
    for (const kw of dayKw) {
      if (kw > connectionKw) level -= (kw - connectionKw) * stepHours;
      else level = Math.min(0, level + (connectionKw - kw) * stepHours * roundTripEfficiency);
      deepest = Math.min(deepest, level);
    }
  const capacityKwh = -deepest;
  return {
    powerKw,
    capacityKwh,
    pounds: capacityKwh * prices.poundsPerKwh + powerKw * prices.poundsPerKw,
  };
}
