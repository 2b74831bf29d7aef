import ExcelJS from "exceljs";
import fc from "fast-check";
import { DateTime } from "luxon";
import { describe, expect, it } from "vitest";

import { defaultPlanInput } from "~/features/planning";

import { DEPOT, geotabCsv, samsaraXlsx, syntheticFleet, webfleetCsv } from "../../../tests/support/trip-exports";
import { distanceUnitFrom, recogniseColumns } from "./columns";
import { parseTrips, parseTripTime, type Trip } from "./parse-trips";
import { readTripTable } from "./read-table.server";
import { periodOf, recordedPlan, typicalWeekPlan } from "./recorded-plan";
import { DEFAULT_SETTINGS, suitabilityOf, type EvModel } from "./suitability";
import { toursFrom, type VehicleDays } from "./tours";

const encode = (text: string) => new TextEncoder().encode(text);
const keep = { drivers: false, vehicles: "keep" } as const;
const uk = (text: string) => DateTime.fromISO(text, { zone: "Europe/London" }).toMillis();
const van: EvModel = { name: "Large electric van", batteryKwh: 75, consumptionKwhPerKm: 0.3, maxChargeKw: 11 };

describe("reading trip exports", () => {
  const fleet = syntheticFleet({ vehicles: 4, days: 28, firstDay: "2026-10-05" });

  it("recognises Geotab's, Webfleet's and Samsara's columns and their distance units", async () => {
    const geotab = await readTripTable(encode(geotabCsv(fleet)), "Trips.csv");
    expect(recogniseColumns(geotab.headers)).toEqual({ vehicle: 0, driver: 1, start: 2, end: 3, distance: 4 });
    expect(distanceUnitFrom(geotab.headers[4])).toBe("km");
    const webfleet = await readTripTable(encode(webfleetCsv(fleet)), "trip_report.csv");
    expect(recogniseColumns(webfleet.headers)).toEqual({
      vehicle: 0,
      driver: 1,
      start: 2,
      end: 3,
      distance: 4,
      startLatitude: 5,
      startLongitude: 6,
      endLatitude: 7,
      endLongitude: 8,
    });
    const samsara = await readTripTable(await samsaraXlsx(fleet), "trips.xlsx");
    expect(recogniseColumns(samsara.headers)).toMatchObject({
      vehicle: 0,
      driver: 1,
      start: 2,
      end: 3,
      distance: 4,
      endLatitude: 5,
      endLongitude: 6,
    });
    expect(distanceUnitFrom(samsara.headers[4])).toBe("mi");
  });

  it("reads the same trips from each provider's file, in km whatever the file's unit", async () => {
    const totals = [];
    for (const [bytes, name, unit] of [
      [encode(geotabCsv(fleet)), "geotab.csv", "km"],
      [encode(webfleetCsv(fleet)), "webfleet.csv", "km"],
      [await samsaraXlsx(fleet), "samsara.xlsx", "mi"],
    ] as const) {
      const table = await readTripTable(bytes, name);
      const { trips, problems } = parseTrips(table.rows, {
        mapping: recogniseColumns(table.headers),
        distanceUnit: unit,
        anonymise: keep,
      });
      expect(problems).toEqual([]);
      expect(trips).toHaveLength(fleet.length);
      expect(trips[0]!.start).toBe(fleet[0]!.start.toMillis());
      totals.push(trips.reduce((sum, t) => sum + t.km, 0));
    }
    const expected = fleet.reduce((sum, t) => sum + t.km, 0);
    for (const total of totals) expect(total).toBeCloseTo(expected, -1);
  });

  it("names every row it cannot read by its row and why, and reads the rest", async () => {
    const rows = [
      ["VN01 ABC", "A", "31/02/2026 07:00:00", "01/03/2026 08:00:00", "12"],
      ["", "A", "02/03/2026 07:00:00", "02/03/2026 08:00:00", "12"],
      ["VN01 ABC", "A", "02/03/2026 09:00:00", "02/03/2026 08:00:00", "12"],
      ["VN01 ABC", "A", "02/03/2026 10:00:00", "02/03/2026 11:00:00", "twelve"],
      ["VN01 ABC", "A", "02/03/2026 12:00:00", "02/03/2026 13:00:00", "-4"],
      ["VN01 ABC", "A", "29/03/2026 01:30:00", "29/03/2026 03:00:00", "5"],
    ];
    const text = geotabCsv(syntheticFleet({ vehicles: 1, days: 1, firstDay: "2026-03-02" }), rows).replace(
      "\r\n",
      "\r\n\r\n",
    );
    const table = await readTripTable(encode(text), "geotab.csv");
    const { trips, problems } = parseTrips(table.rows, {
      mapping: recogniseColumns(table.headers),
      distanceUnit: "km",
      anonymise: keep,
    });
    expect(trips.length).toBeGreaterThan(0);
    // Row 1 is the header and row 2 a blank line; the two good trips are rows 3 and 4.
    const first = trips.length + 3;
    expect(problems).toEqual([
      { line: first, reason: 'start time "31/02/2026 07:00:00" is not a date and time' },
      { line: first + 1, reason: "no vehicle" },
      { line: first + 2, reason: "ends before it starts" },
      { line: first + 3, reason: 'distance "twelve" is not a number' },
      { line: first + 4, reason: "negative distance" },
      { line: first + 5, reason: 'start time "29/03/2026 01:30:00" is not a date and time' },
    ]);
  });

  it("reads a workbook's date cells as the clock time they show, and refuses a damaged workbook", async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet("Trips");
    sheet.addRow(["Registration", "Departure", "Arrival", "Mileage"]);
    // Excel keeps no time zone: these cells show 07:05 and 09:40 on 2 March 2026.
    sheet.addRow(["VN01 ABC", new Date(Date.UTC(2026, 2, 2, 7, 5)), new Date(Date.UTC(2026, 2, 2, 9, 40)), 31.5]);
    const table = await readTripTable(Buffer.from(await workbook.xlsx.writeBuffer()), "trips.xlsx");
    expect(table.rows).toEqual([
      { line: 2, cells: ["VN01 ABC", "2026-03-02 07:05:00", "2026-03-02 09:40:00", "31.5"] },
    ]);
    expect(distanceUnitFrom(table.headers[3])).toBe("mi");
    const damaged = new Uint8Array([0x50, 0x4b, 0x03, 0x04, 1, 2, 3, 4, 5, 6, 7, 8]);
    await expect(readTripTable(damaged, "trips.xlsx")).rejects.toThrow("The workbook could not be read");
  });

  it("reads UK local time across the clock changes", () => {
    // Clocks forward on 29 March 2026: 00:30 GMT and 02:30 BST are an hour apart on the clock but 1 h apart in time.
    expect(parseTripTime("29/03/2026 02:30")! - parseTripTime("29/03/2026 00:30")!).toBe(3_600_000);
    // Back on 25 October: 00:30 BST to 02:30 GMT is three hours.
    expect(parseTripTime("2026-10-25 02:30")! - parseTripTime("2026-10-25 00:30")!).toBe(3 * 3_600_000);
    expect(parseTripTime("2026-06-01T09:00:00+01:00")).toBe(Date.UTC(2026, 5, 1, 8));
  });

  it("drops driver names and replaces vehicle ids when asked", async () => {
    const table = await readTripTable(encode(webfleetCsv(fleet)), "w.csv");
    const { trips } = parseTrips(table.rows, {
      mapping: recogniseColumns(table.headers),
      distanceUnit: "km",
      anonymise: { drivers: true, vehicles: "replace" },
    });
    expect(new Set(trips.map((t) => t.vehicle))).toEqual(new Set(["Vehicle 1", "Vehicle 2", "Vehicle 3", "Vehicle 4"]));
    expect(trips.every((t) => t.driver === null)).toBe(true);
  });
});

