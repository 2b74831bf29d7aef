import { sql, type Kysely } from "kysely";

import type { Target } from "~/access-actions";
import type { Outcome } from "~/access-table";
import { may, RULES, type Action, type HubFacts, type Principal, type Resource } from "~/lib/access/policy";
import type { Database } from "~/lib/db/schema";

import type { AccessWorld } from "./access-world";

/**
 * The access sweep's world as the policy reads it (tests/integration/access-sweep.test.ts): each target's variants
 * (the principal's own things and another company's, with real ids), what each puts in the URL and the form, and the
 * answer the policy says the server must give.
 */
export type Variant = {
  name: string;
  /** Path parameters and form fields naming the thing. */
  path: Record<string, string>;
  form: Record<string, string>;
  /** The thing as the policy reads it, by kind; null when the address names nothing that is there. */
  resource: (kind: Resource["kind"], principal: Principal | null) => Resource | null;
};

export function hubFacts(world: AccessWorld, status: HubFacts["status"] = "open"): HubFacts {
  return { operatorId: world.alpha.id, depotId: world.hub.depotId, status, customerIds: [world.bravo.id] };
}

const depotVariant = (name: string, depotId: number, companyId: number, extra: Record<string, string> = {}) => ({
  name,
  path: { id: String(depotId), depotId: String(depotId), ...extra },
  form: { depotId: String(depotId), ...extra },
  resource: (kind: Resource["kind"]): Resource =>
    kind === "company" ? { kind: "company", companyId } : { kind: "depot", companyId, depotId },
});

/** The variants of each target: every thing of Alpha's and Bravo's the sweep names, and some that do not match. */
export function variantsOf(target: Target, world: AccessWorld): Variant[] {
  const { alpha, bravo } = world;
  const hub = hubFacts(world);
  const atHub =
    (customerId: number) =>
    (kind: Resource["kind"]): Resource =>
      kind === "hub"
        ? { kind: "hub", companyId: alpha.id, depotId: hub.depotId, hub }
        : { kind: "hub-customer", companyId: alpha.id, depotId: hub.depotId, hub, customerId };
  const hubPath = { hubId: String(world.hub.id) };
  switch (target) {
    case "depot":
      return [
        depotVariant("Alpha's first depot", alpha.depots[0].id, alpha.id),
        depotVariant("Alpha's hub depot", alpha.depots[1].id, alpha.id),
        depotVariant("Bravo's first depot", bravo.depots[0].id, bravo.id),
      ];
    case "charger":
    case "tag": {
      const field = target === "charger" ? "chargePointId" : "tagId";
      const idOf = (c: typeof alpha) => String(target === "charger" ? c.chargePointId : c.tagId);
      return [
        depotVariant(`Alpha's ${target} at its depot`, alpha.depots[0].id, alpha.id, { [field]: idOf(alpha) }),
        depotVariant(`Bravo's ${target} at its depot`, bravo.depots[0].id, bravo.id, { [field]: idOf(bravo) }),
        // Another depot's, named at this one: not found, whoever asks.
        {
          ...depotVariant(`Bravo's ${target} at Alpha's depot`, alpha.depots[0].id, alpha.id, { [field]: idOf(bravo) }),
          resource: () => null,
        },
      ];
    }
    case "hub":
      return [{ name: "Alpha's hub", path: hubPath, form: { hubId: String(world.hub.id) }, resource: atHub(bravo.id) }];
    case "contract":
      return [
        {
          name: "Bravo's contract",
          path: hubPath,
          form: { contractId: String(world.hub.contractId) },
          resource: atHub(bravo.id),
        },
      ];
    case "booking":
      return [
        {
          name: "Bravo's booking",
          path: { ...hubPath, bookingId: String(world.hub.bookingId) },
          form: { bookingId: String(world.hub.bookingId) },
          resource: atHub(bravo.id),
        },
      ];
    case "dispute":
      return [
        {
          name: "Bravo's dispute",
          path: hubPath,
          form: { disputeId: String(world.hub.disputeId) },
          resource: atHub(bravo.id),
        },
      ];
    case "statement":
      return [
        {
          name: "its own statement at Alpha's hub",
          path: hubPath,
          form: { month: new Date().toISOString().slice(0, 7), line: "0" },
          resource: (kind, principal) => atHub(principal?.company?.id ?? 0)(kind),
        },
      ];
    case "company":
      return [
        {
          name: "its own company",
          path: {},
          form: {},
          resource: (_kind, principal) =>
            principal?.company ? { kind: "company", companyId: principal.company.id } : null,
        },
      ];
    case "self":
      return [
        {
          name: "its own place",
          path: {},
          form: {},
          resource: (_kind, principal) =>
            principal?.company ? { kind: "membership", companyId: principal.company.id, userId: principal.id } : null,
        },
      ];
    case "consultancy":
      return [{ name: "the consultancy", path: {}, form: {}, resource: () => ({ kind: "consultancy" }) }];
  }
}

