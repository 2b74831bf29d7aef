import { normalizeStatus, type DepotStatusValue } from "~/features/depots";
import { photosOfDepot } from "~/features/depots/index.server";
import { toIsoString } from "~/lib/db/dialect.server";
import type { Runtime } from "~/lib/runtime.server";

export type StatusHistoryEntry = {
  id: number;
  from: DepotStatusValue;
  to: DepotStatusValue;
  note: string | null;
  actorEmail: string;
  at: string;
};

export type SubmissionDetail = {
  id: number;
  name: string;
  address: string;
  status: DepotStatusValue;
  submittedAt: string;
  vehicles: number | null;
  notes: string | null;
  cableRunObstacles: string | null;
  locationAddress: string | null;
  latitude: number | null;
  longitude: number | null;
  contact: { name: string | null; email: string | null; phone: string | null; organization: string | null };
  submitterEmail: string | null;
  adminNotes: string;
  photos: { id: number; imageType: string; width: number; height: number }[];
  history: StatusHistoryEntry[];
};

/** Everything the admin review page shows about one depot, or null. */
export async function getSubmissionDetail(
  deps: Pick<Runtime, "database">,
  depotId: number,
): Promise<SubmissionDetail | null> {
  if (!Number.isSafeInteger(depotId) || depotId <= 0) return null;
  const { db } = deps.database;
  const row = await db
    .selectFrom("depots")
    .leftJoin("user", "user.id", "depots.user_id")
    .leftJoin("profiles", "profiles.id", "depots.user_id")
    .select([
      "profiles.name as submitter_name",
      "profiles.organization as submitter_organization",
      "profiles.phone as submitter_phone",
      "depots.id",
      "depots.depot_name",
      "depots.depot_address",
      "depots.status",
      "depots.created_at",
      "depots.number_of_vehicles",
      "depots.additional_notes",
      "depots.cable_run_obstacles",
      "depots.location_address",
      "depots.location_latitude",
      "depots.location_longitude",
      "depots.contact_name",
      "depots.contact_email",
      "depots.contact_phone",
      "depots.admin_notes",
      "user.email as submitter_email",
    ])
    .where("depots.id", "=", depotId)
    .executeTakeFirst();
  if (!row) return null;
  const [photos, history] = await Promise.all([
    photosOfDepot(db, depotId),
    db.selectFrom("depot_status_history").selectAll().where("depot_id", "=", depotId).orderBy("id", "desc").execute(),
  ]);
  return {
    id: row.id,
    name: row.depot_name,
    address: row.depot_address,
    status: normalizeStatus(row.status),
    submittedAt: toIsoString(row.created_at),
    vehicles: row.number_of_vehicles,
    notes: row.additional_notes,
    cableRunObstacles: row.cable_run_obstacles,
    locationAddress: row.location_address,
    latitude: row.location_latitude,
    longitude: row.location_longitude,
    // A survey fills the contact's name with the e-mail (as the specification's form did): the submitter's profile knows better.
    contact: {
      name: row.contact_name && row.contact_name !== row.contact_email ? row.contact_name : row.submitter_name,
      email: row.contact_email,
      phone: row.contact_phone || row.submitter_phone,
      organization: row.submitter_organization,
    },
    submitterEmail: row.submitter_email,
    adminNotes: row.admin_notes ?? "",
    photos: photos.map((photo) => ({
      id: photo.id,
      imageType: photo.image_type,
      width: photo.width,
      height: photo.height,
    })),
    history: history.map((entry) => ({
      id: entry.id,
      from: normalizeStatus(entry.from_status),
      to: normalizeStatus(entry.to_status),
      note: entry.note,
      actorEmail: entry.actor_email,
      at: toIsoString(entry.created_at),
    })),
  };
}
