/**
 * The policy on the server (decision 056): `authorize` refuses what `may` refuses — exactly like a missing thing
 * (404, the door's own "no longer exists" message) where the principal may not even see it, 403 where they see it
 * but may not do this — and notes every allowed change for the company's activity log, written once the request has
 * succeeded (team's activity middleware). The SQL conditions that keep a list to what a principal may see live here
 * too, so no feature compares company ids.
 */
import { AsyncLocalStorage } from "node:async_hooks";
import { sql, type Expression, type SqlBool } from "kysely";

import { ROLE_LABELS } from "~/lib/company-roles";
import { UserError } from "~/lib/user-error";

import { hasScope, may, refusalOf, RULES, type Action, type Principal, type Resource, type Rule } from "./policy";

/** A change allowed during a request, for the activity log: whose log, by whom, what, which depot. */
export type ChangeNote = {
  companyId: number;
  actor: { id: string | null; email: string; isAdmin: boolean };
  action: string;
  depotId: number | null;
};

const notes = new AsyncLocalStorage<ChangeNote[]>();

/** Runs a request with a place for its notes; answers them with the request's answer. */
export async function withChangeNotes<T>(work: () => Promise<T>): Promise<{ result: T; notes: ChangeNote[] }> {
  const taken: ChangeNote[] = [];
  const result = await notes.run(taken, work);
  return { result, notes: taken };
}

/** Whose log a change is in: an admin's is the company whose thing it is; a member's or a key's, their own company's. */
function noteOf(principal: Principal, action: Action, resource: Resource, detail?: string): ChangeNote | null {
  const label = RULES[action].logged;
  if (!label) return null;
  const own = principal.company?.id;
  const companyId = principal.isAdmin && !principal.apiKey ? ("companyId" in resource ? resource.companyId : own) : own;
  if (companyId === undefined) return null;
  return {
    companyId,
    actor: {
      id: principal.apiKey ? null : principal.id,
      email: principal.apiKey ? `API key ${principal.apiKey.id}` : (principal.email ?? principal.id),
      isAdmin: Boolean(principal.isAdmin && !principal.apiKey),
    },
    action: detail ? `${label}: ${detail}` : label,
    depotId: "depotId" in resource ? resource.depotId : null,
  };
}

/** The message of a refusal to someone who sees the thing but may not do this. */
export function forbiddenMessage(principal: Principal): string {
  const company = principal.company;
  if (principal.apiKey) return "This API key may not do this: ask an owner for a key with that scope.";
  if (!company) return "You are not in any company's team. Ask a company's owner to invite you.";
  const role = ROLE_LABELS[company.role].toLowerCase();
  return `As ${company.role === "owner" ? "an" : "a"} ${role} of ${company.name}, you cannot do this.`;
}

/**
 * Allows the action or throws the refusal: `gone` (404) where the principal may not see the thing, 403 where they
 * may see it. An allowed change is noted for the activity log (`detail` says which one, e.g. a tag or a hub).
 */
export function authorize(
  principal: Principal | null | undefined,
  action: Action,
  resource: Resource,
  gone: string,
  detail?: string,
): asserts principal is Principal {
  const refusal = refusalOf(principal, action, resource);
  if (refusal === "missing") throw new UserError(gone, { status: 404 });
  // Allowed but for the hub's status (suspended or closed): said so, not as the role's refusal.
  if (refusal && RULES[action].whileOpen && "hub" in resource && resource.hub.status !== "open") {
    const open = { ...resource, hub: { ...resource.hub, status: "open" as const } };
    if (may(principal, action, open))
      throw new UserError(
        `That hub is ${resource.hub.status}: nothing can be booked, cancelled or followed there now.`,
        {
          status: 409,
        },
      );
  }
  if (refusal === "forbidden")
    throw new UserError(RULES[action].refused ?? forbiddenMessage(principal!), { status: 403 });
  const note = noteOf(principal!, action, resource, detail);
  if (note) notes.getStore()?.push(note);
}

