import { findOwnedDepot, requireOwnedDepot } from "~/features/depots/depot-queries.server";
import type { Runtime } from "~/lib/runtime.server";

import type { RowProblem, Trip } from "./parse-trips";
import { decodeTrips } from "./trip-codec";

/** What an import kept besides the trips: shown on the Trips tab. */
export type ImportSummary = {
  rowsRead: number;
  trips: number;
  vehicles: number;
  /** The first 100 rows that could not be read, and how many there were. */
  problems: RowProblem[];
  problemCount: number;
  distanceUnit: "km" | "mi";
  anonymised: boolean;
  hasPositions: boolean;
};

export type TripImport = { fileName: string; importedAt: string; trips: Trip[]; summary: ImportSummary };

/** Replaces the depot's trips with these, in one statement: a failed import leaves the previous one as it was. */
export async function saveTripImport(
  deps: Pick<Runtime, "database">,
  userId: string,
  depotId: number,
  /** `trips` as tripEncoder wrote them (in the background process that read the file). */
  data: { fileName: string; trips: string; summary: ImportSummary },
): Promise<void> {
  await requireOwnedDepot(deps.database.db, userId, depotId);
  const values = {
    file_name: data.fileName.slice(0, 200),
    trips: data.trips,
    summary: JSON.stringify(data.summary),
    imported_at: new Date().toISOString(),
  };
  await deps.database.db
    .insertInto("trip_imports")
    .values({ depot_id: depotId, ...values })
    .onConflict((oc) => oc.column("depot_id").doUpdateSet(values))
    .execute();
}

/** The depot's imported trips as stored (tripEncoder's text), or null (none imported, or not the user's depot). */
export async function getStoredTrips(
  deps: Pick<Runtime, "database">,
  userId: string,
  depotId: number,
): Promise<(Omit<TripImport, "trips"> & { trips: string }) | null> {
  const depot = await findOwnedDepot(deps.database.db, userId, depotId);
  if (!depot) return null;
  const row = await deps.database.db
    .selectFrom("trip_imports")
    .select(["file_name", "trips", "summary", "imported_at"])
    .where("depot_id", "=", depot.id)
    .executeTakeFirst();
  if (!row) return null;
  return {
    fileName: row.file_name,
    importedAt: new Date(row.imported_at).toISOString(),
    trips: row.trips,
    summary: JSON.parse(row.summary) as ImportSummary,
  };
}

/** The depot's imported trips, decoded, or null. */
export async function getTripImport(
  deps: Pick<Runtime, "database">,
  userId: string,
  depotId: number,
): Promise<TripImport | null> {
  const stored = await getStoredTrips(deps, userId, depotId);
  return stored && { ...stored, trips: decodeTrips(stored.trips) };
}

export async function deleteTripImport(deps: Pick<Runtime, "database">, userId: string, depotId: number) {
  await requireOwnedDepot(deps.database.db, userId, depotId);
  await deps.database.db.deleteFrom("trip_imports").where("depot_id", "=", depotId).execute();
}
