// The depot of the readiness benchmark (issue 49): 16 vans on 18 chargers of 22 kW under an 80 kW (or 70 kW) connection, a
// building that takes 30 kW by day and 10 kW at night, the day/night tariff; a weekday duty out at 06:30, back at
// 17:30, 45 kWh a day, charged to 90 %. And the month's reality, drawn from a fixed seed: each van back up to an
// hour late, away up to an hour early, arriving with its plan's charge ±15 %; one charger faulted for a night; one
// evening's building load 40 kW above the plan's for two hours, which the site's meter sees.
import { DateTime } from "luxon";

import { UK_ZONE } from "~/lib/uk-dates";

import { TARIFF_PRESETS } from "../../app/features/charging-engine/index";
import type { DepotSite } from "../../app/features/live-control";
import { defaultPlanInput } from "../../app/features/planning/index";

export const VANS = 16;
export const CHARGERS = 18;
export const CHARGER_KW = 22;
export const VAN_KW = 11;
export const BATTERY_KWH = 75;
export const TARGET_PCT = 90;
export const TRIP_KWH = 45;
/** The connections the benchmark runs: one with room for the month's reality, one a size too small for it. */
export const CONNECTIONS_KW = [80, 70] as const;
export const DAYS = 28;
export const STEP_MS = 5 * 60_000;
export const START = DateTime.fromISO("2026-11-02T00:00", { zone: UK_ZONE }).toMillis();
const DEPART = 6 * 60 + 30;
const RETURN = 17 * 60 + 30;

export const buildingPlanKw = (hour: number) => (hour >= 7 && hour < 19 ? 30 : 10);

export function planInputs(connectionKw: number = CONNECTIONS_KW[0]) {
  const inputs = defaultPlanInput({
    vehicles: VANS,
    chargers: [{ name: "AC 22", powerKw: CHARGER_KW, count: CHARGERS }],
  });
  const duty = { depart: DEPART, return: RETURN, energyKwh: TRIP_KWH };
  inputs.vehicleTypes = inputs.vehicleTypes.map((t) =>
    t.id === "van" ? { ...t, batteryKwh: BATTERY_KWH, maxChargeKw: VAN_KW } : t,
  );
  inputs.vehicles[0] = {
    ...inputs.vehicles[0]!,
    week: [duty, duty, duty, duty, duty, null, null],
    targetSocPct: TARGET_PCT,
  };
  inputs.site = {
    ...inputs.site,
    connectionKva: connectionKw,
    powerFactor: 1,
    chargingEfficiency: 1,
    buildingKw: Array.from({ length: 24 }, (_, h) => buildingPlanKw(h)),
  };
  inputs.tariff = TARIFF_PRESETS["day-night"];
  return inputs;
}

export function siteOf(inputs: ReturnType<typeof planInputs>): DepotSite {
  return {
    connectionKw: inputs.site.connectionKva,
    buildingKwByHour: Array.from({ length: 24 }, (_, h) => buildingPlanKw(h)),
    tariff: inputs.tariff,
    tariffFromPlan: true,
    inputs,
    planPerDay: null,
    meter: null,
    connectionOffer: null,
  };
}

/** A small, fixed pseudo-random sequence (mulberry32): the same month every run. */
export function random(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export type Trip = { van: number; leaves: number; plannedLeave: number; back: number; arrivalFactor: number };
export type Month = {
  trips: Trip[];
  fault: { charger: number; from: number; to: number };
  spike: { from: number; to: number; kw: number };
};

/** The month as it happens: every weekday's trips, the fault and the spike. */
export function drawMonth(seed = 49): Month {
  const next = random(seed);
  const trips: Trip[] = [];
  for (let d = 0; d < DAYS; d++) {
    const day = DateTime.fromMillis(START, { zone: UK_ZONE }).plus({ days: d });
    if (day.weekday > 5) continue;
    for (let van = 0; van < VANS; van++) {
      const plannedLeave = day.plus({ minutes: DEPART }).toMillis();
      trips.push({
        van,
        plannedLeave,
        leaves: plannedLeave - Math.round(next() * 60) * 60_000,
        back: day.plus({ minutes: RETURN }).toMillis() + Math.round(next() * 60) * 60_000,
        arrivalFactor: 0.85 + 0.3 * next(),
      });
    }
  }
  const wednesday = DateTime.fromMillis(START, { zone: UK_ZONE }).plus({ days: 9 });
  return {
    trips,
    fault: { charger: 3, from: wednesday.plus({ hours: 20 }).toMillis(), to: wednesday.plus({ hours: 30 }).toMillis() },
    spike: {
      from: wednesday.plus({ days: 7, hours: 18 }).toMillis(),
      to: wednesday.plus({ days: 7, hours: 20 }).toMillis(),
      kw: 40,
    },
  };
}

/** What a trip takes (kWh): the plan's arrival charge ±15 % for a van that left at its target, the rest of it used. */
export const tripKwh = (trip: Trip) => {
  const target = (TARGET_PCT / 100) * BATTERY_KWH;
  return target - (target - TRIP_KWH) * trip.arrivalFactor;
};

/** The building's real load at `at`: the plan's, and the spike. */
export function realBuildingKw(month: Month, at: number): number {
  const hour = DateTime.fromMillis(at, { zone: UK_ZONE }).hour;
  return buildingPlanKw(hour) + (at >= month.spike.from && at < month.spike.to ? month.spike.kw : 0);
}
