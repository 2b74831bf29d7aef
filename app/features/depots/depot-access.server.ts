/**
 * Who may reach a depot and what they may do with it: the one answer that every page, action, file, stream, report
 * and charger action asks (decisions 045 and 048). A depot belongs to a company; a member reaches its company's
 * depots (a depot manager only the depots named on their membership), and the role says whether they may change
 * them (lib/company-roles.ts). The consultancy's admins reach every depot wherever a page is also theirs
 * (operations, connection applications, photos).
 */
import { sql, type Expression, type Kysely, type SqlBool } from "kysely";

import { can, ROLE_LABELS, type CompanyAction, type CurrentCompany } from "~/lib/company-roles";
import type { Database } from "~/lib/db/schema";
import { UserError } from "~/lib/user-error";

import { normalizeStatus, type DepotStatusValue } from "./depot-status";

/** Who asks: the signed-in user, with the company they are working in now (none: they reach no company depot). */
export type DepotViewer = {
  id: string;
  email?: string;
  isAdmin?: boolean;
  company?: CurrentCompany;
  /** A company's API key rather than a person: its calls are on the key's own trail, not a user's. */
  apiKey?: boolean;
};

/** The user a change is recorded against (created_by, decided_by…): none when a company's API key made it. */
export const actingUser = (viewer: DepotViewer): string | null => (viewer.apiKey ? null : viewer.id);

/** Whether the consultancy's admins reach the depot too (operations, applications, photos), or only its company. */
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
  const company = viewer.company;
  if (!company) return sql<SqlBool>`1 = 0`;
  const inCompany = sql<SqlBool>`${sql.ref("depots.company_id")} = ${company.id}`;
  if (company.role !== "depot_manager") return inCompany;
  return sql<SqlBool>`(${inCompany} and ${sql.ref("depots.id")} in (select depot_id from member_depots where member_id = ${company.memberId}))`;
}

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
    .select(["id", "depot_name", "depot_address", "number_of_vehicles", "status", "company_id"])
    .where("id", "=", depotId)
    .where(depotWithinReach(viewer, reach))
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

/**
 * findDepot, or a UserError for a loader or action to answer: 404 ("That depot no longer exists.") out of reach,
 * 403 when the viewer reaches it but their role may not do what `to` asks (a viewer changing anything).
 */
export async function requireDepot(
  db: Kysely<Database>,
  viewer: DepotViewer,
  depotId: number,
  reach: DepotReach & { message?: string; to?: "read" | "change" } = {},
): Promise<ReachableDepot> {
  const depot = await findDepot(db, viewer, depotId, reach);
  if (!depot) throw new UserError(reach.message ?? DEPOT_GONE, { status: 404 });
  if (reach.to === "change" && !(reach.admins && viewer.isAdmin)) requireRole(viewer, "change");
  return depot;
}

/** The viewer's current company, or a UserError (403) when they are in none. */
export function requireCompany(viewer: DepotViewer): CurrentCompany {
  if (!viewer.company) throw new UserError(NO_COMPANY, { status: 403 });
  return viewer.company;
}

export const NO_COMPANY = "You are not in any company's team. Ask a company's owner to invite you.";

/** Whether the viewer's role in their current company allows `action` (company-wide; depots are findDepot's). */
export function mayDo(viewer: DepotViewer, action: CompanyAction): boolean {
  return can(viewer.company?.role, action);
}

/** The viewer's current company when their role there allows `action`, or a UserError (403) saying it does not. */
export function requireRole(viewer: DepotViewer, action: CompanyAction): CurrentCompany {
  const company = requireCompany(viewer);
  if (!can(company.role, action)) {
    throw new UserError(
      `As ${article(company.role)} ${ROLE_LABELS[company.role].toLowerCase()} of ${company.name}, you cannot do this.`,
      {
        status: 403,
      },
    );
  }
  return company;
}

const article = (role: string) => (role === "owner" ? "an" : "a");
