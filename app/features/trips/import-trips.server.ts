import { z } from "zod";

import type { Runtime } from "~/lib/runtime.server";
import { UserError } from "~/lib/user-error";

import {
  distanceUnitFrom,
  FIELD_LABELS,
  recogniseColumns,
  REQUIRED_FIELDS,
  TRIP_FIELDS,
  type ColumnMapping,
} from "./columns";
import { parseTrips } from "./parse-trips";
import { readTripTable, type TripTable } from "./read-table.server";
import { saveTripImport, type ImportSummary } from "./trip-store.server";

/** What the mapping step shows: the file's columns, the first rows, and what was recognised. */
export type TripPreview = {
  fileName: string;
  headers: string[];
  sample: string[][];
  rows: number;
  mapping: ColumnMapping;
  distanceUnit: "km" | "mi" | null;
};

export async function previewTrips(file: File): Promise<TripPreview> {
  const table = await readFile(file);
  const mapping = recogniseColumns(table.headers);
  return {
    fileName: file.name,
    headers: table.headers.slice(0, 60),
    sample: table.rows.slice(0, 5).map((row) => row.cells.slice(0, 60)),
    rows: table.rows.length,
    mapping,
    distanceUnit: distanceUnitFrom(mapping.distance === undefined ? undefined : table.headers[mapping.distance]),
  };
}

async function readFile(file: File): Promise<TripTable> {
  if (!(file instanceof File) || file.size === 0)
    throw new UserError("Choose a trip export (.csv or .xlsx) to import.");
  const table = await readTripTable(new Uint8Array(await file.arrayBuffer()), file.name);
  if (table.headers.length === 0 || table.rows.length === 0)
    throw new UserError("The file has no trips: it needs a header row and at least one trip below it.");
  return table;
}

/** The user's choices on the mapping step, as the form sends them. */
export const importChoicesSchema = z.object({
  mapping: z.partialRecord(z.enum(TRIP_FIELDS), z.number().int().min(0).max(500)),
  distanceUnit: z.enum(["km", "mi"]),
  anonymiseDrivers: z.boolean(),
  replaceVehicleIds: z.boolean(),
});
export type ImportChoices = z.infer<typeof importChoicesSchema>;

/**
 * Reads the whole file with the user's mapping and, if any trip could be
 * read, replaces the depot's trips with them. Rows that could not be read are
 * kept in the summary with their row numbers and reasons. Nothing is stored
 * when the mapping lacks a required field or no row could be read.
 */
export async function importTrips(
  deps: Pick<Runtime, "database">,
  userId: string,
  depotId: number,
  file: File,
  rawChoices: unknown,
): Promise<ImportSummary> {
  const parsed = importChoicesSchema.safeParse(rawChoices);
  if (!parsed.success) throw new UserError("The import settings could not be read. Reload the page and try again.");
  const choices = parsed.data;
  const missing = REQUIRED_FIELDS.filter((field) => choices.mapping[field] === undefined);
  if (missing.length)
    throw new UserError(
      `Choose the column for ${missing.map((field) => FIELD_LABELS[field].toLowerCase()).join(", ")}.`,
    );
  const table = await readFile(file);
  const outside = Object.values(choices.mapping).find((index) => index >= table.headers.length);
  if (outside !== undefined) throw new UserError("The column choices do not match this file. Read the file again.");
  const { trips, problems } = parseTrips(table.rows, {
    mapping: choices.mapping as ColumnMapping,
    distanceUnit: choices.distanceUnit,
    anonymise: { drivers: choices.anonymiseDrivers, vehicles: choices.replaceVehicleIds ? "replace" : "keep" },
  });
  if (trips.length === 0)
    throw new UserError(
      `No trip could be read${problems[0] ? `: row ${problems[0].line}, ${problems[0].reason}` : ""}. Check the column choices.`,
    );
  const summary: ImportSummary = {
    rowsRead: table.rows.length,
    trips: trips.length,
    vehicles: new Set(trips.map((t) => t.vehicle)).size,
    problems: problems.slice(0, 100),
    problemCount: problems.length,
    distanceUnit: choices.distanceUnit,
    anonymised: choices.anonymiseDrivers || choices.replaceVehicleIds,
    hasPositions: trips.some((t) => t.endPosition !== null),
  };
  await saveTripImport(deps, userId, depotId, { fileName: file.name, trips, summary });
  return summary;
}