const trip = (vehicle: string, start: string, end: string, km: number, home: boolean): Trip => ({
  vehicle,
  driver: null,
  start: uk(start),
  end: uk(end),
  km,
  startPosition: null,
  endPosition: home ? DEPOT : [52.2, -1.5],
});
const byRadius = { kind: "radius", radiusM: 500, depot: DEPOT } as const;

describe("from trips to time at the depot", () => {
  it("a vehicle away overnight makes one tour across the night", () => {
    const [days] = toursFrom(
      [
        trip("A", "2026-03-04T07:00", "2026-03-04T12:00", 200, false),
        trip("A", "2026-03-05T08:00", "2026-03-05T12:00", 180, true),
      ],
      byRadius,
    );
    expect(days!.tours).toEqual([
      expect.objectContaining({
        depart: uk("2026-03-04T07:00"),
        back: uk("2026-03-05T12:00"),
        km: 380,
        trips: 2,
        nights: 1,
      }),
    ]);
    expect(days!.nightsAway).toBe(1);
  });

  it("two returns in one day make two tours, and a trip crossing midnight is no night away", () => {
    const [days] = toursFrom(
      [
        trip("B", "2026-03-04T07:00", "2026-03-04T11:00", 60, true),
        trip("B", "2026-03-04T13:00", "2026-03-04T17:00", 70, true),
        trip("B", "2026-03-04T22:00", "2026-03-05T01:30", 90, true),
      ],
      byRadius,
    );
    expect(days!.tours.map((t) => [t.km, t.nights])).toEqual([
      [60, 0],
      [70, 0],
      [90, 0],
    ]);
  });

  it("trips after the last return are kept with when the first of them left", () => {
    const [days] = toursFrom(
      [
        trip("D", "2026-03-04T07:00", "2026-03-04T11:00", 60, true),
        trip("D", "2026-03-05T06:00", "2026-03-05T10:00", 80, false),
        trip("D", "2026-03-05T12:00", "2026-03-05T15:00", 50, false),
      ],
      byRadius,
    );
    expect(days!.tours.map((t) => t.km)).toEqual([60]);
    expect(days).toMatchObject({ unfinishedKm: 130, unfinishedSince: uk("2026-03-05T06:00") });
  });

  it("without positions, the last trip of each day ends at the depot", () => {
    const noPositions = [
      trip("C", "2026-03-04T07:00", "2026-03-04T09:00", 40, false),
      trip("C", "2026-03-04T10:00", "2026-03-04T16:00", 80, false),
      trip("C", "2026-03-05T07:00", "2026-03-05T15:00", 100, false),
    ].map((t) => ({ ...t, endPosition: null }));
    const [days] = toursFrom(noPositions, { kind: "last-trip-of-day" });
    expect(days!.tours.map((t) => t.km)).toEqual([120, 100]);
  });
});

