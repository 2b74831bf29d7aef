import fc from "fast-check";

import { createUser } from "~/features/users/index.server";
import { COMPANY_ROLES, type CompanyRole } from "~/lib/company-roles";
import type { Runtime } from "~/lib/runtime.server";

import { seedDepot, type TeamDepot } from "./team-fixture";

/*
 * The random teams of the team property test (tests/integration/team-access-property.test.ts): companies with 1–3
 * depots, members with random roles and depot scopes, names that no other text contains.
 */

export type Depot = TeamDepot & { companyId: number; token: string; quote: number };
export type Person = {
  email: string;
  password: string;
  companyId: number;
  role: CompanyRole;
  scope: number[];
  cookie: string;
  memberOf: number[];
};

export const worldArb: fc.Arbitrary<World> = fc.array(
  fc.record({
    depots: fc.integer({ min: 1, max: 3 }),
    members: fc.array(
      fc.record({
        role: fc.constantFrom(...COMPANY_ROLES),
        scope: fc.array(fc.nat(2), { minLength: 1, maxLength: 3 }),
      }),
      { maxLength: 3 },
    ),
  }),
  { minLength: 2, maxLength: 3 },
);
export type World = { depots: number; members: { role: CompanyRole; scope: number[] }[] }[];

/** A token no other text contains: found in a body, it can only have come from its depot or company. */
const token = (kind: string, i: number, seed: number) => `${kind}${i}Q${(seed % 9973).toString(36)}X`;

export async function seedWorld(runtime: Runtime, world: World, seed: number) {
  const depots: Depot[] = [];
  const people: Omit<Person, "cookie">[] = [];
  const companies: { id: number; name: string }[] = [];
  for (const [c, shape] of world.entries()) {
    const owner = { email: `owner${c}@prop.example`, password: `owner-${c}-password` };
    const created = await createUser(runtime, owner);
    const { company_id: companyId } = await runtime.database.db
      .selectFrom("company_members")
      .select("company_id")
      .where("user_id", "=", created.id)
      .executeTakeFirstOrThrow();
    const name = token("Company", c, seed);
    await runtime.database.db
      .updateTable("companies")
      .set({ company_name: name, details_saved: 1, contact_name: "C", contact_email: owner.email, contact_phone: "0" })
      .where("id", "=", companyId)
      .execute();
    companies.push({ id: companyId, name });
    const own: Depot[] = [];
    for (let d = 0; d < shape.depots; d++) {
      const i = depots.length + own.length;
      const quote = 7_000_000 + i * 1_111;
      const seeded = await seedDepot(runtime, created.id, token("Yard", i, seed), {
        notes: token("Note", i, seed),
        quotePounds: quote,
      });
      own.push({ ...seeded, companyId, token: token("Yard", i, seed), quote });
    }
    depots.push(...own);
    people.push({ ...owner, companyId, role: "owner", scope: [], memberOf: [companyId] });
    for (const [m, member] of shape.members.entries()) {
      const login = { email: `m${c}-${m}@prop.example`, password: `member-${c}-${m}-password` };
      const user = await createUser(runtime, login, { ownCompany: false });
      const scope =
        member.role === "depot_manager" ? [...new Set(member.scope.map((k) => own[k % own.length]!.id))] : [];
      await addMember(runtime, companyId, user.id, member.role, scope);
      people.push({ ...login, companyId, role: member.role, scope, memberOf: [companyId] });
    }
  }
  // A consultant in the first two companies: the first is their current one, the second must stay out of reach.
  const consultant = { email: "consultant@prop.example", password: "consultant-password" };
  const user = await createUser(runtime, consultant, { ownCompany: false });
  await addMember(runtime, companies[0]!.id, user.id, "fleet_manager", []);
  await addMember(runtime, companies[1]!.id, user.id, "owner", []);
  people.push({
    ...consultant,
    companyId: companies[0]!.id,
    role: "fleet_manager",
    scope: [],
    memberOf: [companies[0]!.id, companies[1]!.id],
  });
  return { depots, people, companies };
}

export async function addMember(
  runtime: Runtime,
  companyId: number,
  userId: string,
  role: CompanyRole,
  scope: number[],
) {
  const member = await runtime.database.db
    .insertInto("company_members")
    .values({ company_id: companyId, user_id: userId, role })
    .returning("id")
    .executeTakeFirstOrThrow();
  if (scope.length)
    await runtime.database.db
      .insertInto("member_depots")
      .values(scope.map((depot_id) => ({ member_id: member.id, depot_id })))
      .execute();
}

export const reaches = (person: Person, depot: Depot) =>
  depot.companyId === person.companyId && (person.role !== "depot_manager" || person.scope.includes(depot.id));
