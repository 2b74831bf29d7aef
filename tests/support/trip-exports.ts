/**
 * Trip exports as telematics providers write them, made up for the tests (no
 * customer data): the same synthetic fleet written with Geotab's, Webfleet's
 * and Samsara's column names, date layouts and units. Seeded, so every run
 * writes the same file.
 */
import ExcelJS from "exceljs";
import { DateTime } from "luxon";

export const DEPOT: [number, number] = [51.4545, -2.5879];
const ZONE = "Europe/London";

export type SyntheticTrip = {
  vehicle: string;
  driver: string;
  start: DateTime;
  end: DateTime;
  km: number;
  from: [number, number];
  to: [number, number];
};

function seeded(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

const away = (random: () => number, km: number): [number, number] => {
  const angle = random() * 2 * Math.PI;
  return [DEPOT[0] + (Math.sin(angle) * km) / 111, DEPOT[1] + (Math.cos(angle) * km) / 69];
};
const nearDepot = (random: () => number): [number, number] => [
  DEPOT[0] + (random() - 0.5) * 0.001,
  DEPOT[1] + (random() - 0.5) * 0.001,
];

/**
 * `vehicles` vans over `days` days from `firstDay` (UK dates): weekdays out
 * about 07:00 in two or three trips and home by evening; vehicle 2 comes
 * home at lunch and goes out again; vehicle 3 stays away on Wednesday nights;
 * the last vehicle drives long days a van battery cannot cover.
 */
export function syntheticFleet(options: {
  vehicles: number;
  days: number;
  firstDay: string;
  seed?: number;
  /** Work weekends too, in this many legs a day (a busier fleet, for the benchmark). */
  everyDay?: boolean;
  legs?: number;
}) {
  const random = seeded(options.seed ?? 7);
  const trips: SyntheticTrip[] = [];
  const start = DateTime.fromISO(options.firstDay, { zone: ZONE });
  for (let v = 1; v <= options.vehicles; v++) {
    const vehicle = `VN${String(v).padStart(2, "0")} ABC`;
    const driver = `Driver ${String.fromCharCode(64 + ((v - 1) % 26) + 1)}. Smith`;
    let awayUntil: DateTime | null = null;
    for (let d = 0; d < options.days; d++) {
      const day = start.plus({ days: d });
      if (day.weekday > 5 && !options.everyDay) continue;
      const long = v === options.vehicles;
      const totalKm = long ? 380 + random() * 60 : 80 + random() * 120;
      const legs = options.legs ?? (v === 2 ? 4 : 2 + Math.floor(random() * 2));
      let clock: DateTime =
        awayUntil ?? day.set({ hour: 6 + Math.floor(random() * 2), minute: Math.floor(random() * 60) });
      let position: [number, number] = awayUntil ? away(random, 150) : nearDepot(random);
      awayUntil = null;
      const nightAway = v === 3 && day.weekday === 3;
      for (let leg = 0; leg < legs; leg++) {
        const last = leg === legs - 1;
        const home = (last && !nightAway) || (v === 2 && leg === 1);
        const km = totalKm / legs;
        const minutes = Math.round((km / 45) * 60);
        const end = clock.plus({ minutes });
        const to = home ? nearDepot(random) : away(random, 10 + random() * 40);
        trips.push({ vehicle, driver, start: clock, end, km: Math.round(km * 10) / 10, from: position, to });
        position = to;
        clock = end.plus({ minutes: home && !last ? 60 : 20 + Math.floor(random() * 40) });
      }
      // Away on Wednesday night: the next day starts where it stopped and ends at the depot.
      if (nightAway) awayUntil = day.plus({ days: 1 }).set({ hour: 8, minute: 0 });
    }
  }
  return trips;
}

const csv = (rows: (string | number)[][]) =>
  rows
    .map((row) =>
      row
        .map((cell) => (/[",\n]/.test(String(cell)) ? `"${String(cell).replace(/"/g, '""')}"` : String(cell)))
        .join(","),
    )
    .join("\r\n") + "\r\n";

/** Geotab's trips report: device and driver, day-first times, km, stop address but no coordinates. */
export function geotabCsv(trips: SyntheticTrip[], extraRows: string[][] = []): string {
  const header = [
    "Device Name",
    "Driver",
    "Trip Start",
    "Trip End",
    "Distance (km)",
    "Driving Duration",
    "Stop Location",
  ];
  const rows = trips.map((t) => [
    t.vehicle,
    t.driver,
    t.start.toFormat("dd/MM/yyyy HH:mm:ss"),
    t.end.toFormat("dd/MM/yyyy HH:mm:ss"),
    t.km.toFixed(1),
    t.end.diff(t.start, ["hours", "minutes"]).toFormat("hh:mm:ss"),
    `${Math.round(t.to[0] * 1000) / 1000}, Bristol`,
  ]);
  return csv([header, ...rows, ...extraRows]);
}

/** Webfleet's trip report: object name, German-style dotted dates, km, end coordinates. */
export function webfleetCsv(trips: SyntheticTrip[], extraRows: string[][] = []): string {
  const header = [
    "Object name",
    "Driver",
    "Start time",
    "End time",
    "Distance [km]",
    "Start latitude",
    "Start longitude",
    "End latitude",
    "End longitude",
  ];
  const rows = trips.map((t) => [
    t.vehicle,
    t.driver,
    t.start.toFormat("dd.MM.yyyy HH:mm:ss"),
    t.end.toFormat("dd.MM.yyyy HH:mm:ss"),
    t.km.toFixed(2),
    t.from[0].toFixed(5),
    t.from[1].toFixed(5),
    t.to[0].toFixed(5),
    t.to[1].toFixed(5),
  ]);
  return csv([header, ...rows, ...extraRows]);
}

/** Samsara's trips export as a workbook: vehicle name, ISO times with their offset, miles, end coordinates. */
export async function samsaraXlsx(trips: SyntheticTrip[]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet("Trips");
  sheet.addRow(["Vehicle Name", "Driver Name", "Start Time", "End Time", "Distance (mi)", "End Lat", "End Lon"]);
  for (const t of trips)
    sheet.addRow([
      t.vehicle,
      t.driver,
      t.start.toISO({ suppressMilliseconds: true }),
      t.end.toISO({ suppressMilliseconds: true }),
      Math.round((t.km / 1.609344) * 100) / 100,
      t.to[0],
      t.to[1],
    ]);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
