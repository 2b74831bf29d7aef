import { randomUUID } from "node:crypto";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { requireDepot, setDepotPosition } from "~/features/depots/index.server";
import {
  cancelBooking,
  changeHubStatus,
  hubStatement,
  requireHub,
  withdrawContract,
} from "~/features/hubs/index.server";
import { removeVehicleTag } from "~/features/vehicles/index.server";
import { may, refusalOf, type Action, type HubFacts, type Principal, type Resource } from "~/lib/access/policy";
import { COMPANY_ROLES, type CompanyRole } from "~/lib/company-roles";
import type { Runtime } from "~/lib/runtime.server";
import { parseMonth } from "~/lib/uk-clock";
import { UserError } from "~/lib/user-error";

import { companyData } from "../support/access-sweep";
import { insertDepot } from "../support/depots";
import { createTestDatabase } from "../support/test-database";
import { openTestRuntime } from "../support/test-runtime";

/**
 * Issue 58's property: random companies, roles, depot scopes, a hub in any status, contracts in any state and
 * bookings; random principals (members, admins, API keys of any scopes) asking the doors about random things of any
 * company's, or of none. No action the policy refuses succeeds; every refusal changes nothing (the rows are the same
 * before and after); a refused read answers exactly as for a thing that does not exist (the same status and words).
 * The expected answer comes from the policy's table and the world as generated, not from what the server reads.
 */
const SEED = Number(process.env.POLICY_SEED ?? Math.floor(Math.random() * 2 ** 31));
const MISSING = 987_654;

const worldArb = fc.record({
  companies: fc.array(
    fc.record({
      depots: fc.integer({ min: 1, max: 3 }),
      members: fc.array(fc.record({ role: fc.constantFrom(...COMPANY_ROLES), scope: fc.subarray([0, 1, 2]) }), {
        minLength: 1,
        maxLength: 4,
      }),
      contract: fc.constantFrom("accepted", "requested", "ended", "none"),
    }),
    { minLength: 2, maxLength: 3 },
  ),
  hubStatus: fc.constantFrom("proposed", "open", "suspended", "closed") as fc.Arbitrary<HubFacts["status"]>,
});
type Shape = typeof worldArb extends fc.Arbitrary<infer T> ? T : never;

type World = {
  companies: { id: number; depots: { id: number; tagId: number }[]; people: Principal[] }[];
  hub: { id: number; facts: HubFacts; contracts: { id: number; customerId: number; status: string }[] };
  bookings: { id: number; customerId: number }[];
  admin: Principal;
};

