import type { Kysely } from "kysely";

import type { Database } from "~/lib/db/schema";
import type { Runtime } from "~/lib/runtime.server";
import { UserError } from "~/lib/user-error";

import {
  DEPOT_GONE,
  depotWithinReach,
  findDepot,
  requireDepot,
  requireRole,
  type DepotViewer,
} from "./depot-access.server";
import { assertRoomForDepots } from "./depot-limits";
import type { DepotEntry } from "./depot-list-schema";
import { normalizeStatus, type DepotStatusValue } from "./depot-status";
import { placeDepotsFromAddress } from "./placing/place-depots.server";

/*
 * A company's depots as one list: the Depot Locations tab of Company Setup edits
 * it, the energy map places its depots, the workspace picks from it.
 */

export type DepotListEntry = {
  id: number;
  name: string;
  address: string;
  notes: string;
  status: DepotStatusValue;
  vehicles: number | null;
  photos: number;
  latitude: number | null;
  longitude: number | null;
  /** Placed from its address (not yet put on the map by someone): by the geocoder, or its postcode (approximate). */
  placedFrom: "geocoder" | "postcode" | null;
};

/** The depots the viewer reaches, for the Depot Locations tab, oldest first (Depot 1 is the first one added). */
export async function listUserDepots(deps: Pick<Runtime, "database">, viewer: DepotViewer): Promise<DepotListEntry[]> {
  const rows = await deps.database.db
    .selectFrom("depots")
    .select([
      "depots.id",
      "depots.depot_name",
      "depots.depot_address",
      "depots.additional_notes",
      "depots.status",
      "depots.number_of_vehicles",
      "depots.location_latitude",
      "depots.location_longitude",
      "depots.location_source",
      (eb) =>
        eb
          .selectFrom("survey_photos")
          .select((inner) => inner.fn.countAll<number | string>().as("n"))
          .whereRef("survey_photos.depot_id", "=", "depots.id")
          .as("photos"),
    ])
    .where(depotWithinReach(viewer))
    .orderBy("depots.created_at")
    .orderBy("depots.id")
    .execute();
  return rows.map((row) => ({
    id: row.id,
    name: row.depot_name,
    address: row.depot_address,
    notes: row.additional_notes ?? "",
    status: normalizeStatus(row.status),
    vehicles: row.number_of_vehicles,
    photos: Number(row.photos ?? 0),
    latitude: row.location_latitude,
    longitude: row.location_longitude,
    placedFrom: row.location_source === "geocoder" || row.location_source === "postcode" ? row.location_source : null,
  }));
}

/**
 * Saves the Depot Locations list in one transaction: new entries become
 * pending depots with the company's contact details; existing ones get their
 * name, address and notes updated and nothing else (their survey answers,
 * photos, status and position stay as they are). An id that is not one of
 * the company's depots refuses the whole save. Owners and fleet managers only.
 */
export async function saveDepotList(
  deps: Pick<Runtime, "database" | "env" | "log">,
  viewer: DepotViewer,
  depots: DepotEntry[],
): Promise<{ created: number; updated: number; placed: number }> {
  const company = requireRole(viewer, "company.depots");
  const saved = await deps.database.db.transaction().execute(async (trx) => {
    const contact = await trx
      .selectFrom("companies")
      .select(["contact_name", "contact_email", "contact_phone"])
      .where("id", "=", company.id)
      .executeTakeFirst();
    const owned = new Set(
      (await trx.selectFrom("depots").select("id").where(depotWithinReach(viewer)).execute()).map((row) => row.id),
    );
    await assertRoomForDepots(trx, company.id, depots.filter((depot) => depot.id === undefined).length);
    let created = 0;
    let updated = 0;
    for (const depot of depots) {
      if (depot.id !== undefined) {
        if (!owned.has(depot.id))
          throw new UserError("One of these depots no longer exists. Reload the page and try again.");
        await trx
          .updateTable("depots")
          .set({ depot_name: depot.name, depot_address: depot.address, additional_notes: depot.notes })
          .where("id", "=", depot.id)
          .where(depotWithinReach(viewer))
          .execute();
        updated++;
      } else {
        await insertDepot(trx, { userId: viewer.id, companyId: company.id }, depot, contact);
        created++;
      }
    }
    return { created, updated };
  });
  // Outside the transaction: a geocoder is a network call. Placed now, the map shows them on the next page.
  const placed = await placeDepotsFromAddress(deps, company.id);
  return { ...saved, placed };
}

type Contact = { contact_name: string | null; contact_email: string | null; contact_phone: string | null };

async function insertDepot(
  trx: Kysely<Database>,
  whose: { userId: string; companyId: number },
  depot: DepotEntry,
  contact: Contact | undefined,
) {
  await trx
    .insertInto("depots")
    .values({
      user_id: whose.userId,
      company_id: whose.companyId,
      contact_name: contact?.contact_name ?? null,
      contact_email: contact?.contact_email ?? null,
      contact_phone: contact?.contact_phone ?? null,
      depot_name: depot.name,
      depot_address: depot.address,
      number_of_vehicles: null,
      additional_notes: depot.notes,
      location_latitude: null,
      location_longitude: null,
      location_address: null,
      cable_run_obstacles: null,
      status: "pending",
      origin: "company-setup",
    })
    .execute();
}

/** Removes one of the company's depots, unless it holds survey photos (those are the consultancy's evidence). */
export async function deleteDepot(
  deps: Pick<Runtime, "database">,
  viewer: DepotViewer,
  depotId: number,
): Promise<{ name: string }> {
  return deps.database.db.transaction().execute(async (trx) => {
    const depot = await findDepot(trx, viewer, depotId);
    if (!depot) throw new UserError(DEPOT_GONE, { status: 404 });
    requireRole(viewer, "company.depots");
    const photos = await trx
      .selectFrom("survey_photos")
      .select("id")
      .where("depot_id", "=", depotId)
      .limit(1)
      .executeTakeFirst();
    if (photos) {
      throw new UserError(
        `${depot.name} has survey photos, so it cannot be removed here. Contact us if it should be withdrawn.`,
      );
    }
    const remaining = await trx
      .selectFrom("depots")
      .select("id")
      .where(depotWithinReach(viewer))
      .where("id", "!=", depotId)
      .limit(1)
      .executeTakeFirst();
    if (!remaining) throw new UserError("You must have at least one depot");
    await trx.deleteFrom("depots").where("id", "=", depotId).execute();
    return { name: depot.name };
  });
}

/** Places a depot on the map (the user drags its marker): a depot the viewer may change. */
export async function setDepotPosition(
  deps: Pick<Runtime, "database">,
  viewer: DepotViewer,
  depotId: number,
  position: { latitude: number; longitude: number },
): Promise<boolean> {
  await requireDepot(deps.database.db, viewer, depotId, "depot.change", { detail: "placed on the energy map" });
  const result = await deps.database.db
    .updateTable("depots")
    .set({ location_latitude: position.latitude, location_longitude: position.longitude, location_source: "map" })
    .where("id", "=", depotId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}
