import fc from "fast-check";
import { describe, expect, it } from "vitest";

import { COMPANY_ROLES, type CompanyRole } from "~/lib/company-roles";

import { ACTIONS, KEY_SCOPES, may, refusalOf, RULES, type HubFacts, type Principal, type Resource } from "./policy";

const ALPHA = 1;
const BRAVO = 2;
const person = (role: CompanyRole, company = ALPHA, depots: number[] = [11]): Principal => ({
  id: `${role}-${company}`,
  company: { id: company, name: `Company ${company}`, role, memberId: 100 + company, depots },
});
const admin: Principal = { id: "admin", isAdmin: true };
const key = (scopes: Principal["apiKey"] extends infer K ? (K extends { scopes: infer S } ? S : never) : never) => ({
  id: "api-key:1",
  company: { id: BRAVO, name: "Bravo", role: "fleet_manager" as const, memberId: 0 },
  apiKey: { id: 1, scopes },
});
const depot = (depotId: number, companyId = ALPHA): Resource => ({ kind: "depot", companyId, depotId });
const hub = (status: HubFacts["status"], customerIds: number[] = [BRAVO]): HubFacts => ({
  operatorId: ALPHA,
  depotId: 12,
  status,
  customerIds,
});
const atHub = (facts: HubFacts): Resource => ({ kind: "hub", companyId: ALPHA, depotId: 12, hub: facts });
const forCustomer = (facts: HubFacts, customerId = BRAVO): Resource => ({
  kind: "hub-customer",
  companyId: ALPHA,
  depotId: 12,
  hub: facts,
  customerId,
});

