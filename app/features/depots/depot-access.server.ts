/**
 * A depot as the policy sees it (decision 056): its facts (whose it is) read once, and the policy asked
 * (lib/access). Every page, action, file, stream, report and charger action that names a depot comes through here: a
 * depot the principal may not see answers exactly like one that does not exist (404), a change their role may not
 * make 403. What each role may do is the policy's table, not this file's.
 */
import type { Kysely } from "kysely";

import { authorize, depotsWhere, NO_COMPANY, ownCompany } from "~/lib/access/access.server";
import { may, mayAtAll, type Action, type Principal } from "~/lib/access/policy";
import type { Database } from "~/lib/db/schema";
import { UserError } from "~/lib/user-error";

import { normalizeStatus, type DepotStatusValue } from "./depot-status";

/** Who asks (lib/access/policy.ts): a person with their current company, an admin, or a company's API key. */
export type DepotViewer = Principal;

/** The user a change is recorded against (created_by, decided_by…): none when a company's API key made it. */
export const actingUser = (viewer: Principal): string | null => (viewer.apiKey ? null : viewer.id);

/** Whether a number can be a depot's id (anything else would only fail in the database). */
export const isDepotId = (id: number) => Number.isSafeInteger(id) && id > 0;

/** The message of every refusal that names a depot the viewer may not reach (or that no longer exists). */
export const DEPOT_GONE = "That depot no longer exists.";

/** The condition a query over `depots` adds to keep to the depots on which the principal may do `action`. */
export const depotWithinReach = (viewer: Principal | null | undefined, action: Action = "depot.read") =>
  depotsWhere(viewer, action);

/** What every depot page and action knows of a depot once the viewer may reach it. */
export type ReachableDepot = {
  id: number;
  name: string;
  address: string;
  vehicles: number | null;
  status: DepotStatusValue;
  /** Whose depot it is: whose plan, roadmap and tariff its figures are. */
  companyId: number;
};

/** The depot's facts, whoever asks (null when it does not exist or belongs to no company). */
async function readDepot(db: Kysely<Database>, depotId: number): Promise<ReachableDepot | null> {
  if (!isDepotId(depotId)) return null;
  const row = await db
    .selectFrom("depots")
    .select(["id", "depot_name", "depot_address", "number_of_vehicles", "status", "company_id"])
    .where("id", "=", depotId)
    .executeTakeFirst();
  if (!row || row.company_id === null) return null;
  return {
    id: row.id,
    name: row.depot_name,
    address: row.depot_address,
    vehicles: row.number_of_vehicles,
    status: normalizeStatus(row.status),
    companyId: row.company_id,
  };
}

/** A depot as the policy reads it. */
export const depotResource = (depot: Pick<ReachableDepot, "id" | "companyId">) =>
  ({ kind: "depot", companyId: depot.companyId, depotId: depot.id }) as const;

/**
 * The depot, or null when it does not exist or the viewer may not do `action` to it (the two answer alike, so ids
 * reveal nothing). Pass a transaction to check and change in one step.
 */
export async function findDepot(
  db: Kysely<Database>,
  viewer: Principal | null | undefined,
  depotId: number,
  action: Action = "depot.read",
): Promise<ReachableDepot | null> {
  const depot = await readDepot(db, depotId);
  return depot && may(viewer, action, depotResource(depot)) ? depot : null;
}

/**
 * The depot when the viewer may do `action` to it, else the refusal: 404 (`message`, "That depot no longer exists."
 * unless given) where they may not see it, 403 where they see it but may not do this. `detail` names the change in
 * the company's activity log.
 */
export async function requireDepot(
  db: Kysely<Database>,
  viewer: Principal | null | undefined,
  depotId: number,
  action: Action = "depot.read",
  options: { message?: string; detail?: string } = {},
): Promise<ReachableDepot> {
  const depot = await readDepot(db, depotId);
  if (!depot) throw new UserError(options.message ?? DEPOT_GONE, { status: 404 });
  authorize(viewer, action, depotResource(depot), options.message ?? DEPOT_GONE, options.detail);
  return depot;
}

/** The viewer's current company when the policy lets them do `action` to it (else 403). */
export function requireRole(
  viewer: Principal | null | undefined,
  action: Action,
  detail?: string,
): NonNullable<Principal["company"]> {
  ownCompany(viewer, action, undefined, detail);
  return viewer!.company!;
}

/** The viewer's current company, or a UserError (403) when they are in none. */
export function requireCompany(viewer: Principal | null | undefined) {
  return requireRole(viewer, "company.read");
}

export { NO_COMPANY };

/** Whether the viewer's role lets them do `action` to their own company's things at all (a page showing a form). */
export const mayDo = (viewer: Principal | null | undefined, action: Action): boolean => mayAtAll(viewer, action);
