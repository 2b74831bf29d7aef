import type { Kysely, Transaction } from "kysely";

import { mayDo, requireCompany, requireRole, type DepotViewer } from "~/features/depots/index.server";
import { ownPlace } from "~/lib/access/access.server";
import { isCompanyRole, ROLE_LABELS, type CompanyRole, type CurrentCompany } from "~/lib/company-roles";
import { toBoolean, toIsoString } from "~/lib/db/dialect.server";
import type { Database } from "~/lib/db/schema";
import type { Runtime } from "~/lib/runtime.server";
import { UserError } from "~/lib/user-error";

import { recordActivity } from "./activity.server";

type Deps = Pick<Runtime, "database">;

export type TeamMember = {
  id: number;
  name: string;
  email: string;
  role: CompanyRole;
  depots: { id: number; name: string }[];
  notify: boolean;
  isYou: boolean;
  since: string;
};

/** Everyone in the viewer's current company, owners first; every member sees who is in the team. */
export async function listMembers(deps: Deps, viewer: DepotViewer): Promise<TeamMember[]> {
  const company = requireCompany(viewer);
  const db = deps.database.db;
  const rows = await db
    .selectFrom("company_members")
    .innerJoin("user", "user.id", "company_members.user_id")
    .select([
      "company_members.id",
      "company_members.role",
      "company_members.notify",
      "company_members.created_at",
      "user.id as userId",
      "user.name",
      "user.email",
    ])
    .where("company_members.company_id", "=", company.id)
    .orderBy("company_members.id")
    .execute();
  const scopes = await db
    .selectFrom("member_depots")
    .innerJoin("depots", "depots.id", "member_depots.depot_id")
    .innerJoin("company_members", "company_members.id", "member_depots.member_id")
    .select(["member_depots.member_id", "depots.id", "depots.depot_name"])
    .where("company_members.company_id", "=", company.id)
    .orderBy("depots.depot_name")
    .execute();
  const order: CompanyRole[] = ["owner", "fleet_manager", "depot_manager", "viewer"];
  return rows
    .filter((row) => isCompanyRole(row.role))
    .map((row) => ({
      id: row.id,
      name: row.name,
      email: row.email,
      role: row.role as CompanyRole,
      // A depot manager's depots are shown to the owners who set them and to that manager, not to other members
      // (a depot manager must not learn the names of depots outside their own).
      depots:
        mayDo(viewer, "team.manage") || row.userId === viewer.id
          ? scopes.filter((s) => s.member_id === row.id).map((s) => ({ id: s.id, name: s.depot_name }))
          : [],
      notify: toBoolean(row.notify),
      isYou: row.userId === viewer.id,
      since: toIsoString(row.created_at),
    }))
    .sort((a, b) => order.indexOf(a.role) - order.indexOf(b.role));
}

/** Runs a change to the team with the company's row locked on PostgreSQL, so two owners cannot both step down. */
async function withTeamLocked<T>(deps: Deps, companyId: number, work: (trx: Transaction<Database>) => Promise<T>) {
  return deps.database.db.transaction().execute(async (trx) => {
    let lock = trx.selectFrom("companies").select("id").where("id", "=", companyId);
    if (deps.database.engine === "postgres") lock = lock.forUpdate();
    if (!(await lock.executeTakeFirst())) throw new UserError("That company no longer exists.", { status: 404 });
    return work(trx);
  });
}

async function memberOf(trx: Kysely<Database>, companyId: number, memberId: number) {
  const member = Number.isSafeInteger(memberId)
    ? await trx
        .selectFrom("company_members")
        .innerJoin("user", "user.id", "company_members.user_id")
        .select(["company_members.id", "company_members.role", "company_members.user_id", "user.email"])
        .where("company_members.id", "=", memberId)
        .where("company_members.company_id", "=", companyId)
        .executeTakeFirst()
    : undefined;
  if (!member) throw new UserError("That person is no longer in the team.", { status: 404 });
  return member;
}