describe("the policy", () => {
  it("lets a depot manager reach only their depots, and a viewer change nothing", () => {
    expect(may(person("depot_manager"), "depot.change", depot(11))).toBe(true);
    expect(refusalOf(person("depot_manager"), "depot.change", depot(13))).toBe("missing");
    expect(refusalOf(person("viewer"), "depot.change", depot(11))).toBe("forbidden");
    expect(refusalOf(person("owner", BRAVO), "depot.read", depot(11))).toBe("missing");
  });

  it("keeps a hub's spending to the customer's company-wide roles (issue 58, finding 1)", () => {
    const open = hub("open");
    for (const action of ["contract.book", "booking.cancel", "statement.dispute", "contract.withdraw"] as const) {
      expect(may(person("owner", BRAVO), action, forCustomer(open)), action).toBe(true);
      expect(may(person("fleet_manager", BRAVO), action, forCustomer(open)), action).toBe(true);
      expect(refusalOf(person("depot_manager", BRAVO), action, forCustomer(open)), action).toBe("forbidden");
      expect(refusalOf(person("viewer", BRAVO), action, forCustomer(open)), action).toBe("forbidden");
    }
    expect(refusalOf(person("depot_manager", BRAVO), "hub.visit", atHub(open))).toBe("forbidden");
    // Another customer's booking is as if it did not exist; the operator's company never books its own hub.
    expect(refusalOf(person("owner", 3), "booking.cancel", forCustomer(open))).toBe("missing");
    expect(may(person("owner", ALPHA), "hub.visit", atHub(open))).toBe(false);
  });

  it("takes nothing from customers at a suspended or closed hub, and keeps it visible to them", () => {
    for (const status of ["suspended", "closed"] as const) {
      const facts = hub(status);
      expect(may(person("owner", BRAVO), "contract.book", forCustomer(facts))).toBe(false);
      expect(may(person("owner", BRAVO), "booking.cancel", forCustomer(facts))).toBe(false);
      expect(may(person("owner", BRAVO), "hub.live", atHub(facts))).toBe(false);
      expect(may(person("viewer", BRAVO), "contract.read", forCustomer(facts))).toBe(true);
      expect(may(person("owner", BRAVO), "hub.read", atHub(facts))).toBe(true);
      // A company that was never a customer does not see a hub that is not open.
      expect(may(person("owner", 3), "hub.read", atHub(facts))).toBe(false);
      // Its operator still runs it and follows it.
      expect(may(person("fleet_manager", ALPHA), "hub.run", atHub(facts))).toBe(true);
      expect(may(person("viewer", ALPHA), "hub.live", atHub(facts))).toBe(true);
    }
  });

  it("lets the hub's stream follow only its operator and its customers (finding 4)", () => {
    const open = hub("open");
    expect(may(person("owner", 3), "hub.live", atHub(open))).toBe(false);
    expect(may(person("viewer", BRAVO), "hub.live", atHub(open))).toBe(true);
    // An operator's depot manager of another depot sees the open hub but does not follow its yard.
    expect(may(person("depot_manager", ALPHA, [11]), "hub.read", atHub(open))).toBe(true);
    expect(may(person("depot_manager", ALPHA, [11]), "hub.live", atHub(open))).toBe(false);
  });

  it("gives an API key only its scopes, and only its company's things", () => {
    expect(may(key(["fleet:read"]), "operations.read", depot(21, BRAVO))).toBe(true);
    expect(refusalOf(key(["fleet:read"]), "operations.tell", depot(21, BRAVO))).toBe("forbidden");
    expect(may(key(["fleet:write"]), "operations.tell", depot(21, BRAVO))).toBe(true);
    expect(refusalOf(key([...KEY_SCOPES]), "operations.read", depot(11, ALPHA))).toBe("missing");
    expect(may(key(["hubs:book"]), "contract.book", forCustomer(hub("open")))).toBe(true);
    expect(may(key(["fleet:read", "fleet:write"]), "contract.book", forCustomer(hub("open")))).toBe(false);
    // A key is never a team's owner.
    expect(may(key([...KEY_SCOPES]), "team.manage", { kind: "company", companyId: BRAVO })).toBe(false);
  });

  it("lets the admins operate any depot but not plan it, and run any hub", () => {
    expect(may(admin, "operations.change", depot(11))).toBe(true);
    expect(may(admin, "application.change", depot(11))).toBe(true);
    expect(may(admin, "depot.change", depot(11))).toBe(false);
    expect(may(admin, "hub.decide", forCustomer(hub("open")))).toBe(true);
    expect(may(admin, "contract.book", forCustomer(hub("open")))).toBe(false);
    expect(may(null, "company.read", { kind: "company", companyId: ALPHA })).toBe(false);
  });

  it("never lets anyone do what they may not see (every action's read allows at least as much)", () => {
    const principal = fc.oneof(
      fc.record({
        role: fc.constantFrom(...COMPANY_ROLES),
        company: fc.constantFrom(ALPHA, BRAVO, 3),
        depots: fc.subarray([11, 12, 13]),
      }),
      fc.constant("admin" as const),
      fc.subarray([...KEY_SCOPES]).map((scopes) => ({ scopes })),
    );
    const facts = fc.record({
      status: fc.constantFrom("proposed", "open", "suspended", "closed") as fc.Arbitrary<HubFacts["status"]>,
      customerIds: fc.subarray([ALPHA, BRAVO, 3]),
    });
    const resource = fc.oneof(
      fc
        .record({ depotId: fc.constantFrom(11, 12, 13, 21), companyId: fc.constantFrom(ALPHA, BRAVO) })
        .map(({ depotId, companyId }) => depot(depotId, companyId)),
      facts.map((f) => atHub(hub(f.status, f.customerIds))),
      fc.tuple(facts, fc.constantFrom(ALPHA, BRAVO, 3)).map(([f, c]) => forCustomer(hub(f.status, f.customerIds), c)),
      fc.constantFrom(ALPHA, BRAVO).map((companyId): Resource => ({ kind: "company", companyId })),
    );
    fc.assert(
      fc.property(principal, resource, fc.constantFrom(...ACTIONS), (who, thing, action) => {
        const p: Principal =
          who === "admin"
            ? admin
            : "scopes" in who
              ? key(who.scopes)
              : person(who.role, who.company, who.role === "depot_manager" ? who.depots : undefined);
        const seen = RULES[action].seen;
        if (seen && may(p, action, thing)) expect(may(p, seen, thing), `${action} ⇒ ${seen}`).toBe(true);
      }),
      { numRuns: 3000 },
    );
  });
});
