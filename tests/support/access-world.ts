import { registerChargePoint } from "~/features/chargers/index.server";
import { TARIFF_PRESETS } from "~/features/charging-engine";
import { createApiKey } from "~/features/fleet-api/index.server";
import { adHocSchema, bookingSchema, contractRequestSchema, hubOfferSchema } from "~/features/hubs";
import { bookAdHoc, bookVisit, decideContract, offerHub, requestContract, ukDays } from "~/features/hubs/index.server";
import { defaultPlanInput } from "~/features/planning";
import { saveScenario } from "~/features/planning/index.server";
import { inviteMember } from "~/features/team/index.server";
import { createUser } from "~/features/users/index.server";
import { addVehicleTag } from "~/features/vehicles/index.server";
import type { SessionUser } from "~/lib/auth/session.server";
import type { CompanyRole } from "~/lib/company-roles";
import type { Runtime } from "~/lib/runtime.server";

import { seedDepot, type TeamDepot } from "./team-fixture";
import { addMember } from "./team-world";
import { viewerOf } from "./viewers";

/**
 * Two companies with one of everything a company owns or uses (issues 57 and 58), for the tests that try every
 * route and action with real ids of the principal's own things and of the other company's:
 *
 * - each company: an owner, a fleet manager, a depot manager (of its first depot), a viewer; two depots, each with a
 *   plan, a survey photo, a connection application and its quote; a scenario; a charger and a vehicle tag on the
 *   first depot; an API key; a pending invitation;
 * - Alpha runs a hub on its second depot (open; a visit fee so every booking is a statement line); Bravo is its
 *   customer: an accepted contract, a booking within it, a single visit at the list price and a dispute;
 * - an admin of the consultancy (with a company of their own, as every account has).
 */
export type WorldCompany = {
  id: number;
  name: string;
  people: Record<CompanyRole, Login>;
  depots: [TeamDepot, TeamDepot];
  chargePointId: number;
  tagId: number;
  apiKey: string;
  apiKeyId: number;
  invitationId: number;
  memberIds: Record<CompanyRole, number>;
};
export type Login = { email: string; password: string; userId: string; viewer: SessionUser };
export type AccessWorld = {
  alpha: WorldCompany;
  bravo: WorldCompany;
  admin: Login;
  hub: {
    id: number;
    depotId: number;
    contractId: number;
    bookingId: number;
    visitBookingId: number;
    disputeId: number;
  };
};

const ROLES: CompanyRole[] = ["owner", "fleet_manager", "depot_manager", "viewer"];

async function seedCompany(runtime: Runtime, key: "alpha" | "bravo", name: string): Promise<WorldCompany> {
  const people = {} as Record<CompanyRole, Login>;
  const memberIds = {} as Record<CompanyRole, number>;
  const login = (role: CompanyRole) => ({ email: `${key}-${role}@world.example`, password: `${key}-${role}-password` });
  const ownerUser = await createUser(runtime, { ...login("owner"), name: `${name} Owner` });
  let owner = await viewerOf(runtime, ownerUser);
  const id = owner.company!.id;
  await runtime.database.db.updateTable("companies").set({ company_name: name }).where("id", "=", id).execute();
  owner = await viewerOf(runtime, ownerUser);
  people.owner = { ...login("owner"), userId: ownerUser.id, viewer: owner };
  memberIds.owner = owner.company!.memberId;
  const depots = [
    await seedDepot(runtime, ownerUser.id, `${name} North Yard`, { notes: `${key} north notes`, quotePounds: 41_001 }),
    await seedDepot(runtime, ownerUser.id, `${name} South Yard`, { notes: `${key} south notes`, quotePounds: 42_002 }),
  ] as [TeamDepot, TeamDepot];
  for (const role of ROLES.slice(1)) {
    const user = await createUser(runtime, login(role), { ownCompany: false });
    await addMember(runtime, id, user.id, role, role === "depot_manager" ? [depots[0].id] : []);
    const viewer = await viewerOf(runtime, user);
    people[role] = { ...login(role), userId: user.id, viewer };
    memberIds[role] = viewer.company!.memberId;
  }
  const charger = await registerChargePoint(runtime, owner, depots[0].id, {
    identity: `${key.toUpperCase()}-CP-1`,
    name: `${name} Bay 1`,
    connectors: 2,
    maxKw: 22,
    currentType: "AC",
  });
  const tag = await addVehicleTag(runtime, owner, depots[0].id, {
    tag: `${key.toUpperCase()}-VAN-1`,
    vehicle: `${key.slice(0, 2).toUpperCase()}11 VAN`,
  });
  await saveScenario(runtime, owner, depots[0].id, { name: `${name} scenario` });
  const apiKey = await createApiKey(runtime, owner, { name: `${name} telematics` });
  await inviteMember(runtime, owner, { email: `${key}-invited@world.example`, role: "viewer", depotIds: [] });
  const invitation = await runtime.database.db
    .selectFrom("company_invitations")
    .select("id")
    .where("company_id", "=", id)
    .executeTakeFirstOrThrow();
  const apiKeyRow = await runtime.database.db
    .selectFrom("api_keys")
    .select("id")
    .where("company_id", "=", id)
    .executeTakeFirstOrThrow();
  return {
    id,
    name,
    people,
    depots,
    chargePointId: charger.id,
    tagId: tag.id,
    apiKey: apiKey.key,
    apiKeyId: apiKeyRow.id,
    invitationId: invitation.id,
    memberIds,
  };
}

