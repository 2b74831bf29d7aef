/**
 * Who may do what (issue 58, decision 056): the one answer to "may this principal do this to that?", for every kind of
 * thing a company owns or uses. The rules are data (RULES below, printed into docs/access-policy.md by
 * `npm run access:table`), not branches in features: a feature loads a resource's facts (whose it is, which depot, a
 * hub's operator, status and customers) and asks `may`; nothing else compares company ids
 * (tests/integration/one-policy.test.ts fails on one added back). Browser-safe: pages hide what a principal may not
 * do, and the server refuses it whatever the page showed (access.server.ts).
 */
import type { CurrentCompany } from "~/lib/company-roles";

import { RULES } from "./rules";
import { SCOPE_INCLUDES, type Action, type Cell, type KeyScope, type Relation, type Rule } from "./terms";

export { ACTIONS, RULES } from "./rules";
export type { Action } from "./terms";
export { KEY_SCOPE_LABELS, KEY_SCOPES, type KeyScope, type Relation, type Rule } from "./terms";

/**
 * Who asks. A person (signed in: `id`, and the company they work in now with their role there; a depot manager with
 * their depots), one of the consultancy's admins (`isAdmin`), or a company's API key (`apiKey`: its company, as
 * `company`, and its scopes). Nobody signed in is `null`.
 */
export type Principal = {
  id: string;
  email?: string;
  isAdmin?: boolean;
  company?: CurrentCompany & {
    /** A depot manager's depots (named on their membership); absent for the other roles. */
    depots?: readonly number[];
  };
  /** A company's API key rather than a person: its calls are on the key's own trail, not a user's. */
  apiKey?: { id: number; scopes: readonly KeyScope[] };
  /** A vehicle presenting its tag at a charger (`company`: the tag's owner, none for a tag nobody named). */
  vehicle?: { tag: string };
};

/** A hub as the rules read it: whose it is, where, whether it is open, and which companies hold accepted contracts. */
export type HubFacts = {
  operatorId: number;
  depotId: number;
  status: "proposed" | "open" | "suspended" | "closed";
  customerIds: readonly number[];
};

/**
 * What is asked about, by what the rules need of it. `companyId` is the company whose it is (a hub's operator);
 * `depotId` the depot it belongs to (a depot manager reaches only theirs); `customerId` the company a hub's contract,
 * booking, statement or dispute is for; `userId` the person a member's own settings belong to.
 */
export type Resource =
  | { kind: "company"; companyId: number }
  | { kind: "membership"; companyId: number; userId: string }
  | { kind: "depot"; companyId: number; depotId: number }
  | { kind: "hub"; companyId: number; depotId: number; hub: HubFacts }
  | { kind: "hub-customer"; companyId: number; depotId: number; hub: HubFacts; customerId: number }
  | { kind: "tag"; companyId: number }
  /** A tag at a charger: the depot's company, the companies with a visit booked there now, whether anyone may. */
  | { kind: "charge"; companyId: number; depotId: number; bookedBy: readonly number[]; anyone: boolean }
  | { kind: "consultancy" };

function holds(relation: Relation, principal: Principal, resource: Resource): boolean {
  // Free vend lets a tag nobody named charge too.
  if (relation === "anyone") return resource.kind === "charge" && resource.anyone;
  const company = principal.company;
  if (!company) return false;
  switch (relation) {
    case "own": {
      if (!("companyId" in resource) || resource.companyId !== company.id) return false;
      // A depot manager reaches only their depots' things; the company's own (no depot) they reach as any member.
      if (company.role !== "depot_manager" || !("depotId" in resource)) return true;
      return (company.depots ?? []).includes(resource.depotId);
    }
    case "self":
      return resource.kind === "membership" && resource.companyId === company.id && resource.userId === principal.id;
    case "customer":
      // A company is never a customer of its own hub (its vehicles use it as their depot).
      if (resource.kind === "hub-customer")
        return resource.customerId === company.id && resource.customerId !== resource.hub.operatorId;
      return resource.kind === "hub" && resource.hub.customerIds.includes(company.id);
    case "visitor":
      return resource.kind === "hub" && resource.hub.status === "open" && resource.hub.operatorId !== company.id;
    case "listed":
      return resource.kind === "hub" && resource.hub.status === "open";
    case "booked":
      return resource.kind === "charge" && resource.bookedBy.includes(company.id);
  }
}

/** The relations that hold for this principal under the rule (a closed hub keeps only its operator's for `whileOpen`). */
function relationsHold(rule: Rule, cell: Cell, principal: Principal, resource: Resource): boolean {
  const closed = rule.whileOpen && "hub" in resource && resource.hub.status !== "open";
  return cell.some((r) => (!closed || r === "own") && holds(r, principal, resource));
}

/** Whether a key's scopes give this one, itself or through a scope that includes it. */
export const hasScope = (scopes: readonly KeyScope[], scope: KeyScope) =>
  scopes.some((s) => s === scope || SCOPE_INCLUDES[s].includes(scope));

/** Whether the principal may do the action to the resource (nobody signed in may do nothing here). */
export function may(principal: Principal | null | undefined, action: Action, resource: Resource): boolean {
  const rule = RULES[action];
  if (!principal || rule.on !== resource.kind) return false;
  if (principal.vehicle) return relationsHold(rule, rule.vehicles ?? [], principal, resource);
  if (principal.apiKey) {
    if (!rule.key || !hasScope(principal.apiKey.scopes, rule.key.scope)) return false;
    return relationsHold(rule, rule.key.relations, principal, resource);
  }
  if (principal.isAdmin && rule.admins) return true;
  const cell = principal.company ? rule.members[principal.company.role] : undefined;
  return relationsHold(rule, cell ?? [], principal, resource);
}

/**
 * How a refusal answers: "missing" when the principal may not even see the thing (exactly as if it did not exist),
 * "forbidden" when they see it but may not do this; null when allowed.
 */
export function refusalOf(
  principal: Principal | null | undefined,
  action: Action,
  resource: Resource,
): "missing" | "forbidden" | null {
  if (may(principal, action, resource)) return null;
  const seen = RULES[action].seen;
  return seen && may(principal, seen, resource) ? "forbidden" : "missing";
}

/** The role-wide question a page asks to show or hide a form before any resource is read (the server asks again). */
export function mayAtAll(principal: Principal | null | undefined, action: Action): boolean {
  const rule = RULES[action];
  if (!principal) return false;
  if (principal.apiKey) return Boolean(rule.key && hasScope(principal.apiKey.scopes, rule.key.scope));
  if (principal.isAdmin && rule.admins) return true;
  return Boolean(principal.company && rule.members[principal.company.role]?.length);
}
