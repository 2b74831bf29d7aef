/**
 * Who may reach a depot: the one answer that every page, action, file, stream, report and charger action asks
 * (decision 045). Today a depot is its haulier's; the consultancy's admins reach it too wherever a page is also
 * theirs (operations, connection applications, photos). Teams and roles (issue 48) change this file, and no other.
 */
import { sql, type Expression, type Kysely, type SqlBool } from "kysely";

import type { Database } from "~/lib/db/schema";
import { UserError } from "~/lib/user-error";

import { normalizeStatus, type DepotStatusValue } from "./depot-status";

/** Who asks: the signed-in user (an admin only where the page is also the consultancy's). */
export type DepotViewer = { id: string; isAdmin?: boolean };

/** Whether the consultancy's admins reach the depot too (operations, applications, photos), or only its haulier. */
export type DepotReach = { admins?: boolean };

/** Whether a number can be a depot's id (anything else would only fail in the database). */
export const isDepotId = (id: number) => Number.isSafeInteger(id) && id > 0;

/** The message of every refusal that names a depot the viewer may not reach (or that no longer exists). */
export const DEPOT_GONE = "That depot no longer exists.";

/**
 * The condition a query over `depots` adds to keep to the depots this viewer may reach. Every list, join and
 * lookup of a depot's data filters through it, so a depot out of reach answers exactly like one that does not exist.
 */
export function depotWithinReach(viewer: DepotViewer, reach: DepotReach = {}): Expression<SqlBool> {
  if (reach.admins && viewer.isAdmin) return sql<SqlBool>`1 = 1`;
  return sql<SqlBool>`${sql.ref("depots.user_id")} = ${viewer.id}`;
}

/** What every depot page and action knows of a depot once the viewer may reach it. */
export type ReachableDepot = {
  id: number;
  name: string;
  address: string;
  vehicles: number | null;
  status: DepotStatusValue;
  /** The haulier's user id: whose company, plan and tariff the depot's figures are. */
  ownerId: string;
};

/**
 * The depot, or null when it does not exist or is out of the viewer's reach (the two answer alike, so ids reveal
 * nothing). Pass a transaction to check and change in one step.
 */
export async function findDepot(
  db: Kysely<Database>,
  viewer: DepotViewer,
  depotId: number,
  reach: DepotReach = {},
): Promise<ReachableDepot | null> {
  if (!isDepotId(depotId)) return null;
  const row = await db
    .selectFrom("depots")
    .select(["id", "depot_name", "depot_address", "number_of_vehicles", "status", "user_id"])
    .where("id", "=", depotId)
    .where(depotWithinReach(viewer, reach))
    .executeTakeFirst();
  if (!row) return null;
  return {
    id: row.id,
    name: row.depot_name,
    address: row.depot_address,
    vehicles: row.number_of_vehicles,
    status: normalizeStatus(row.status),
    ownerId: row.user_id,
  };
}

/** findDepot, or a UserError (404, "That depot no longer exists.") for a loader or action to answer. */
export async function requireDepot(
  db: Kysely<Database>,
  viewer: DepotViewer,
  depotId: number,
  reach: DepotReach & { message?: string } = {},
): Promise<ReachableDepot> {
  const depot = await findDepot(db, viewer, depotId, reach);
  if (!depot) throw new UserError(reach.message ?? DEPOT_GONE, { status: 404 });
  return depot;
}
