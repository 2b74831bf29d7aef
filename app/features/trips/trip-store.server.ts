import { z } from "zod";

import { findOwnedDepot, requireOwnedDepot } from "~/features/depots/depot-queries.server";
import type { Runtime } from "~/lib/runtime.server";

import type { RowProblem, Trip } from "./parse-trips";

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

function encode(trips: Trip[]): string {
  const vehicles = new Map<string, number>();
  const drivers = new Map<string, number>();
  const index = (map: Map<string, number>, key: string) => {
    if (!map.has(key)) map.set(key, map.size);
    return map.get(key)!;
  };
  const rows = trips.map((t) => {
    const row = [
      index(vehicles, t.vehicle),
      t.driver === null ? -1 : index(drivers, t.driver),
      Math.round(t.start / 60_000),
      Math.round(t.end / 60_000),
      Math.round(t.km * 100),
    ];
    if (t.endPosition) row.push(Math.round(t.endPosition[0] * 1e5), Math.round(t.endPosition[1] * 1e5));
    return row;
  });
  return JSON.stringify({ v: 1, vehicles: [...vehicles.keys()], drivers: [...drivers.keys()], rows });
}

function decode(text: string): Trip[] {
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

/** Replaces the depot's trips with these, in one statement: a failed import leaves the previous one as it was. */
export async function saveTripImport(
  deps: Pick<Runtime, "database">,
  userId: string,
  depotId: number,
  data: { fileName: string; trips: Trip[]; summary: ImportSummary },
): Promise<void> {
  await requireOwnedDepot(deps.database.db, userId, depotId);
  const values = {
    file_name: data.fileName.slice(0, 200),
    trips: encode(data.trips),
    summary: JSON.stringify(data.summary),
    imported_at: new Date().toISOString(),
  };
  await deps.database.db
    .insertInto("trip_imports")
    .values({ depot_id: depotId, ...values })
    .onConflict((oc) => oc.column("depot_id").doUpdateSet(values))
    .execute();
}

/** The depot's imported trips, or null (none imported, or not the user's depot). */
export async function getTripImport(
  deps: Pick<Runtime, "database">,
  userId: string,
  depotId: number,
): Promise<TripImport | null> {
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
    trips: decode(row.trips),
    summary: JSON.parse(row.summary) as ImportSummary,
  };
}

export async function deleteTripImport(deps: Pick<Runtime, "database">, userId: string, depotId: number) {
  await requireOwnedDepot(deps.database.db, userId, depotId);
  await deps.database.db.deleteFrom("trip_imports").where("depot_id", "=", depotId).execute();
}