describe("suitability", () => {
  const days = (tours: [string, string, number][]): VehicleDays => ({
    vehicle: "V",
    tours: tours.map(([depart, back, km]) => ({
      vehicle: "V",
      depart: uk(depart),
      back: uk(back),
      km,
      trips: 1,
      nights: 0,
    })),
    unfinishedKm: 0,
    daysDriven: tours.length,
    nightsAway: 0,
  });
  const settings = { ...DEFAULT_SETTINGS, winterUpliftPct: 0, chargerKw: 11 };

  it("counts trips after the last return from when they left: the charge before them, and their day", () => {
    // Back at 17:00 on 1 June; away again from 07:00 on the 2nd for 150 km, still away when the export ends.
    const after = suitabilityOf(
      {
        ...days([["2026-06-01T07:00", "2026-06-01T17:00", 100]]),
        unfinishedKm: 150,
        unfinishedSince: uk("2026-06-02T07:00"),
      },
      van,
      settings,
      2,
      null,
    );
    // It charged the 30 kWh back overnight, so the 45 kWh trip leaves from 67.5 and needs no top-up.
    expect(after).toMatchObject({ topUpDays: 0, depotKwh: 30, energyKwh: 75 });
    expect(after.worstDay).toEqual({ day: "2026-06-02", km: 150, energyKwh: 45 });
    // Never back at the depot in the record: its kilometres are dated from its first trip, not 01 Jan 1970.
    const never = suitabilityOf(
      { ...days([]), unfinishedKm: 900, unfinishedSince: uk("2026-10-05T06:00") },
      van,
      settings,
      14,
      null,
    );
    expect(never.worstDay?.day).toBe("2026-10-05");
    expect(never.verdict).toBe("not-yet");
  });

  it("a van that charges overnight for its 100 km days is ready", () => {
    const s = suitabilityOf(
      days([
        ["2026-06-01T07:00", "2026-06-01T17:00", 100],
        ["2026-06-02T07:00", "2026-06-02T17:00", 100],
      ]),
      van,
      settings,
      2,
      { dieselPencePerKm: 15, electricPencePerKm: 8 },
    );
    // 100 km × 0.3 kWh = 30 kWh from 67.5: back with 37.5; 14 h × 11 kW × 0.9 refills the 30.
    expect(s).toMatchObject({
      verdict: "ready",
      topUpDays: 0,
      topUpKwh: 0,
      depotOnlyShare: 1,
      energyKwh: 60,
      depotKwh: 60,
    });
    expect(s.annualKm).toBeCloseTo(36_500);
    expect(s.savingPoundsPerYear).toBeCloseTo(36_500 * 0.07);
  });

  it("a 250 km day needs a top-up of what the reserve would be passed by", () => {
    const s = suitabilityOf(days([["2026-06-01T07:00", "2026-06-01T19:00", 250]]), van, settings, 1, null);
    // 75 kWh from 67.5 would leave −7.5; the reserve is 7.5, so 15 kWh on the road.
    expect(s).toMatchObject({ verdict: "not-yet", topUpDays: 1 });
    expect(s.topUpKwh).toBeCloseTo(15);
    expect(s.worstDay).toEqual({ day: "2026-06-01", km: 250, energyKwh: 75 });
  });

  it("winter days take the uplift", () => {
    const s = suitabilityOf(
      days([["2026-01-05T07:00", "2026-01-05T17:00", 100]]),
      van,
      { ...settings, winterUpliftPct: 20 },
      1,
      null,
    );
    expect(s.energyKwh).toBeCloseTo(36);
  });

  it("every recorded kilometre is served by depot charging or reported as a top-up", () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            gapH: fc.integer({ min: 1, max: 60 }),
            hours: fc.integer({ min: 1, max: 30 }),
            km: fc.integer({ min: 0, max: 600 }),
          }),
          { minLength: 1, maxLength: 30 },
        ),
        fc.integer({ min: 0, max: 300 }),
        (legs, unfinishedKm) => {
          let clock = uk("2026-02-02T06:00");
          const tours = legs.map((leg) => {
            const depart = clock + leg.gapH * 3_600_000;
            clock = depart + leg.hours * 3_600_000;
            return { vehicle: "P", depart, back: clock, km: leg.km, trips: 1, nights: 0 };
          });
          const s = suitabilityOf(
            { vehicle: "P", tours, unfinishedKm, daysDriven: 1, nightsAway: 0 },
            van,
            DEFAULT_SETTINGS,
            30,
            null,
          );
          expect(s.topUpKwh).toBeGreaterThanOrEqual(0);
          expect(s.endKwh).toBeGreaterThanOrEqual((van.batteryKwh * DEFAULT_SETTINGS.reserveSocPct) / 100 - 1e-9);
          expect(s.energyKwh).toBeCloseTo(s.depotKwh + s.topUpKwh + s.startKwh - s.endKwh, 6);
          expect(s.km).toBe(legs.reduce((sum, l) => sum + l.km, 0) + unfinishedKm);
          expect(s.hubKwh).toBe(0);
        },
      ),
      { numRuns: 150 },
    );
  });

  it("charging at a hub on the road only ever takes the place of top-ups, and the energy account still closes", () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            gapH: fc.integer({ min: 1, max: 40 }),
            hours: fc.integer({ min: 1, max: 14 }),
            km: fc.integer({ min: 0, max: 600 }),
          }),
          { minLength: 1, maxLength: 20 },
        ),
        fc.dictionary(fc.integer({ min: 0, max: 40 }).map(String), fc.integer({ min: 0, max: 80 })),
        (legs, allowanceByDayIndex) => {
          let clock = uk("2026-03-02T06:00");
          const tours = legs.map((leg) => {
            const depart = clock + leg.gapH * 3_600_000;
            clock = depart + leg.hours * 3_600_000;
            return { vehicle: "H", depart, back: clock, km: leg.km, trips: 1, nights: 0 };
          });
          const days = { vehicle: "H", tours, unfinishedKm: 0, daysDriven: 1, nightsAway: 0 };
          const first = Date.parse("2026-03-02T00:00:00Z");
          const allowance = (day: string) =>
            allowanceByDayIndex[String(Math.round((Date.parse(`${day}T00:00:00Z`) - first) / 86_400_000))] ?? 0;
          const without = suitabilityOf(days, van, DEFAULT_SETTINGS, 30, null);
          const withHub = suitabilityOf(days, van, DEFAULT_SETTINGS, 30, null, allowance);
          expect(withHub.energyKwh).toBeCloseTo(
            withHub.depotKwh + withHub.topUpKwh + withHub.hubKwh + withHub.startKwh - withHub.endKwh,
            6,
          );
          expect(withHub.topUpKwh).toBeLessThanOrEqual(without.topUpKwh + 1e-9);
          expect(withHub.topUpDays).toBeLessThanOrEqual(without.topUpDays);
          expect(withHub.hubKwh).toBeLessThanOrEqual(
            Object.values(allowanceByDayIndex).reduce((a, b) => a + b, 0) + 1e-9,
          );
          // No hub energy where nothing was short.
          if (without.topUpKwh === 0) expect(withHub.hubKwh).toBe(0);
        },
      ),
      { numRuns: 200 },
    );
  });
});

