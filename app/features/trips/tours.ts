import { DateTime } from "luxon";

import { TRIP_ZONE, type Trip } from "./parse-trips";

/**
 * How a trip is known to end at the depot: within `radiusM` of it (the
 * depot's location and the trips' end positions), or, for exports without
 * positions, the last trip of each day.
 */
export type DepotRule =
  { kind: "radius"; radiusM: number; depot: [lat: number, lon: number] } | { kind: "last-trip-of-day" };

/** Out from the depot and back: one or more trips. `nights` counts the nights it spent away. */
export type Tour = { vehicle: string; depart: number; back: number; km: number; trips: number; nights: number };

/** One vehicle's recorded days: its tours, and how its time at the depot and away adds up. */
export type VehicleDays = {
  vehicle: string;
  tours: Tour[];
  /** Trips after the vehicle's last return to the depot in the file (it was away when the export ends). */
  unfinishedKm: number;
  /** When the first of those trips started. */
  unfinishedSince?: number;
  daysDriven: number;
  nightsAway: number;
};

const EARTH_RADIUS_M = 6_371_000;

export function distanceM([lat1, lon1]: [number, number], [lat2, lon2]: [number, number]): number {
  const rad = Math.PI / 180;
  const dLat = (lat2 - lat1) * rad;
  const dLon = (lon2 - lon1) * rad;
  const a = Math.sin(dLat / 2) ** 2 + Math.cos(lat1 * rad) * Math.cos(lat2 * rad) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.sqrt(a));
}

const byHour = new Map<number, { day: string; offsetMs: number }>();

/** The UK day and clock offset of the hour an instant falls in (kept per hour: a year of trips asks 600,000 times). */
function ukHour(ms: number): { day: string; offsetMs: number } {
  const hour = Math.floor(ms / 3_600_000);
  let known = byHour.get(hour);
  if (known === undefined) {
    const at = DateTime.fromMillis(hour * 3_600_000, { zone: TRIP_ZONE });
    known = { day: at.toISODate()!, offsetMs: at.offset * 60_000 };
    if (byHour.size > 100_000) byHour.clear();
    byHour.set(hour, known);
  }
  return known;
}

/** The UK calendar day (yyyy-MM-dd) an instant falls on. */
export const ukDay = (ms: number) => ukHour(ms).day;

/** The instant as the UK clock shows it, written as if it were UTC (for day and minute arithmetic on the clock). */
export const ukWallClock = (ms: number) => ms + ukHour(ms).offsetMs;

/**
 * From trips to tours, vehicle by vehicle (trips in time order). A vehicle
 * starts the export at the depot; a tour runs from the first trip out to the
 * trip that ends at the depot (by the rule), so a day with two returns gives
 * two tours and a vehicle away overnight gives one tour across the night.
 * Trips overlapping the one before (a duplicate row, two devices) are kept
 * as they are; a trip that ends at the depot and the next that starts there
 * leave a stay between them, however short.
 */
export function toursFrom(trips: Trip[], rule: DepotRule): VehicleDays[] {
  const byVehicle = new Map<string, Trip[]>();
  for (const trip of trips) {
    const list = byVehicle.get(trip.vehicle);
    if (list) list.push(trip);
    else byVehicle.set(trip.vehicle, [trip]);
  }
  const result: VehicleDays[] = [];
  for (const [vehicle, list] of byVehicle) {
    list.sort((a, b) => a.start - b.start || a.end - b.end);
    const lastOfDay = new Set<number>();
    if (rule.kind === "last-trip-of-day")
      list.forEach((trip, i) => {
        const next = list[i + 1];
        if (!next || ukDay(next.start) !== ukDay(trip.start)) lastOfDay.add(i);
      });
    const atDepot = (trip: Trip, i: number) =>
      rule.kind === "radius"
        ? trip.endPosition !== null && distanceM(trip.endPosition, rule.depot) <= rule.radiusM
        : lastOfDay.has(i);
    const tours: Tour[] = [];
    let open: Tour | null = null;
    list.forEach((trip, i) => {
      open ??= { vehicle, depart: trip.start, back: trip.end, km: 0, trips: 0, nights: 0 };
      open.km += trip.km;
      open.trips++;
      open.back = Math.max(open.back, trip.end);
      if (atDepot(trip, i)) {
        open.nights = nightsBetween(open.depart, open.back);
        tours.push(open);
        open = null;
      }
    });
    const unfinished = open as Tour | null;
    const days = new Set(list.map((trip) => ukDay(trip.start)));
    result.push({
      vehicle,
      tours,
      unfinishedKm: unfinished?.km ?? 0,
      unfinishedSince: unfinished?.depart,
      daysDriven: days.size,
      nightsAway: tours.reduce((sum, t) => sum + t.nights, 0),
    });
  }
  return result.sort((a, b) => a.vehicle.localeCompare(b.vehicle, "en-GB", { numeric: true }));
}

/** Nights away: the UK 03:00s between leaving and coming back (a night shift home by then is not a night away). */
function nightsBetween(depart: number, back: number): number {
  const DAY = 86_400_000;
  const wallDepart = ukWallClock(depart);
  // 03:00 on the clock on the day it left, then each day after, until it is back.
  let night = Math.floor(wallDepart / DAY) * DAY + 3 * 3_600_000;
  if (night <= wallDepart) night += DAY;
  let count = 0;
  for (; night < ukWallClock(back); night += DAY) count++;
  return count;
}