/** Whether allowed, without refusing (a page deciding what to show). */
export const allowed = may;

/** The company the principal works in now, when they may do `action` to its own things (else the refusal). */
export function ownCompany(
  principal: Principal | null | undefined,
  action: Action,
  gone = NO_COMPANY,
  detail?: string,
): number {
  const company = principal?.company;
  if (!company) throw new UserError(NO_COMPANY, { status: 403 });
  authorize(principal, action, { kind: "company", companyId: company.id }, gone, detail);
  return company.id;
}

/** The principal's own place in their current company, when the rule lets them act on it (else 403). */
export function ownPlace(principal: Principal | null | undefined, action: "member.own" | "member.alerts") {
  const company = principal?.company;
  if (!company || principal.apiKey) throw new UserError(NO_COMPANY, { status: 403 });
  authorize(principal, action, { kind: "membership", companyId: company.id, userId: principal.id }, NO_COMPANY);
  return company;
}

/** The company the principal works in now (its name and role for the page), or null. */
export const companyOf = (principal: Principal | null | undefined) => principal?.company ?? null;

export const NO_COMPANY = "You are not in any company's team. Ask a company's owner to invite you.";

/**
 * The condition that keeps a query over depots (`depotId`, `companyId`: its columns) to those on which the principal
 * may do `action`: their company's (a depot manager's own), or every one for the admins where the rule lets them.
 */
export function depotsWhere(
  principal: Principal | null | undefined,
  action: Action,
  columns: { depotId: string; companyId: string } = { depotId: "depots.id", companyId: "depots.company_id" },
): Expression<SqlBool> {
  const rule: Rule = RULES[action];
  if (!principal) return sql<SqlBool>`1 = 0`;
  if (principal.isAdmin && !principal.apiKey && rule.admins) return sql<SqlBool>`1 = 1`;
  const company = principal.company;
  const relations = principal.apiKey
    ? rule.key && hasScope(principal.apiKey.scopes, rule.key.scope)
      ? rule.key.relations
      : []
    : company
      ? (rule.members[company.role] ?? [])
      : [];
  if (!company || !relations.includes("own")) return sql<SqlBool>`1 = 0`;
  const inCompany = sql<SqlBool>`${sql.ref(columns.companyId)} = ${company.id}`;
  if (principal.apiKey || company.role !== "depot_manager") return inCompany;
  const depots = company.depots ?? [];
  if (!depots.length) return sql<SqlBool>`1 = 0`;
  return sql<SqlBool>`(${inCompany} and ${sql.ref(columns.depotId)} in (${sql.join(depots)}))`;
}

/**
 * The condition that keeps a query over rows of one company (`column`: its company id column) to the principal's own
 * company, where they may do `action` there at all (a team's members, a company's keys, its roadmap).
 */
export function ownRowsWhere(principal: Principal | null | undefined, action: Action, column: string) {
  const company = principal?.company;
  if (!company || !may(principal, action, { kind: "company", companyId: company.id })) return sql<SqlBool>`1 = 0`;
  return sql<SqlBool>`${sql.ref(column)} = ${company.id}`;
}

/** The condition that keeps rows of a hub's customers (`column`: the customer's company id) to the principal's own. */
export function customerRowsWhere(principal: Principal | null | undefined, column: string): Expression<SqlBool> {
  const company = principal?.company;
  if (!company) return sql<SqlBool>`1 = 0`;
  return sql<SqlBool>`${sql.ref(column)} = ${company.id}`;
}

/** Whether two things are one company's (a tag's vehicle and a booking's customer, say): the policy's own comparison. */
export const sameCompany = (a: { companyId: number }, b: { companyId: number }) => a.companyId === b.companyId;

/** Whether the principal's company is this one (a hub's operator looking at its own hub, say). */
export const isOwnCompany = (principal: Principal | null | undefined, companyId: number) =>
  principal?.company?.id === companyId;
