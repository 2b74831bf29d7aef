import { DateTime } from "luxon";

import { UK_ZONE } from "~/lib/uk-dates";

import type { ColumnMapping } from "./columns";

/** One trip as recorded: times as instants (ms), distance in km. */
export type Trip = {
  vehicle: string;
  driver: string | null;
  start: number;
  end: number;
  km: number;
  startPosition: [lat: number, lon: number] | null;
  endPosition: [lat: number, lon: number] | null;
};

export type RowProblem = { line: number; reason: string };

export type ParseOptions = {
  mapping: ColumnMapping;
  distanceUnit: "km" | "mi";
  /** Drop driver names; replace vehicle ids with "Vehicle 1", "Vehicle 2"… when `vehicles` is "replace". */
  anonymise: { drivers: boolean; vehicles: "keep" | "replace" };
};

export const KM_PER_MILE = 1.609344;
/** The clock a trip export's times are read in, unless a time states its own offset. */
export const TRIP_ZONE = UK_ZONE;
/** A trip longer than this is taken for a data error (a missing end, a stuck device). */
const LONGEST_TRIP_HOURS = 7 * 24;

/** Rarer layouts, read by Luxon: month names, and ISO with a "T" but no seconds. */
const LAYOUTS = [
  "d MMM yyyy HH:mm",
  "d MMM yyyy HH:mm:ss",
  "d MMMM yyyy HH:mm",
  "d MMM yyyy h:mm a",
  "MMM d, yyyy h:mm a",
  "MMM d, yyyy HH:mm",
];

/** ISO "2026-10-05 07:15[:30]" and UK day-first "05/10/2026 07:15[:30][ am]" (also with - or . between), the layouts nearly every export uses. */
const ISO = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{1,2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?$/;
const DAY_FIRST = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4}|\d{2})[ T](\d{1,2}):(\d{2})(?::(\d{2}))?\s*([AaPp][Mm])?$/;

/** UK clock offsets (minutes) by hour of the day they apply to, worked out once per hour by Luxon. */
const offsets = new Map<number, number | null>();

function ukOffset(year: number, month: number, day: number, hour: number, minute: number): number | null {
  const key = ((year * 13 + month) * 32 + day) * 24 + hour;
  let offset = offsets.get(key);
  if (offset === undefined) {
    const local = DateTime.fromObject({ year, month, day, hour, minute }, { zone: TRIP_ZONE });
    // Invalid (31 February), or in the hour the clocks skip (Luxon moves it on): never on a UK clock.
    offset = local.isValid && local.hour === hour && local.day === day ? local.offset : null;
    if (offsets.size > 100_000) offsets.clear();
    offsets.set(key, offset);
  }
  return offset;
}

function fromFields(y: number, mo: number, d: number, h: number, mi: number, s: number): number | null {
  if (mo < 1 || mo > 12 || d < 1 || d > 31 || h > 23 || mi > 59 || s > 59) return null;
  const offset = ukOffset(y, mo, d, h, mi);
  return offset === null ? null : Date.UTC(y, mo - 1, d, h, mi, s) - offset * 60_000;
}

/**
 * A time as written in an export, as an instant. Without an offset it is UK
 * local time: the hour the clocks go back (01:00–02:00 happens twice) is
 * read as its second, GMT, occurrence; a time in the hour that does not exist
 * when they go forward is refused. The common layouts are picked apart by
 * pattern (a year of trips is 600,000 times); Luxon places them on the UK
 * clock and reads every other layout.
 */
export function parseTripTime(text: string): number | null {
  const value = text.trim();
  if (!value) return null;
  if (/(Z|[+-]\d\d:?\d\d)$/.test(value)) {
    const iso = DateTime.fromISO(value.replace(" ", "T"), { setZone: true });
    return iso.isValid ? iso.toMillis() : null;
  }
  const iso = ISO.exec(value);
  if (iso) return fromFields(+iso[1]!, +iso[2]!, +iso[3]!, +iso[4]!, +iso[5]!, +(iso[6] ?? 0));
  const uk = DAY_FIRST.exec(value);
  if (uk) {
    let hour = +uk[4]!;
    const half = uk[7]?.toLowerCase();
    if (half) {
      if (hour < 1 || hour > 12) return null;
      hour = (hour % 12) + (half === "pm" ? 12 : 0);
    }
    const year = uk[3]!.length === 2 ? 2000 + +uk[3]! : +uk[3]!;
    return fromFields(year, +uk[2]!, +uk[1]!, hour, +uk[5]!, +(uk[6] ?? 0));
  }
  for (const layout of LAYOUTS) {
    // The wall-clock fields first (read as if zone-less), then placed on the UK clock.
    const wall = DateTime.fromFormat(value, layout, { zone: "UTC", locale: "en-GB" });
    if (wall.isValid) return fromFields(wall.year, wall.month, wall.day, wall.hour, wall.minute, wall.second);
  }
  return null;
}

