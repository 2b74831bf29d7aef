import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { describe, expect, it } from "vitest";

import { defaultPlanInput } from "~/features/planning";
import { CSV_TOO_LONG, eachCsvRow } from "~/lib/csv";
import { UserError } from "~/lib/user-error";

import { DEPOT, geotabCsv, syntheticFleet, webfleetCsv } from "../../../tests/support/trip-exports";
import { recogniseColumns, type ColumnMapping } from "./columns";
import { parseTrips } from "./parse-trips";
import { readTripTable } from "./read-table.server";
import { previewTripsFile, readTripsFile } from "./read-trips.server";
import { decodeTrips } from "./trip-codec";
import { tripFiguresInBackground, viewChoicesSchema } from "./trip-figures.server";

const encode = (text: string) => new TextEncoder().encode(text);
/** A stream of text in small chunks, as a file is read. */
const text = (value: string) => Readable.from(value.match(/[\s\S]{1,3}/g) ?? []);
const file = (value: string, fileName: string) => ({ bytes: encode(value), fileName });
const choices = (mapping: ColumnMapping) => ({
  mapping,
  distanceUnit: "km" as const,
  anonymiseDrivers: false,
  replaceVehicleIds: false,
});

describe("reading a CSV row by row", () => {
  it("gives each row with its index, blank lines counted when kept, without the byte-order mark", async () => {
    const rows: [string[], number][] = [];
    await eachCsvRow(text('\ufeffa,b\n\n"x, y",2\n'), (cells, index) => rows.push([cells, index]), {
      maxRows: 10,
      keepBlankLines: true,
    });
    expect(rows.slice(0, 3)).toEqual([
      [["a", "b"], 0],
      [[""], 1],
      [["x, y", "2"], 2],
    ]);
  });

  it("names the row of a broken quote, refuses a file longer than allowed, and stops at the reader's own error", async () => {
    await expect(eachCsvRow(text('a,b\n1,2\n"3,4\n'), () => {}, { maxRows: 10 })).rejects.toThrow(
      /in row 3: a quoted field/,
    );
    const long = eachCsvRow(text("a\n1\n2\n3\n"), () => {}, { maxRows: 3 });
    await expect(long).rejects.toThrow(UserError);
    await expect(long).rejects.toThrow(expect.objectContaining({ code: CSV_TOO_LONG }));
    const seen: number[] = [];
    const stop = () =>
      eachCsvRow(
        text("a\n1\n2\n3\n"),
        (_, index) => {
          seen.push(index);
          if (index === 1) throw new UserError("stop here");
        },
        { maxRows: 10 },
      );
    await expect(stop()).rejects.toThrow("stop here");
    expect(seen).toEqual([0, 1]);
  });
});

describe("reading a trip export for the import", () => {
  const csv = geotabCsv(syntheticFleet({ vehicles: 3, days: 7, firstDay: "2026-10-05" }));

  it("previews the columns and first rows, and stores what parsing the whole table gives", async () => {
    const table = await readTripTable(encode(csv), "Trips.csv");
    // As the server passes an upload: a file on disk.
    const folder = mkdtempSync(path.join(tmpdir(), "trips-"));
    const upload = { path: path.join(folder, "upload"), fileName: "Trips.csv" };
    writeFileSync(upload.path, csv);
    const preview = await previewTripsFile(upload);
    expect(preview.rows).toBe(table.rows.length);
    expect(preview.sample).toEqual(table.rows.slice(0, 5).map((r) => r.cells));
    expect(preview.mapping).toEqual(recogniseColumns(table.headers));

    const read = await readTripsFile(upload, choices(preview.mapping));
    rmSync(folder, { recursive: true });
    const whole = parseTrips(table.rows, {
      mapping: preview.mapping,
      distanceUnit: "km",
      anonymise: { drivers: false, vehicles: "keep" },
    });
    expect(read.summary).toMatchObject({ rowsRead: table.rows.length, trips: whole.trips.length, vehicles: 3 });
    const stored = decodeTrips(read.trips);
    expect(stored.map((t) => [t.vehicle, t.start, t.end])).toEqual(whole.trips.map((t) => [t.vehicle, t.start, t.end]));
    expect(stored.map((t) => t.km)).toEqual(whole.trips.map((t) => Math.round(t.km * 100) / 100));
  });

  it("refuses a mapping that does not fit the file, and a file without trips", async () => {
    await expect(
      readTripsFile(file(csv, "Trips.csv"), choices({ vehicle: 0, start: 2, end: 3, distance: 9 })),
    ).rejects.toThrow("The column choices do not match this file");
    await expect(previewTripsFile(file("Vehicle,Start\n\n", "t.csv"))).rejects.toThrow("The file has no trips");
    await expect(
      readTripsFile(
        file("Vehicle,Start,End,Distance\n", "t.csv"),
        choices({ vehicle: 0, start: 1, end: 2, distance: 3 }),
      ),
    ).rejects.toThrow("The file has no trips");
  });
});

describe("a trip export that cannot be read to its end", () => {
  it("is refused with a message instead of leaving the reading waiting", async () => {
    await expect(
      previewTripsFile({ path: path.join(tmpdir(), "no-such-upload-here"), fileName: "gone.csv" }),
    ).rejects.toThrow();
    const broken = new Readable({ read() {} });
    const reading = eachCsvRow(broken, () => {}, { maxRows: 10 });
    broken.push("a,b\n1,2\n");
    broken.destroy(new Error("disk gone"));
    await expect(reading).rejects.toThrow("The file could not be read to its end.");
  });
});

describe("the plan request from a trip record", () => {
  it("is checked where it is made: a record that never comes back to the depot, or a plan that breaks a rule, is refused with why", async () => {
    const csv = webfleetCsv(syntheticFleet({ vehicles: 3, days: 7, firstDay: "2026-10-05" }));
    const { mapping } = await previewTripsFile(file(csv, "trip_report.csv"));
    const stored = {
      fileName: "trip_report.csv",
      importedAt: "2026-11-23T12:00:00.000Z",
      ...(await readTripsFile(file(csv, "trip_report.csv"), choices(mapping))),
    };
    const base = defaultPlanInput({ vehicles: 3, chargers: [] });
    const view = viewChoicesSchema.parse({ type: "van", radiusM: "500" });

    const { inputs } = await tripFiguresInBackground(stored, DEPOT, base, view, "recorded");
    expect(inputs!.vehicles).toHaveLength(3);
    expect(inputs!.vehicles.every((group) => group.count === 1 && group.trips!.length > 0)).toBe(true);
    // Every trip ends 300 km from this depot: nothing comes back to it.
    await expect(tripFiguresInBackground(stored, [54.35, 0.4], base, view, "recorded")).rejects.toThrow(
      "No vehicle came back to the depot in the record: nothing to plan.",
    );
    const noConnection = { ...base, site: { ...base.site, connectionKva: 0 } };
    await expect(tripFiguresInBackground(stored, DEPOT, noConnection, view, "recorded")).rejects.toThrow(
      "Site, Connection (kVA): must be at least 1",
    );
  });
});