export async function seedAccessWorld(runtime: Runtime): Promise<AccessWorld> {
  const alpha = await seedCompany(runtime, "alpha", "Alpha Haulage");
  const bravo = await seedCompany(runtime, "bravo", "Bravo Freight");
  const adminUser = await createUser(runtime, {
    email: "admin@world.example",
    password: "admin-world-password",
    role: "admin",
  });
  const admin = {
    email: "admin@world.example",
    password: "admin-world-password",
    userId: adminUser.id,
    viewer: await viewerOf(runtime, { ...adminUser, role: "admin" }),
  };
  // Alpha's hub on its second depot, approved by the consultancy: four 22 kW chargers, room for them all, and no
  // fleet of its own (its one van never leaves).
  const hubDepot = alpha.depots[1];
  const inputs = defaultPlanInput({ vehicles: 1, chargers: [{ name: "AC 22", powerKw: 22, count: 4 }] });
  inputs.vehicles[0]!.week = [null, null, null, null, null, null, null];
  inputs.site = { ...inputs.site, connectionKva: 100, powerFactor: 1, buildingKw: 0 };
  inputs.tariff = TARIFF_PRESETS.flat;
  await runtime.database.db
    .updateTable("depot_plans")
    .set({ inputs: JSON.stringify(inputs) })
    .where("depot_id", "=", hubDepot.id)
    .execute();
  const hubId = await offerHub(
    runtime,
    alpha.people.owner.viewer,
    hubOfferSchema.parse({
      depotId: hubDepot.id,
      name: "Alpha Hub",
      openDays: [0, 1, 2, 3, 4, 5, 6],
      openFrom: "00:00",
      openTo: "00:00",
      pencePerKwh: 40,
      pencePerVisit: 500,
      pencePerReservedHour: 0,
      overstayPencePerHour: 0,
      graceMinutes: 30,
    }),
  );
  await runtime.database.db.updateTable("hubs").set({ status: "open" }).where("id", "=", hubId).execute();
  const bravoOwner = bravo.people.owner.viewer;
  const contractId = await requestContract(
    runtime,
    bravoOwner,
    hubId,
    contractRequestSchema.parse({
      vehicleType: "default:van",
      vehicles: 1,
      days: [0, 1, 2, 3, 4, 5, 6],
      arriveFrom: "18:00",
      arriveTo: "19:00",
      departFrom: "05:00",
      departTo: "06:00",
      energyKwh: 20,
    }),
  );
  await decideContract(runtime, alpha.people.owner.viewer, contractId, true, null);
  const days = ukDays(14);
  const bookingId = await bookVisit(
    runtime,
    bravoOwner,
    hubId,
    bookingSchema.parse({ contractId, visitDate: days[1]!.value, vehicle: "BR11 VAN", tag: "BRAVO-VAN-1" }),
  );
  const visitBookingId = await bookAdHoc(
    runtime,
    bravoOwner,
    hubId,
    adHocSchema.parse({
      visitDate: days[2]!.value,
      arriveAt: "10:00",
      departAt: "12:00",
      vehicleType: "default:van",
      energyKwh: 10,
      vehicle: "BR11 VAN",
      tag: "BRAVO-VAN-1",
    }),
  );
  // A dispute of a line of this month's statement, as the customer raised it.
  const dispute = await runtime.database.db
    .insertInto("statement_disputes")
    .values({
      hub_id: hubId,
      company_id: bravo.id,
      month: days[0]!.value.slice(0, 7),
      line: "Visit fee",
      pence: 500,
      reason: "We did not visit that day",
      status: "open",
      resolution: null,
      created_by: bravo.people.owner.userId,
      created_at: new Date().toISOString(),
      resolved_by: null,
      resolved_at: null,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return {
    alpha,
    bravo,
    admin,
    hub: { id: hubId, depotId: hubDepot.id, contractId, bookingId, visitBookingId, disputeId: dispute.id },
  };
}
