import { toIsoString } from "~/lib/db/dialect.server";
import type { Runtime } from "~/lib/runtime.server";
import { UK_ZONE } from "~/lib/uk-dates";

import { depotWithinReach, isDepotId, type DepotViewer } from "./depot-access.server";
import { DEPOT_STATUSES, normalizeStatus, type DepotStatusValue } from "./depot-status";

const dateFormat = new Intl.DateTimeFormat("en-GB", { dateStyle: "medium", timeZone: UK_ZONE });
const dateTimeFormat = new Intl.DateTimeFormat("en-GB", {
  dateStyle: "medium",
  timeStyle: "short",
  timeZone: UK_ZONE,
});

export type DepotSummary = {
  id: number;
  name: string;
  status: DepotStatusValue;
  vehicles: number | null;
  location: string | null;
  submittedOn: string;
};

/** Depots on one page of the Survey Depots list (a multiple of the grid's three columns). */
export const DEPOTS_PER_PAGE = 24;

/** One page of the depots the viewer may reach, newest first, with how many there are in all. */
export async function listDepotsForUser(
  deps: Pick<Runtime, "database">,
  viewer: DepotViewer,
  requestedPage = 1,
): Promise<{ depots: DepotSummary[]; total: number; page: number; pageCount: number }> {
  const { total } = await deps.database.db
    .selectFrom("depots")
    .select((eb) => eb.fn.countAll<number | string>().as("total"))
    .where(depotWithinReach(viewer))
    .executeTakeFirstOrThrow()
    .then((row) => ({ total: Number(row.total) }));
  const pageCount = Math.max(1, Math.ceil(total / DEPOTS_PER_PAGE));
  const page = Math.min(Math.max(1, Number.isSafeInteger(requestedPage) ? requestedPage : 1), pageCount);
  const rows = await deps.database.db
    .selectFrom("depots")
    .select(["id", "depot_name", "status", "number_of_vehicles", "location_address", "created_at"])
    .where(depotWithinReach(viewer))
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .limit(DEPOTS_PER_PAGE)
    .offset((page - 1) * DEPOTS_PER_PAGE)
    .execute();
  return { total, page, pageCount, depots: rows.map(toSummary) };
}

function toSummary(row: {
  id: number;
  depot_name: string;
  status: string;
  number_of_vehicles: number | null;
  location_address: string | null;
  created_at: Date | string;
}): DepotSummary {
  return {
    id: row.id,
    name: row.depot_name,
    status: normalizeStatus(row.status),
    vehicles: row.number_of_vehicles,
    location: row.location_address,
    submittedOn: dateFormat.format(new Date(toIsoString(row.created_at))),
  };
}

export type DepotDetail = DepotSummary & {
  address: string | null;
  notes: string | null;
  cableRunObstacles: string | null;
  latitude: number | null;
  longitude: number | null;
  submittedAt: string;
  photos: { id: number; imageType: string; width: number; height: number }[];
};

/** One depot with its photos (the haulier's survey page), only if the viewer may reach it; otherwise null, the same as for one that does not exist. */
export async function getDepotForViewer(
  deps: Pick<Runtime, "database">,
  depotId: number,
  viewer: DepotViewer,
): Promise<DepotDetail | null> {
  if (!isDepotId(depotId)) return null;
  const row = await deps.database.db
    .selectFrom("depots")
    .select([
      "id",
      "depot_name",
      "depot_address",
      "status",
      "number_of_vehicles",
      "location_address",
      "location_latitude",
      "location_longitude",
      "additional_notes",
      "cable_run_obstacles",
      "created_at",
    ])
    .where("id", "=", depotId)
    .where(depotWithinReach(viewer))
    .executeTakeFirst();
  if (!row) return null;
  const photos = await deps.database.db
    .selectFrom("survey_photos")
    .select(["id", "image_type", "width", "height"])
    .where("depot_id", "=", depotId)
    .orderBy("id")
    .execute();
  const created = new Date(toIsoString(row.created_at));
  return {
    ...toSummary(row),
    address: row.depot_address || null,
    notes: row.additional_notes,
    cableRunObstacles: row.cable_run_obstacles,
    latitude: row.location_latitude,
    longitude: row.location_longitude,
    submittedAt: dateTimeFormat.format(created),
    photos: photos.map((photo) => ({
      id: photo.id,
      imageType: photo.image_type,
      width: photo.width,
      height: photo.height,
    })),
  };
}

/** A stored photo, if the viewer may reach its depot (admins too). */
export async function getPhotoForViewer(deps: Pick<Runtime, "database">, photoId: number, viewer: DepotViewer) {
  if (!isDepotId(photoId)) return null;
  const query = deps.database.db
    .selectFrom("survey_photos")
    .innerJoin("depots", "depots.id", "survey_photos.depot_id")
    .select(["survey_photos.storage_key", "survey_photos.thumbnail_key", "survey_photos.content_type"])
    .where("survey_photos.id", "=", photoId)
    .where(depotWithinReach(viewer, "depot.files"));
  return (await query.executeTakeFirst()) ?? null;
}

/** How many of the depots the viewer may reach are in each review state (the dashboard's tiles). */
export async function countDepotsByStatus(
  deps: Pick<Runtime, "database">,
  /** Whose; null for every depot (the admin console). */
  viewer: DepotViewer | null,
): Promise<Record<DepotStatusValue, number>> {
  let query = deps.database.db
    .selectFrom("depots")
    .select(["status", (eb) => eb.fn.countAll<number | string>().as("n")])
    .groupBy("status");
  if (viewer !== null) query = query.where(depotWithinReach(viewer));
  const rows = await query.execute();
  const counts = Object.fromEntries(DEPOT_STATUSES.map((status) => [status, 0])) as Record<DepotStatusValue, number>;
  for (const row of rows) counts[normalizeStatus(row.status)] += Number(row.n);
  return counts;
}