async function seed(runtime: Runtime, shape: Shape): Promise<World> {
  const db = runtime.database.db;
  const now = new Date().toISOString();
  const user = async (role: string | null = null) => {
    const id = randomUUID();
    await db
      .insertInto("user")
      .values({
        id,
        name: "P",
        email: `${id}@p.example`,
        emailVerified: 1,
        image: null,
        createdAt: now,
        updatedAt: now,
        role,
        banned: null,
        banReason: null,
        banExpires: null,
        twoFactorEnabled: null,
      })
      .execute();
    return id;
  };
  const companies: World["companies"] = [];
  for (const [c, spec] of shape.companies.entries()) {
    const { id } = await db
      .insertInto("companies")
      .values({
        company_name: `Prop ${c} ${randomUUID().slice(0, 6)}`,
        contact_name: null,
        contact_email: null,
        contact_phone: null,
        charging_strategy: null,
        updated_at: now,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    const ownerId = await user();
    const owner = await db
      .insertInto("company_members")
      .values({ company_id: id, user_id: ownerId, role: "owner" })
      .returning("id")
      .executeTakeFirstOrThrow();
    const depots: World["companies"][number]["depots"] = [];
    for (let d = 0; d < spec.depots; d++) {
      const depotId = await insertDepot(runtime, { user_id: ownerId, company_id: id, depot_name: `Yard ${c}.${d}` });
      const tag = `T${depotId}X${randomUUID().slice(0, 6)}`;
      const { id: tagId } = await db
        .insertInto("vehicle_tags")
        .values({ depot_id: depotId, tag, tag_key: tag.toLowerCase(), vehicle: "Van", group_id: null, created_at: now })
        .returning("id")
        .executeTakeFirstOrThrow();
      depots.push({ id: depotId, tagId });
    }
    const people: Principal[] = [{ id: ownerId, company: { id, name: "P", role: "owner", memberId: owner.id } }];
    for (const member of spec.members) {
      const userId = await user();
      const row = await db
        .insertInto("company_members")
        .values({ company_id: id, user_id: userId, role: member.role })
        .returning("id")
        .executeTakeFirstOrThrow();
      const scope =
        member.role === "depot_manager" ? member.scope.filter((k) => k < depots.length).map((k) => depots[k]!.id) : [];
      for (const depot_id of scope)
        await db.insertInto("member_depots").values({ member_id: row.id, depot_id }).execute();
      people.push({
        id: userId,
        company: {
          id,
          name: "P",
          role: member.role as CompanyRole,
          memberId: row.id,
          ...(member.role === "depot_manager" ? { depots: scope } : {}),
        },
      });
    }
    people.push({
      id: `api-key:${c}`,
      company: { id, name: "P", role: "fleet_manager", memberId: 0 },
      apiKey: { id: c, scopes: c % 2 ? ["fleet:read"] : ["fleet:read", "fleet:write", "hubs:book"] },
    });
    companies.push({ id, depots, people });
  }
  const operator = companies[0]!;
  const hubDepot = operator.depots[operator.depots.length - 1]!.id;
  const { id: hubId } = await db
    .insertInto("hubs")
    .values({
      depot_id: hubDepot,
      name: "Prop Hub",
      status: shape.hubStatus,
      open_days: "0,1,2,3,4,5,6",
      open_from: 0,
      open_to: 0,
      pence_per_kwh: 40,
      proposed_by: null,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  const contracts: World["hub"]["contracts"] = [];
  const bookings: World["bookings"] = [];
  for (const [c, spec] of shape.companies.entries()) {
    if (c === 0 || spec.contract === "none") continue;
    const customerId = companies[c]!.id;
    const { id } = await db
      .insertInto("hub_contracts")
      .values({
        hub_id: hubId,
        company_id: customerId,
        status: spec.contract as "accepted",
        vehicle_type: "Van",
        battery_kwh: 75,
        max_kw: 22,
        vehicles: 1,
        days: "0,1,2,3,4,5,6",
        arrive_from: 1080,
        arrive_to: 1140,
        depart_from: 300,
        depart_to: 360,
        energy_kwh: 20,
        pence_per_kwh: 40,
        pence_per_visit: 0,
        pence_per_reserved_hour: 0,
        overstay_pence_per_hour: 0,
        check_json: "{}",
        requested_by: null,
        decided_by: null,
        decided_at: null,
        decision_note: null,
        starts_on: null,
        ends_on: null,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    contracts.push({ id, customerId, status: spec.contract });
    if (spec.contract === "accepted") {
      const { id: bookingId } = await db
        .insertInto("hub_bookings")
        .values({
          contract_id: id,
          hub_id: hubId,
          company_id: customerId,
          visit_date: "2099-01-01",
          vehicle: "Van",
          tag: `B${id}`,
          status: "booked",
          expected_visit_id: null,
          arrives_at: null,
          holds_until: null,
          departs_at: null,
          needed_kwh: 20,
          created_by: null,
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      bookings.push({ id: bookingId, customerId });
    }
  }
  const customerIds = contracts.filter((c) => c.status === "accepted" || c.status === "ended").map((c) => c.customerId);
  const adminId = await user("admin");
  return {
    companies,
    hub: {
      id: hubId,
      facts: { operatorId: operator.id, depotId: hubDepot, status: shape.hubStatus, customerIds },
      contracts,
    },
    bookings,
    admin: { id: adminId, isAdmin: true },
  };
}

describe("the policy's doors over random worlds", () => {
  let runtime: Runtime;
  beforeAll(async () => {
    runtime = await openTestRuntime(await createTestDatabase("sqlite"));
  });
  afterAll(async () => {
    await runtime?.database.destroy();
  });

  it(`refuses what the policy refuses, changing nothing, and refused reads answer as missing (seed ${SEED}; replay: POLICY_SEED=${SEED})`, async () => {
    const op = fc.record({
      who: fc.nat(),
      kind: fc.constantFrom("depot", "tag", "booking", "withdraw", "status", "statement", "hub", "position"),
      target: fc.nat(),
      action: fc.constantFrom<Action>(
        "depot.read",
        "depot.change",
        "operations.read",
        "operations.change",
        "application.change",
      ),
      change: fc.constantFrom("suspend", "reopen", "close") as fc.Arbitrary<"suspend" | "reopen" | "close">,
      missing: fc.boolean(),
    });
    const seen = { allowed: 0, missing: 0, forbidden: 0, absent: 0 };
    await fc.assert(
      fc.asyncProperty(worldArb, fc.array(op, { minLength: 1, maxLength: 8 }), async (shape, ops) => {
        const world = await seed(runtime, shape);
        const everyone = [...world.companies.flatMap((c) => c.people), world.admin];
        const depots = world.companies.flatMap((c) => c.depots.map((d) => ({ ...d, companyId: c.id })));
        const facts = world.hub.facts;
        const hubThing = (customerId: number): Resource => ({
          kind: "hub-customer",
          companyId: facts.operatorId,
          depotId: facts.depotId,
          hub: facts,
          customerId,
        });
        const atHub: Resource = { kind: "hub", companyId: facts.operatorId, depotId: facts.depotId, hub: facts };
        for (const o of ops) {
          const who = everyone[o.who % everyone.length]!;
          const depot = depots[o.target % depots.length]!;
          const depotThing: Resource = { kind: "depot", companyId: depot.companyId, depotId: depot.id };
          const booking = world.bookings[o.target % Math.max(1, world.bookings.length)];
          const contract = world.hub.contracts[o.target % Math.max(1, world.hub.contracts.length)];
          const statementOf = world.companies[o.target % world.companies.length]!.id;
          // Only a company with a contract at the hub has a statement there.
          const hasStatement = world.hub.contracts.some((c) => c.customerId === statementOf);
          // Each door, what the policy says of it, and whether an allowed call changes the world.
          const calls = {
            depot: {
              run: (id: number) => requireDepot(runtime.database.db, who, id, o.action),
              action: o.action,
              thing: depotThing,
              id: depot.id,
              changes: false,
            },
            position: {
              run: (id: number) => setDepotPosition(runtime, who, id, { latitude: 51, longitude: -1 }),
              action: "depot.change" as Action,
              thing: depotThing,
              id: depot.id,
              changes: true,
            },
            tag: {
              run: (id: number) => removeVehicleTag(runtime, who, depot.id, id),
              action: "operations.change" as Action,
              thing: depotThing,
              id: depot.tagId,
              changes: true,
            },
            booking: booking && {
              run: (id: number) => cancelBooking(runtime, who, world.hub.id, id),
              action: "booking.cancel" as Action,
              thing: hubThing(booking.customerId),
              id: booking.id,
              changes: true,
            },
            withdraw: contract && {
              run: (id: number) => withdrawContract(runtime, who, id, world.hub.id),
              action: "contract.withdraw" as Action,
              thing: hubThing(contract.customerId),
              id: contract.id,
              changes: true,
            },
            status: {
              run: (id: number) => changeHubStatus(runtime, who, id, o.change),
              action: "hub.run" as Action,
              thing: atHub,
              id: world.hub.id,
              changes: true,
            },
            statement: {
              run: (id: number) => hubStatement(runtime, who, id, parseMonth(null), statementOf),
              action: "contract.read" as Action,
              thing: hubThing(statementOf),
              id: world.hub.id,
              changes: false,
            },
            hub: {
              run: (id: number) => requireHub(runtime, who, id),
              action: "hub.read" as Action,
              thing: atHub,
              id: world.hub.id,
              changes: false,
            },
          }[o.kind];
          if (!calls) continue;
          const answer = async (id: number) =>
            calls.run(id).then(
              () => ({ status: 200, message: "" }),
              (error: unknown) => {
                if (!(error instanceof UserError)) throw error;
                return { status: error.status, message: error.message };
              },
            );
          if (o.missing) {
            expect((await answer(MISSING)).status, `${o.kind} of a thing that is not there`).toBe(404);
            seen.absent += 1;
            continue;
          }
          if (o.kind === "statement" && !hasStatement) {
            expect(await answer(calls.id), "a statement that does not exist").toEqual(await answer(MISSING));
            continue;
          }
          const refusal = refusalOf(who, calls.action, calls.thing);
          if (!refusal) {
            seen.allowed += 1;
            const got = await answer(calls.id);
            expect([403, 404], `${o.kind}: the policy allows ${calls.action}, refused ${got.message}`).not.toContain(
              got.status,
            );
            if (calls.changes && got.status === 200) break; // the world changed: the generated facts no longer hold.
            continue;
          }
          seen[refusal] += 1;
          const before = await companyData(runtime.database.db);
          const got = await answer(calls.id);
          expect(await companyData(runtime.database.db), `${o.kind} refused changed nothing`).toEqual(before);
          if (refusal === "missing") expect(got, `${o.kind} refused as missing`).toEqual(await answer(MISSING));
          else expect([403, 409], `${o.kind} refused: ${got.message}`).toContain(got.status);
          expect(may(who, calls.action, calls.thing)).toBe(false);
        }
      }),
      { seed: SEED, numRuns: 120 },
    );
    // The generators reach every branch: allowed calls, refusals of each kind, and things that are not there.
    expect(Math.min(seen.allowed, seen.missing, seen.forbidden, seen.absent), JSON.stringify(seen)).toBeGreaterThan(3);
  }, 600_000);
});
