import { createWriteStream } from "node:fs";
import { rm } from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { ReadableStream as WebReadableStream } from "node:stream/web";
import { z } from "zod";

import type { DepotViewer } from "~/features/depots/index.server";
import type { Runtime } from "~/lib/runtime.server";
import { makeTempDir } from "~/lib/temp-files.server";
import { UserError } from "~/lib/user-error";

import { FIELD_LABELS, REQUIRED_FIELDS, TRIP_FIELDS, type ColumnMapping } from "./columns";
import { previewTripsFile, readTripsFile, type TripPreview } from "./read-trips.server";
import { saveTripImport, type ImportSummary } from "./trip-store.server";

export type { TripPreview } from "./read-trips.server";

/** The file's columns and first rows, for the mapping step. */
export async function previewTrips(deps: Pick<Runtime, "env">, file: File): Promise<TripPreview> {
  return onDisk(deps, file, (upload) => previewTripsFile({ path: upload, fileName: file.name }));
}

/**
 * The upload written to a temporary file for the background process to read
 * as a stream (sending its bytes would copy them into both processes'
 * memory), removed when `read` settles (~/lib/temp-files.server).
 */
async function onDisk<T>(deps: Pick<Runtime, "env">, file: File, read: (path: string) => Promise<T>): Promise<T> {
  if (!(file instanceof File) || file.size === 0)
    throw new UserError("Choose a trip export (.csv or .xlsx) to import.");
  const folder = await makeTempDir(deps.env.DATA_DIR, "trips");
  try {
    const upload = path.join(folder, "upload");
    await pipeline(Readable.fromWeb(file.stream() as WebReadableStream), createWriteStream(upload));
    return await read(upload);
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
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
  deps: Pick<Runtime, "database" | "env">,
  viewer: DepotViewer,
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
  const read = await onDisk(deps, file, (upload) =>
    readTripsFile({ path: upload, fileName: file.name }, { ...choices, mapping: choices.mapping as ColumnMapping }),
  );
  await saveTripImport(deps, viewer, depotId, { fileName: file.name, ...read });
  return read.summary;
}
