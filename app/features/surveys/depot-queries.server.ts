import { toIsoString } from "~/lib/db/dialect.server";
import type { Runtime } from "~/lib/runtime.server";

const dateFormat = new Intl.DateTimeFormat("en-GB", { dateStyle: "medium", timeZone: "Europe/London" });
const dateTimeFormat = new Intl.DateTimeFormat("en-GB", {
  dateStyle: "medium",
  timeStyle: "short",
  timeZone: "Europe/London",
});

export type DepotSummary = {
  id: number;
  name: string;
  status: string;
  vehicles: number | null;
  location: string | null;
  submittedOn: string;
};

/** The signed-in user's own depots, newest first. */
/** Depots on one page of the Survey Depots list (a multiple of the grid's three columns). */
export const DEPOTS_PER_PAGE = 24;

/** One page of the user's depots, newest first, with how many there are in all. */
export async function listDepotsForUser(
  deps: Pick<Runtime, "database">,
  userId: string,
  requestedPage = 1,
): Promise<{ depots: DepotSummary[]; total: number; page: number; pageCount: number }> {
  const { total } = await deps.database.db
    .selectFrom("depots")
    .select((eb) => eb.fn.countAll<number | string>().as("total"))
    .where("user_id", "=", userId)
    .executeTakeFirstOrThrow()
    .then((row) => ({ total: Number(row.total) }));
  const pageCount = Math.max(1, Math.ceil(total / DEPOTS_PER_PAGE));
  const page = Math.min(Math.max(1, Number.isSafeInteger(requestedPage) ? requestedPage : 1), pageCount);
  const rows = await deps.database.db
    .selectFrom("depots")
    .select(["id", "depot_name", "status", "number_of_vehicles", "location_address", "created_at"])
    .where("user_id", "=", userId)
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
    status: row.status || "pending",
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

/** One depot with its photos, only if it belongs to the user (or the viewer is an admin); otherwise null, the same for both cases. */
export async function getDepotForViewer(
  deps: Pick<Runtime, "database">,
  depotId: number,
  viewer: { id: string; isAdmin: boolean },
): Promise<DepotDetail | null> {
  if (!Number.isSafeInteger(depotId) || depotId <= 0) return null;
  let query = deps.database.db
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
    .where("id", "=", depotId);
  if (!viewer.isAdmin) query = query.where("user_id", "=", viewer.id);
  const row = await query.executeTakeFirst();
  if (!row) return null;
  const photos = await deps.database.db
    .selectFrom("survey_photos")
    .select(["id", "image_type", "width", "height"])
    .where("depot_id", "=", depotId)
    .orderBy("id")
    .execute();
  const created = new Date(toIsoString(row.created_at));
  return {
    id: row.id,
    name: row.depot_name,
    status: row.status || "pending",
    vehicles: row.number_of_vehicles,
    location: row.location_address,
    address: row.depot_address || null,
    notes: row.additional_notes,
    cableRunObstacles: row.cable_run_obstacles,
    latitude: row.location_latitude,
    longitude: row.location_longitude,
    submittedOn: dateFormat.format(created),
    submittedAt: dateTimeFormat.format(created),
    photos: photos.map((photo) => ({
      id: photo.id,
      imageType: photo.image_type,
      width: photo.width,
      height: photo.height,
    })),
  };
}

/** A stored photo, if the viewer owns its depot or is an admin. */
export async function getPhotoForViewer(
  deps: Pick<Runtime, "database">,
  photoId: number,
  viewer: { id: string; isAdmin: boolean },
) {
  if (!Number.isSafeInteger(photoId) || photoId <= 0) return null;
  let query = deps.database.db
    .selectFrom("survey_photos")
    .innerJoin("depots", "depots.id", "survey_photos.depot_id")
    .select(["survey_photos.storage_key", "survey_photos.thumbnail_key", "survey_photos.content_type"])
    .where("survey_photos.id", "=", photoId);
  if (!viewer.isAdmin) query = query.where("depots.user_id", "=", viewer.id);
  return (await query.executeTakeFirst()) ?? null;
}
