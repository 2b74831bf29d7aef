import type { Kysely } from "kysely";
import { createContext, type MiddlewareFunction, type RouterContextProvider } from "react-router";

import { sessionUserContext, type SessionUser } from "~/lib/auth/session.server";
import { isCompanyRole, type CompanyRole, type CurrentCompany } from "~/lib/company-roles";
import type { Database } from "~/lib/db/schema";
import { getRuntime } from "~/lib/runtime.server";
import { UserError } from "~/lib/user-error";

/** One of the companies a person belongs to (the header's switcher lists them). */
export type Membership = CurrentCompany & { current: boolean };

/**
 * Every company the person belongs to, the session's current one first (else their first membership). Read on
 * every request, so a removed member or a changed role takes effect on their next request.
 */
export async function membershipsOf(
  db: Kysely<Database>,
  user: Pick<SessionUser, "id" | "sessionId">,
): Promise<Membership[]> {
  const rows = await db
    .selectFrom("company_members")
    .innerJoin("companies", "companies.id", "company_members.company_id")
    .leftJoin("session_companies", (join) =>
      join
        .onRef("session_companies.company_id", "=", "company_members.company_id")
        .on("session_companies.session_id", "=", user.sessionId ?? ""),
    )
    .select([
      "company_members.id as memberId",
      "company_members.company_id as id",
      "company_members.role",
      "companies.company_name as name",
      "session_companies.session_id as chosen",
    ])
    .where("company_members.user_id", "=", user.id)
    .orderBy("company_members.id")
    .execute();
  const memberships = rows.filter((row): row is typeof row & { role: CompanyRole } => isCompanyRole(row.role));
  const current = memberships.find((row) => row.chosen !== null) ?? memberships[0];
  return memberships.map(({ chosen: _chosen, ...row }) => ({ ...row, current: row.memberId === current?.memberId }));
}

/** The request's memberships, read once by the middleware below (the header's switcher shows them). */
const membershipsContext = createContext<Membership[]>([]);

export const requestMemberships = (context: Readonly<RouterContextProvider>): Membership[] =>
  context.get(membershipsContext);

/**
 * Root middleware, after the session's: the signed-in person's current company and role join the session user, so
 * every loader and action that passes the user on passes the company with it.
 */
export const currentCompanyMiddleware: MiddlewareFunction<Response> = async ({ context }) => {
  const user = context.get(sessionUserContext);
  if (!user) return;
  const memberships = await membershipsOf(getRuntime().database.db, user);
  context.set(membershipsContext, memberships);
  const current = memberships.find((m) => m.current);
  if (current) {
    const { current: _current, ...company } = current;
    context.set(sessionUserContext, { ...user, company: await withDepots(getRuntime().database.db, company) });
  }
};

/** A depot manager's place with the depots named on their membership (the policy reaches only those). */
export async function withDepots<C extends CurrentCompany>(
  db: Kysely<Database>,
  company: C,
): Promise<C & { depots?: readonly number[] }> {
  if (company.role !== "depot_manager") return company;
  const rows = await db
    .selectFrom("member_depots")
    .select("depot_id")
    .where("member_id", "=", company.memberId)
    .orderBy("depot_id")
    .execute();
  return { ...company, depots: rows.map((r) => r.depot_id) };
}

/** Makes another of the person's companies the session's current one; a company they are not in is refused. */
export async function switchCompany(db: Kysely<Database>, user: SessionUser, companyId: number): Promise<string> {
  if (!user.sessionId) throw new UserError("Sign in again to switch company.", { status: 401 });
  // One of the person's own memberships, by its company (their place there, not a decision on anyone's data).
  const membership = new Map((await membershipsOf(db, user)).map((m) => [m.id, m])).get(companyId);
  if (!membership) throw new UserError("You are not in that company's team.", { status: 404 });
  await db
    .insertInto("session_companies")
    .values({ session_id: user.sessionId, company_id: companyId })
    .onConflict((oc) => oc.column("session_id").doUpdateSet({ company_id: companyId }))
    .execute();
  return membership.name;
}