describe("planning the recorded days", () => {
  const base = defaultPlanInput({ vehicles: 2, chargers: [] });
  const tour = (depart: string, back: string, km: number) => ({
    vehicle: "A",
    depart: uk(depart),
    back: uk(back),
    km,
    trips: 1,
    nights: 0,
  });
  const fleet: VehicleDays[] = [
    {
      vehicle: "A",
      // Either side of the clocks going back on Sunday 25 October 2026.
      tours: [tour("2026-10-23T07:00", "2026-10-23T17:00", 100), tour("2026-10-26T07:00", "2026-10-26T17:30", 120)],
      unfinishedKm: 0,
      daysDriven: 2,
      nightsAway: 0,
    },
  ];

  it("places each tour on the UK clock from the first day's midnight, whatever the clocks did", () => {
    const period = periodOf(fleet)!;
    expect(period).toEqual({ firstDay: "2026-10-23", days: 4 });
    const plan = recordedPlan(base, fleet, {
      typeId: "van",
      settings: { ...DEFAULT_SETTINGS, winterUpliftPct: 0 },
      period,
    });
    expect(plan.horizon).toEqual({ days: 4, stepMinutes: 15, startWeekday: 4 });
    const van = base.vehicleTypes.find((t) => t.id === "van")!;
    expect(plan.vehicles).toEqual([
      expect.objectContaining({
        name: "A",
        count: 1,
        trips: [
          { depart: 420, back: 1020, energyKwh: Math.round(100 * van.consumptionKwhPerKm * 100) / 100, km: 100 },
          {
            depart: 3 * 1440 + 420,
            back: 3 * 1440 + 1050,
            energyKwh: Math.round(120 * van.consumptionKwhPerKm * 100) / 100,
            km: 120,
          },
        ],
      }),
    ]);
  });

  it("plans a record longer than a quarter at half-hour steps", () => {
    const long: VehicleDays[] = [
      { ...fleet[0]!, tours: [tour("2026-01-05T07:00", "2026-01-05T17:00", 80), ...fleet[0]!.tours] },
    ];
    const plan = recordedPlan(base, long, { typeId: "van", settings: DEFAULT_SETTINGS, period: periodOf(long)! });
    expect(plan.horizon.stepMinutes).toBe(30);
    // A January tour takes the winter uplift.
    expect(plan.vehicles[0]!.trips![0]!.energyKwh).toBeCloseTo(
      80 * base.vehicleTypes.find((t) => t.id === "van")!.consumptionKwhPerKm * 1.15,
      2,
    );
  });

  it("a typical week: each weekday worked at least half the weeks, at its median", () => {
    const weeks: VehicleDays[] = [
      {
        vehicle: "B",
        tours: [
          tour("2026-06-01T07:00", "2026-06-01T17:00", 100),
          tour("2026-06-08T07:30", "2026-06-08T17:30", 140),
          tour("2026-06-15T06:30", "2026-06-15T16:00", 120),
          tour("2026-06-03T08:00", "2026-06-03T12:00", 50),
        ],
        unfinishedKm: 0,
        daysDriven: 4,
        nightsAway: 0,
      },
    ];
    const plan = typicalWeekPlan(base, weeks, { typeId: "van", settings: DEFAULT_SETTINGS });
    expect(plan.vehicles[0]!.week).toEqual([
      { depart: 420, return: 1020, km: 120 },
      null,
      null,
      null,
      null,
      null,
      null,
    ]);
  });
});