/** What the policy says the server answers: allowed, refused as missing (404), refused (403), or for a hub's status (409). */
export function expected(
  principal: Principal | null,
  action: Action,
  variant: Variant,
  read?: Action,
): "allowed" | 404 | 403 | 409 {
  const resource = variant.resource(RULES[action].on, principal);
  if (!resource) return 404;
  if (may(principal, action, resource)) return "allowed";
  const seen = read ?? RULES[action].seen;
  const seenResource = seen ? variant.resource(RULES[seen].on, principal) : null;
  if (!seen || !seenResource || !may(principal, seen, seenResource)) return 404;
  return "hub" in resource && resource.hub.status !== "open" ? 409 : 403;
}

/** A page's answer as the access table names it. */
export function outcomeOf(response: Response, requested: string): Outcome | string {
  if (response.status >= 300 && response.status < 400) {
    const location = new URL(response.headers.get("location") ?? "", "http://x");
    if (location.pathname === "/auth" && location.searchParams.get("redirectTo") === requested) return "sign-in";
    return `${location.pathname}${location.search}`;
  }
  if (response.status === 404) return "not-found";
  if (response.status === 403) return "forbidden";
  if (response.status >= 200 && response.status < 300) return "ok";
  return `status ${response.status}`;
}

/** The company data the sweep must leave as it found it (sessions, rate limits and the API's own trail aside). */
export async function companyData(db: Kysely<Database>): Promise<Record<string, unknown>> {
  const tables = [
    "companies",
    "company_members",
    "member_depots",
    "company_invitations",
    "company_activity",
    "depots",
    "depot_plans",
    "depot_designs",
    "plan_scenarios",
    "trip_imports",
    "survey_photos",
    "connection_applications",
    "roadmaps",
    "charge_points",
    "vehicle_tags",
    "tag_owners",
    "vehicle_states",
    "charging_sessions",
    "site_meter_readings",
    "hubs",
    "hub_contracts",
    "hub_bookings",
    "expected_visits",
    "statement_disputes",
    "user",
  ];
  const rows: Record<string, unknown> = {};
  for (const table of tables) rows[table] = (await sql`select * from ${sql.table(table)} order by 1`.execute(db)).rows;
  rows.api_keys = (
    await sql`select id, company_id, name, revoked_at, scopes from api_keys order by 1`.execute(db)
  ).rows;
  return rows;
}

/**
 * A hub's statements as their pages name them: Bravo's (the operator and the admins ask for it by its company), and
 * each principal's own, which only a customer has (anyone else's is a statement that does not exist).
 */
export function statementsOf(world: AccessWorld): Variant[] {
  const hub = hubFacts(world);
  const month = new Date().toISOString().slice(0, 7);
  const of = (customerId: number): Resource => ({
    kind: "hub-customer",
    companyId: world.alpha.id,
    depotId: hub.depotId,
    hub,
    customerId,
  });
  return [
    {
      name: "Bravo's statement",
      path: { hubId: String(world.hub.id) },
      form: { month, company: String(world.bravo.id) },
      resource: () => of(world.bravo.id),
    },
    {
      name: "its own statement",
      path: { hubId: String(world.hub.id) },
      form: { month },
      resource: (_kind, principal) =>
        principal?.company && hub.customerIds.includes(principal.company.id) ? of(principal.company.id) : null,
    },
  ];
}
