import { DateTime } from "luxon";

import { MAX_WORK, type PlanRequest } from "~/features/planning";

import { TRIP_ZONE } from "./parse-trips";
import type { SuitabilitySettings } from "./suitability";
import { ukWallClock, type Tour, type VehicleDays } from "./tours";

export type RecordedPeriod = { firstDay: string; days: number };

/** Records longer than a quarter are planned at half-hour steps. */
const LONG_RECORD_DAYS = 92;

/** The recorded period: from the first trip's UK day to the last's, at most a year. */
export function periodOf(fleet: VehicleDays[]): RecordedPeriod | null {
  let first = Infinity;
  let last = -Infinity;
  for (const v of fleet)
    for (const t of v.tours) {
      first = Math.min(first, t.depart);
      last = Math.max(last, t.back);
    }
  if (!Number.isFinite(first)) return null;
  const a = DateTime.fromMillis(first, { zone: TRIP_ZONE }).startOf("day");
  const b = DateTime.fromMillis(last, { zone: TRIP_ZONE }).startOf("day");
  return { firstDay: a.toISODate()!, days: Math.min(366, Math.round(b.diff(a, "days").days) + 1) };
}

/**
 * Minutes from the period's first midnight, on the UK clock: a day is 1,440
 * minutes even when the clocks change, so tariff bands (set in clock time)
 * fall where the haulier's bill puts them.
 */
function clockMinutes(ms: number, firstDay: string): number {
  return Math.round((ukWallClock(ms) - Date.parse(`${firstDay}T00:00:00Z`)) / 60_000);
}

type Options = { typeId: string; settings: SuitabilitySettings; period: RecordedPeriod };

const energyOf = (tour: Tour, perKm: number, settings: SuitabilitySettings) => {
  const winter = [11, 0, 1].includes(new Date(ukWallClock(tour.depart)).getUTCMonth());
  return tour.km * perKm * settings.payloadFactor * (winter ? 1 + settings.winterUpliftPct / 100 : 1);
};

/**
 * The plan on the recorded days themselves: each vehicle is one group with
 * its tours as they happened, over the recorded period (the engine treats
 * the period as repeating, as it does a week). Chargers, site, tariff and
 * business case come from `base` (the depot's plan). The step: 15 minutes up
 * to a quarter's record, 30 beyond (half-hourly, as the site is metered).
 */
export function recordedPlan(base: PlanRequest, fleet: VehicleDays[], options: Options): PlanRequest {
  const type = base.vehicleTypes.find((t) => t.id === options.typeId) ?? base.vehicleTypes[0]!;
  const start = DateTime.fromISO(options.period.firstDay, { zone: TRIP_ZONE });
  const first = options.period.firstDay;
  const end = options.period.days * 1440;
  const vehicles = fleet
    .map((v, i) => ({
      id: `recorded-${i + 1}`,
      name: v.vehicle.slice(0, 80),
      typeId: type.id,
      count: 1,
      week: [null, null, null, null, null, null, null],
      targetSocPct: options.settings.targetSocPct,
      trips: v.tours
        .map((tour) => ({
          depart: clockMinutes(tour.depart, first),
          back: Math.min(end, Math.max(clockMinutes(tour.back, first), clockMinutes(tour.depart, first))),
          energyKwh: Math.round(energyOf(tour, type.consumptionKwhPerKm, options.settings) * 100) / 100,
          km: Math.round(tour.km * 10) / 10,
        }))
        .filter((t) => t.depart >= 0 && t.depart < end),
    }))
    .filter((v) => v.trips.length > 0);
  // Up to a quarter at 15 minutes; longer records at 30, the half-hour the UK meters and bills a site's demand
  // in, which halves a year's work; coarser only where the engine's limit needs it.
  const steps = (minutes: number) => (options.period.days * 1440) / minutes;
  const finest = options.period.days > LONG_RECORD_DAYS ? 30 : 15;
  const stepMinutes = ([15, 30, 60] as const).find((m) => m >= finest && steps(m) * vehicles.length <= MAX_WORK) ?? 60;
  return {
    ...base,
    vehicles,
    horizon: { days: options.period.days, stepMinutes, startWeekday: start.weekday - 1 },
  };
}

/**
 * Each vehicle's typical week from its record, for what-if work: for each
 * weekday it worked on at least half the time, the median departure,
 * return and distance of its first tour that day.
 */
export function typicalWeekPlan(
  base: PlanRequest,
  fleet: VehicleDays[],
  options: Omit<Options, "period">,
): PlanRequest {
  const type = base.vehicleTypes.find((t) => t.id === options.typeId) ?? base.vehicleTypes[0]!;
  const median = (values: number[]) => {
    const sorted = [...values].sort((a, b) => a - b);
    return sorted[Math.floor(sorted.length / 2)]!;
  };
  const vehicles = fleet.flatMap((v, i) => {
    const byWeekday = Array.from({ length: 7 }, () => ({
      depart: [] as number[],
      back: [] as number[],
      km: [] as number[],
      dates: new Set<string>(),
    }));
    const weeks = new Set<string>();
    for (const tour of v.tours) {
      const at = DateTime.fromMillis(tour.depart, { zone: TRIP_ZONE });
      const back = DateTime.fromMillis(tour.back, { zone: TRIP_ZONE });
      weeks.add(`${at.weekYear}-${at.weekNumber}`);
      const slot = byWeekday[at.weekday - 1]!;
      if (slot.dates.has(at.toISODate()!)) {
        slot.km[slot.km.length - 1]! += tour.km;
        slot.back[slot.back.length - 1] = back.hour * 60 + back.minute;
        continue;
      }
      slot.dates.add(at.toISODate()!);
      slot.depart.push(at.hour * 60 + at.minute);
      slot.back.push(back.hour * 60 + back.minute);
      slot.km.push(tour.km);
    }
    const week = byWeekday.map((slot) =>
      slot.dates.size * 2 >= weeks.size && slot.dates.size > 0
        ? { depart: median(slot.depart), return: median(slot.back), km: Math.round(median(slot.km) * 10) / 10 }
        : null,
    );
    if (week.every((d) => d === null)) return [];
    return [
      {
        id: `typical-${i + 1}`,
        name: v.vehicle.slice(0, 80),
        typeId: type.id,
        count: 1,
        week,
        targetSocPct: options.settings.targetSocPct,
      },
    ];
  });
  return { ...base, vehicles, horizon: { days: 7, stepMinutes: 15, startWeekday: 0 } };
}