async function ownerCount(trx: Kysely<Database>, companyId: number): Promise<number> {
  const row = await trx
    .selectFrom("company_members")
    .select((eb) => eb.fn.countAll<number | string>().as("n"))
    .where("company_id", "=", companyId)
    .where("role", "=", "owner")
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

const LAST_OWNER = "A company always has an owner: make someone else an owner first.";

/** The depots named for a depot manager: each must be one of the company's, and there must be at least one. */
export async function checkedDepots(db: Kysely<Database>, companyId: number, ids: number[]): Promise<number[]> {
  const unique = [...new Set(ids)].filter((id) => Number.isSafeInteger(id) && id > 0);
  if (unique.length === 0)
    throw new UserError("Choose at least one depot for a depot manager.", {
      fieldErrors: { depots: "Choose at least one depot" },
    });
  const found = await db
    .selectFrom("depots")
    .select("id")
    .where("company_id", "=", companyId)
    .where("id", "in", unique)
    .execute();
  if (found.length !== unique.length)
    throw new UserError("One of those depots is not the company's. Reload the page and try again.");
  return unique;
}

/** Gives a member another role (and a depot manager their depots). Owners only; the last owner stays an owner. */
export async function changeRole(
  deps: Deps,
  viewer: DepotViewer,
  change: { memberId: number; role: CompanyRole; depotIds: number[] },
): Promise<string> {
  const company = requireRole(viewer, "team.manage");
  return withTeamLocked(deps, company.id, async (trx) => {
    const member = await memberOf(trx, company.id, change.memberId);
    if (member.role === "owner" && change.role !== "owner" && (await ownerCount(trx, company.id)) <= 1)
      throw new UserError(LAST_OWNER, { status: 409 });
    const depots = change.role === "depot_manager" ? await checkedDepots(trx, company.id, change.depotIds) : [];
    await trx.updateTable("company_members").set({ role: change.role }).where("id", "=", member.id).execute();
    await trx.deleteFrom("member_depots").where("member_id", "=", member.id).execute();
    if (depots.length)
      await trx
        .insertInto("member_depots")
        .values(depots.map((depot_id) => ({ member_id: member.id, depot_id })))
        .execute();
    const action = `Made ${member.email} ${ROLE_LABELS[change.role].toLowerCase()}${depots.length ? ` (${depots.length} depot${depots.length === 1 ? "" : "s"})` : ""}`;
    await recordActivity(trx, { companyId: company.id, actor: actorOf(viewer), action });
    return member.email;
  });
}

/** Removes a member: their access to the company ends at their next request; nothing of the company is deleted. */
export async function removeMember(deps: Deps, viewer: DepotViewer, memberId: number): Promise<string> {
  const company = requireRole(viewer, "team.manage");
  return withTeamLocked(deps, company.id, async (trx) => {
    const member = await memberOf(trx, company.id, memberId);
    if (member.role === "owner" && (await ownerCount(trx, company.id)) <= 1)
      throw new UserError(LAST_OWNER, { status: 409 });
    await endMembership(trx, company.id, member);
    await recordActivity(trx, {
      companyId: company.id,
      actor: actorOf(viewer),
      action: `Removed ${member.email} from the team`,
    });
    return member.email;
  });
}

/** The viewer leaves their current company (the last owner cannot). */
export async function leaveCompany(deps: Deps, viewer: DepotViewer): Promise<string> {
  const company = ownPlace(viewer, "member.own");
  return withTeamLocked(deps, company.id, async (trx) => {
    const member = await memberOf(trx, company.id, company.memberId);
    if (member.role === "owner" && (await ownerCount(trx, company.id)) <= 1)
      throw new UserError(LAST_OWNER, { status: 409 });
    await endMembership(trx, company.id, member);
    await recordActivity(trx, { companyId: company.id, actor: actorOf(viewer), action: "Left the team" });
    return company.name;
  });
}

/** Hands the company to another member: they become an owner and the viewer a fleet manager. */
export async function transferOwnership(deps: Deps, viewer: DepotViewer, memberId: number): Promise<string> {
  const company = requireRole(viewer, "team.manage");
  return withTeamLocked(deps, company.id, async (trx) => {
    const member = await memberOf(trx, company.id, memberId);
    if (member.id === company.memberId) throw new UserError("Choose someone else to hand the company to.");
    await trx.updateTable("company_members").set({ role: "owner" }).where("id", "=", member.id).execute();
    await trx.deleteFrom("member_depots").where("member_id", "=", member.id).execute();
    await trx
      .updateTable("company_members")
      .set({ role: "fleet_manager" })
      .where("id", "=", company.memberId)
      .execute();
    await recordActivity(trx, {
      companyId: company.id,
      actor: actorOf(viewer),
      action: `Handed ownership to ${member.email}`,
    });
    return member.email;
  });
}

/** Turns the company's e-mails (apply-by reminders, status changes) on or off for the viewer. */
export async function setNotify(deps: Deps, viewer: DepotViewer, on: boolean): Promise<void> {
  const company: CurrentCompany = ownPlace(viewer, "member.own");
  await deps.database.db
    .updateTable("company_members")
    .set({ notify: on ? 1 : 0 })
    .where("id", "=", company.memberId)
    .execute();
}

async function endMembership(trx: Kysely<Database>, companyId: number, member: { id: number; user_id: string }) {
  await trx.deleteFrom("company_members").where("id", "=", member.id).execute();
  // Their sessions stop working in the company at once (the membership is read on every request) and forget it.
  await trx
    .deleteFrom("session_companies")
    .where("company_id", "=", companyId)
    .where("session_id", "in", trx.selectFrom("session").select("id").where("userId", "=", member.user_id))
    .execute();
}

export const actorOf = (viewer: DepotViewer) => ({ id: viewer.id, email: viewer.email ?? "", isAdmin: viewer.isAdmin });
