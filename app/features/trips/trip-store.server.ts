import { depotWithinReach, isDepotId, requireDepot, type DepotViewer } from "~/features/depots/index.server";
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
  viewer: DepotViewer,
  depotId: number,
  /** `trips` as tripEncoder wrote them (in the background process that read the file). */
  data: { fileName: string; trips: string; summary: ImportSummary },
): Promise<void> {
  await requireDepot(deps.database.db, viewer, depotId, "depot.change");
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

/** Where the depot is, where it has a location: the tours read "at the depot" by it. */
export type DepotLocation = [latitude: number, longitude: number] | null;

/**
 * The depot's imported trips as stored (tripEncoder's text) with the depot's
 * location, or null (none imported, or not the user's depot): one query,
 * the depot's owner checked in it.
 */
export async function getStoredTrips(
  deps: Pick<Runtime, "database">,
  viewer: DepotViewer,
  depotId: number,
): Promise<(Omit<TripImport, "trips"> & { trips: string; location: DepotLocation }) | null> {
  if (!isDepotId(depotId)) return null;
  const row = await deps.database.db
    .selectFrom("trip_imports")
    .innerJoin("depots", "depots.id", "trip_imports.depot_id")
    .select([
      "trip_imports.file_name",
      "trip_imports.trips",
      "trip_imports.summary",
      "trip_imports.imported_at",
      "depots.location_latitude",
      "depots.location_longitude",
    ])
    .where("depots.id", "=", depotId)
    .where(depotWithinReach(viewer))
    .executeTakeFirst();
  if (!row) return null;
  return {
    fileName: row.file_name,
    importedAt: new Date(row.imported_at).toISOString(),
    trips: row.trips,
    summary: JSON.parse(row.summary) as ImportSummary,
    location:
      row.location_latitude != null && row.location_longitude != null
        ? [row.location_latitude, row.location_longitude]
        : null,
  };
}

/** The depot's imported trips, decoded, or null. */
export async function getTripImport(
  deps: Pick<Runtime, "database">,
  viewer: DepotViewer,
  depotId: number,
): Promise<TripImport | null> {
  const stored = await getStoredTrips(deps, viewer, depotId);
  if (!stored) return null;
  const { location: _location, ...rest } = stored;
  return { ...rest, trips: decodeTrips(stored.trips) };
}

export async function deleteTripImport(deps: Pick<Runtime, "database">, viewer: DepotViewer, depotId: number) {
  await requireDepot(deps.database.db, viewer, depotId, "depot.change");
  await deps.database.db.deleteFrom("trip_imports").where("depot_id", "=", depotId).execute();
}

/** The viewer's depots with a trip export, to choose which fleet's stops to look at. */
export async function depotsWithTrips(
  deps: Pick<Runtime, "database">,
  viewer: DepotViewer,
): Promise<{ id: number; name: string }[]> {
  if (!viewer.company) return [];
  return deps.database.db
    .selectFrom("trip_imports")
    .innerJoin("depots", "depots.id", "trip_imports.depot_id")
    .select(["depots.id", "depots.depot_name as name"])
    .where(depotWithinReach(viewer))
    .orderBy("depots.depot_name")
    .execute();
}
