import { staysFor } from "./expand-duty";
import { buildingLoadBySteps } from "./load-profile";
import { emptySchedule, type Schedule } from "./schedule";
import type { PlanInput, Tariff } from "./types";

/** The tariff's rate (p/kWh) on a weekday (0 = Monday) at a minute after midnight. */
export function priceAt(tariff: Tariff, weekday: number, minute: number): number {
  for (const band of tariff.bands) {
    if (!band.days.includes(weekday)) continue;
    const inside =
      band.from <= band.to ? minute >= band.from && minute < band.to : minute >= band.from || minute < band.to;
    if (inside) return band.pencePerKwh;
  }
  return tariff.defaultPencePerKwh;
}

/** What every strategy works on: the cycle's steps, the building's load and prices at each, the connection, and the stays with their chargers. */
export function prepare(input: PlanInput) {
  const { stepMinutes, days, startWeekday } = input.horizon;
  const steps = (days * 1440) / stepMinutes;
  const dt = stepMinutes / 60;
  const limit = limitBySteps(input, steps);
  const limitKw = input.site.connectionKva * input.site.powerFactor;
  const building = buildingLoadBySteps(input.site.buildingKw, steps, stepMinutes);
  // A price depends on the weekday and the time of day only: a week's, repeated (a year asks 35,040 times).
  const week = Math.min(steps, (7 * 1440) / stepMinutes);
  const price: number[] = [];
  for (let t = 0; t < steps; t++)
    price.push(
      t < week
        ? priceAt(input.tariff, (startWeekday + Math.floor((t * stepMinutes) / 1440)) % 7, (t * stepMinutes) % 1440)
        : price[t - week]!,
    );
  // Schedules work in battery-side kW; the grid supplies that ÷ efficiency.
  const efficiency = input.site.chargingEfficiency;
  const headroom = building.map((kw, t) => Math.max(0, limit[t]! - kw) * efficiency);
  const { stays, vehicles } = staysFor(input, steps, stepMinutes);
  const site = { steps, dt, building, limitKw, limit, efficiency };
  const context = { ...site, price, days, powerFactor: input.site.powerFactor, tariff: input.tariff };
  // Storage for the strategies' schedules, shared by them one after the other (zeroedRows), made when one first
  // needs rows: the simulations keep pieces, and for a year of a fleet the rows are some 20 MB of fresh memory.
  let schedule: Schedule | null = null;
  return {
    steps,
    dt,
    limitKw,
    limit,
    building,
    price,
    efficiency,
    headroom,
    stays,
    vehicles,
    site,
    context,
    get schedule(): Schedule {
      return (schedule ??= emptySchedule(stays));
    },
  };
}

export type Prepared = ReturnType<typeof prepare>;

/**
 * The connection's limit (kW) at each step: its capacity throughout, or, where it changes with time, the kVA given
 * for each step (repeating if shorter than the horizon), never above the capacity, times the power factor.
 */
export function limitBySteps(input: PlanInput, steps: number): number[] {
  const { connectionKva, connectionKvaByStep: byStep, powerFactor } = input.site;
  if (!byStep || byStep.length === 0) return new Array<number>(steps).fill(connectionKva * powerFactor);
  return Array.from(
    { length: steps },
    (_, t) => Math.max(0, Math.min(connectionKva, byStep[t % byStep.length]!)) * powerFactor,
  );
}
