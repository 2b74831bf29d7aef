import { z } from "zod";

import type { Trip } from "./parse-trips";

/**
 * Trips are kept compactly, one array per trip: vehicle and driver as indexes
 * into their lists, times in whole minutes since 1970, distance in 10 m, and
 * the end position in 1e-5 degrees (about a metre), where the export had one.
 * A year of 200 vehicles is then about 10 MB of text in one row.
 */
const storedSchema = z.object({
  v: z.literal(1),
  vehicles: z.array(z.string()),
  drivers: z.array(z.string()),
  rows: z.array(z.array(z.number())),
});

/**
 * Encodes trips as above one at a time, holding only each trip's encoded row
 * (a year of trips read from a file is never held as objects). Also counts what
 * the import's summary says: trips, vehicles, and whether any had a position.
 */
export function tripEncoder() {
  const vehicles = new Map<string, number>();
  const drivers = new Map<string, number>();
  const rows: string[] = [];
  let positions = false;
  const index = (map: Map<string, number>, key: string) => {
    let n = map.get(key);
    if (n === undefined) map.set(key, (n = map.size));
    return n;
  };
  return {
    add(t: Trip): void {
      const row = [
        index(vehicles, t.vehicle),
        t.driver === null ? -1 : index(drivers, t.driver),
        Math.round(t.start / 60_000),
        Math.round(t.end / 60_000),
        Math.round(t.km * 100),
      ];
      if (t.endPosition) {
        row.push(Math.round(t.endPosition[0] * 1e5), Math.round(t.endPosition[1] * 1e5));
        positions = true;
      }
      rows.push(row.join(","));
    },
    counts: () => ({ trips: rows.length, vehicles: vehicles.size, hasPositions: positions }),
    finish: (): string =>
      `{"v":1,"vehicles":${JSON.stringify([...vehicles.keys()])},"drivers":${JSON.stringify([...drivers.keys()])},"rows":[${rows.map((row) => `[${row}]`).join(",")}]}`,
  };
}

export function decodeTrips(text: string): Trip[] {
  const stored = storedSchema.parse(JSON.parse(text));
  return stored.rows.map(([vehicle, driver, start, end, km, lat, lon]) => ({
    vehicle: stored.vehicles[vehicle!] ?? "?",
    driver: driver! >= 0 ? (stored.drivers[driver!] ?? null) : null,
    start: start! * 60_000,
    end: end! * 60_000,
    km: km! / 100,
    startPosition: null,
    endPosition: lat !== undefined && lon !== undefined ? [lat / 1e5, lon / 1e5] : null,
  }));
}
