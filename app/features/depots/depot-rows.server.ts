/**
 * Writing a depot's rows for the features that make depots (a submitted survey, the console's demo data) or review
 * them (the consultancy's status and notes), and reading its photos wherever it is shown: the depots feature owns
 * depots and survey_photos (issue 58), and the others ask through here. Who may is decided before (the policy).
 */
import type { Insertable, Kysely } from "kysely";

import type { Database, DepotTable, SurveyPhotoTable } from "~/lib/db/schema";

type Db = Kysely<Database>;
type Photo = Omit<Insertable<SurveyPhotoTable>, "depot_id">;

/** New depots, each with its photos (in the caller's transaction): answers their ids in order. */
export async function insertDepots(
  db: Db,
  depots: readonly { depot: Insertable<DepotTable>; photos?: readonly Photo[] }[],
): Promise<number[]> {
  if (!depots.length) return [];
  const ids = (
    await db
      .insertInto("depots")
      .values(depots.map((d) => d.depot))
      .returning("id")
      .execute()
  ).map((r) => r.id);
  const photos = depots.flatMap((d, i) => (d.photos ?? []).map((p) => ({ ...p, depot_id: ids[i]! })));
  if (photos.length) await db.insertInto("survey_photos").values(photos).execute();
  return ids;
}

/** The consultancy's review of a depot: its status and notes (null clears them). */
export async function setDepotReview(db: Db, depotId: number, review: { status: string; notes: string | null }) {
  await db
    .updateTable("depots")
    .set({ status: review.status, admin_notes: review.notes })
    .where("id", "=", depotId)
    .execute();
}

/** A depot's photos, in the order they were taken. */
export async function photosOfDepot(db: Db, depotId: number) {
  return db
    .selectFrom("survey_photos")
    .select(["id", "image_type", "width", "height", "thumbnail_key"])
    .where("depot_id", "=", depotId)
    .orderBy("id")
    .execute();
}

/** Every stored file a photo still names (the orphan sweep keeps these). */
export async function photoFilesInUse(db: Db): Promise<Set<string>> {
  const rows = await db.selectFrom("survey_photos").select(["storage_key", "thumbnail_key"]).execute();
  return new Set(rows.flatMap((row) => [row.storage_key, row.thumbnail_key]));
}
