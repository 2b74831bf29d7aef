/**
 * How a charger moves from the limits it holds to the ones just decided
 * (decision 035), so that what every charger may draw never adds up to more
 * than the site's room at any instant, whatever order the answers come in:
 * where the new schedule is nowhere higher it goes out at once; where it is
 * higher somewhere, their lower envelope goes out first (with every other
 * lowering), and the new schedule only once those are answered. Until a
 * charger has answered, it is counted at the higher of the two.
 */
import { beyond, differ, limitAt, lowerOf, nowhereHigher, upperOf, type Limits } from "~/features/charging-records";

/** The most periods a schedule is sent with (OCPP's ChargingScheduleMaxPeriods is commonly 24); after them, 0 W until the next decision. */
export const MAX_PERIODS = 24;

/** Limits as sent: whole watts, equal neighbours merged, at most MAX_PERIODS, the last held until the next schedule. */
export function sendable(limits: Limits): Limits {
  const segments: Limits["segments"] = [];
  for (const segment of limits.segments) {
    if (segment.from >= limits.until) break;
    const kw = Math.floor(segment.kw * 1000 + 1e-6) / 1000;
    if (!segments.length || segments[segments.length - 1]!.kw !== kw) segments.push({ from: segment.from, kw });
  }
  // A schedule that ends falls to 0 W then; one cut short by the period count too.
  if (Number.isFinite(limits.until) && segments.length && segments[segments.length - 1]!.kw !== 0)
    segments.push({ from: limits.until, kw: 0 });
  if (segments.length > MAX_PERIODS)
    segments.splice(MAX_PERIODS - 1, Infinity, { from: segments[MAX_PERIODS - 1]!.from, kw: 0 });
  return { segments, until: Infinity };
}

/** A limit held from now on, as limits. */
export const constant = (kw: number): Limits => ({ segments: [{ from: 0, kw }], until: Infinity });

export type ProfileChange = {
  /** Sent with the lowerings, before any raise (null: nothing to lower). */
  first: Limits | null;
  /** Sent once every lowering is answered (null: no raise). */
  then: Limits | null;
  /** What the charger is counted at from the decision until it answers. */
  meanwhile: Limits;
};

/**
 * How far ahead a raise is worth a message: the plan is made again every five minutes, so a raise later than this
 * goes out with some nearer change, or in time as it comes nearer (each vehicle's schedule runs a day ahead).
 */
export const RAISES_AHEAD_MS = 12 * 3_600_000;

/** The change from `held` to `next`, or null when it is not worth a message (no decrease, and raises of less than `resendKw` or far ahead). */
export function changeOf(held: Limits, next: Limits, at: number, resendKw: number): ProfileChange | null {
  if (!differ(next, held, at, resendKw, at + RAISES_AHEAD_MS)) return null;
  if (nowhereHigher(next, held, at)) return { first: next, then: null, meanwhile: held };
  const lower = lowerOf(next, held, at);
  return {
    first: differ(lower, held, at, Infinity) ? { ...lower, until: Infinity } : null,
    then: next,
    meanwhile: upperOf(held, next, at),
  };
}

/** A composite schedule as a charger reports it (GetCompositeSchedule), in watts from its start. */
export type Composite = { startsAt: number; durationS: number; periods: { startPeriod: number; limitW: number }[] };

/** Reads GetCompositeSchedule's answer in either version; null when it has none (rejected, or not supported). */
export function compositeFrom(answer: unknown, at: number): Composite | null {
  const a = answer as {
    status?: string;
    scheduleStart?: string;
    chargingSchedule?: CompositeSchedule;
    schedule?: CompositeSchedule & { scheduleStart?: string };
  };
  const schedule = a?.chargingSchedule ?? a?.schedule;
  if (a?.status !== "Accepted" || !schedule || !Array.isArray(schedule.chargingSchedulePeriod)) return null;
  const start = Date.parse(a.scheduleStart ?? schedule.scheduleStart ?? schedule.startSchedule ?? "");
  const watts = (period: CompositeSchedule["chargingSchedulePeriod"][number]) =>
    schedule.chargingRateUnit === "A" ? period.limit * 230 * (period.numberPhases ?? 3) : period.limit;
  return {
    startsAt: Number.isFinite(start) ? start : at,
    durationS: schedule.duration ?? 86_400,
    periods: schedule.chargingSchedulePeriod.map((p) => ({ startPeriod: p.startPeriod, limitW: watts(p) })),
  };
}
type CompositeSchedule = {
  chargingRateUnit: string;
  startSchedule?: string;
  scheduleStart?: string;
  duration?: number;
  chargingSchedulePeriod: { startPeriod: number; limit: number; numberPhases?: number }[];
};

/**
 * Where a charger's composite schedule lets it draw clearly more than the limits it was sent (another profile of
 * its own, a local energy manager, a stack level it composes its own way): the first such instant, or null.
 */
export function composedAbove(
  composite: Composite,
  sent: Limits,
): { at: number; composedW: number; limitW: number } | null {
  const end = composite.startsAt + composite.durationS * 1000;
  // What was sent at an instant, or a second either side of it (periods start on whole seconds).
  const sentW = (t: number) => Math.max(limitAt(sent, t - 1000), limitAt(sent, t), limitAt(sent, t + 1000)) * 1000;
  for (const [i, period] of composite.periods.entries()) {
    const from = composite.startsAt + period.startPeriod * 1000;
    const next = composite.periods[i + 1];
    const to = Math.min(end, next ? composite.startsAt + next.startPeriod * 1000 : end);
    // Every instant in the period where what was sent changes.
    const instants = [from, ...sent.segments.map((s) => s.from).filter((t) => t > from && t < to)];
    for (const t of instants)
      if (period.limitW > beyond(sentW(t))) return { at: t, composedW: period.limitW, limitW: sentW(t) };
  }
  return null;
}