/** A number as exports write it: "1,234.5", "12.3 km", "7.8 mi" (the unit itself comes from the options). */
function parseNumber(text: string): number | null {
  const cleaned = text
    .trim()
    .replace(/,(?=\d{3}(\D|$))/g, "")
    .replace(/\s*(km|mi|miles|kms)$/i, "");
  if (!/^-?\d+(\.\d+)?$/.test(cleaned)) return null;
  return Number(cleaned);
}

function position(cells: string[], lat: number | undefined, lon: number | undefined): [number, number] | null {
  if (lat === undefined || lon === undefined) return null;
  const a = parseNumber(cells[lat] ?? "");
  const b = parseNumber(cells[lon] ?? "");
  if (a === null || b === null || Math.abs(a) > 90 || Math.abs(b) > 180 || (a === 0 && b === 0)) return null;
  return [a, b];
}

/**
 * The trips of an export, with every row that could not be read named by its
 * row and why. A row is read whole or not at all; nothing here is stored.
 */
export function parseTrips(
  rows: Iterable<{ line: number; cells: string[] }>,
  options: ParseOptions,
): { trips: Trip[]; problems: RowProblem[] } {
  const trips: Trip[] = [];
  const parser = tripParser(options, (trip) => trips.push(trip));
  for (const { line, cells } of rows) parser.add(line, cells);
  return { trips, problems: parser.problems };
}

/** parseTrips one row at a time, each trip handed to `onTrip` as it is read (a file read row by row need not hold them). */
export function tripParser(options: ParseOptions, onTrip: (trip: Trip) => void) {
  const { mapping } = options;
  const problems: RowProblem[] = [];
  const renamed = new Map<string, string>();
  const cell = (cells: string[], index: number | undefined) => (index === undefined ? "" : (cells[index] ?? "").trim());
  const add = (line: number, cells: string[]): void => {
    const vehicle = cell(cells, mapping.vehicle);
    const startText = cell(cells, mapping.start);
    const endText = cell(cells, mapping.end);
    const distanceText = cell(cells, mapping.distance);
    const problem = (reason: string) => void problems.push({ line, reason });
    if (!vehicle) return problem("no vehicle");
    const start = parseTripTime(startText);
    if (start === null)
      return problem(startText ? `start time "${startText}" is not a date and time` : "no start time");
    const end = parseTripTime(endText);
    if (end === null) return problem(endText ? `end time "${endText}" is not a date and time` : "no end time");
    if (end < start) return problem("ends before it starts");
    if (end - start > LONGEST_TRIP_HOURS * 3_600_000) return problem("lasts more than 7 days");
    const distance = parseNumber(distanceText);
    if (distance === null) return problem(distanceText ? `distance "${distanceText}" is not a number` : "no distance");
    if (distance < 0) return problem("negative distance");
    let id = vehicle;
    if (options.anonymise.vehicles === "replace") {
      if (!renamed.has(vehicle)) renamed.set(vehicle, `Vehicle ${renamed.size + 1}`);
      id = renamed.get(vehicle)!;
    }
    const driver = options.anonymise.drivers ? null : cell(cells, mapping.driver) || null;
    onTrip({
      vehicle: id,
      driver,
      start,
      end,
      km: options.distanceUnit === "mi" ? distance * KM_PER_MILE : distance,
      startPosition: position(cells, mapping.startLatitude, mapping.startLongitude),
      endPosition: position(cells, mapping.endLatitude, mapping.endLongitude),
    });
  };
  return { add, problems };
}
