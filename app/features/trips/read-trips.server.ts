import { backgroundTask } from "~/lib/background/background.server";
import { UserError } from "~/lib/user-error";

import { distanceUnitFrom, recogniseColumns, type ColumnMapping } from "./columns";
import { tripParser } from "./parse-trips";
import { readTripRows, type TripSource } from "./read-table.server";
import { tripEncoder } from "./trip-codec";
import type { ImportSummary } from "./trip-store.server";

/** What the mapping step shows: the file's columns, the first rows, and what was recognised. */
export type TripPreview = {
  fileName: string;
  headers: string[];
  sample: string[][];
  rows: number;
  mapping: ColumnMapping;
  distanceUnit: "km" | "mi" | null;
};

/** The user's choices on the mapping step, checked (import-trips.server.ts). */
export type ReadChoices = {
  mapping: ColumnMapping;
  distanceUnit: "km" | "mi";
  anonymiseDrivers: boolean;
  replaceVehicleIds: boolean;
};

const NO_TRIPS = "The file has no trips: it needs a header row and at least one trip below it.";

async function previewFile(source: TripSource): Promise<TripPreview> {
  let headers: string[] = [];
  const sample: string[][] = [];
  let rows = 0;
  await readTripRows(source, {
    headers: (cells) => (headers = cells),
    row: (_, cells) => {
      if (rows++ < 5) sample.push(cells.slice(0, 60));
    },
  });
  if (headers.length === 0 || rows === 0) throw new UserError(NO_TRIPS);
  const mapping = recogniseColumns(headers);
  return {
    fileName: source.fileName,
    headers: headers.slice(0, 60),
    sample,
    rows,
    mapping,
    distanceUnit: distanceUnitFrom(mapping.distance === undefined ? undefined : headers[mapping.distance]),
  };
}

/**
 * Reads the whole file with the user's mapping, row by row into the trip
 * parser (the rows are never held as a table), and gives the trips encoded
 * for storing with the summary of the import. Refuses (UserError) a mapping
 * that does not fit the file, and a file in which no trip could be read.
 */
async function readFile(source: TripSource, choices: ReadChoices): Promise<{ trips: string; summary: ImportSummary }> {
  const encoder = tripEncoder();
  const parser = tripParser(
    {
      mapping: choices.mapping,
      distanceUnit: choices.distanceUnit,
      anonymise: { drivers: choices.anonymiseDrivers, vehicles: choices.replaceVehicleIds ? "replace" : "keep" },
    },
    encoder.add,
  );
  let columns = 0;
  let rowsRead = 0;
  await readTripRows(source, {
    headers: (cells) => {
      columns = cells.length;
      if (Object.values(choices.mapping).some((index) => index >= columns))
        throw new UserError("The column choices do not match this file. Read the file again.");
    },
    row: (line, cells) => {
      rowsRead++;
      parser.add(line, cells);
    },
  });
  if (columns === 0 || rowsRead === 0) throw new UserError(NO_TRIPS);
  const { problems } = parser;
  const counts = encoder.counts();
  if (counts.trips === 0)
    throw new UserError(
      `No trip could be read${problems[0] ? `: row ${problems[0].line}, ${problems[0].reason}` : ""}. Check the column choices.`,
    );
  const summary: ImportSummary = {
    rowsRead,
    trips: counts.trips,
    vehicles: counts.vehicles,
    problems: problems.slice(0, 100),
    problemCount: problems.length,
    distanceUnit: choices.distanceUnit,
    anonymised: choices.anonymiseDrivers || choices.replaceVehicleIds,
    hasPositions: counts.hasPositions,
  };
  return { trips: encoder.finish(), summary };
}

/**
 * Reading an export (a year of a fleet is 300,000 rows: about a second of
 * CPU and a few hundred MB while it is read) happens in the lower-priority
 * background process, like a network operator's file, so it neither holds
 * up page requests nor grows the server's own memory.
 */
export const previewTripsFile = backgroundTask("previewTrips", previewFile);
export const readTripsFile = backgroundTask("readTrips", readFile);
