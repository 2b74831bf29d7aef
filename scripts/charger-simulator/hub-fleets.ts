/**
 * The fleets a simulated hub plays (issue 50): five hauliers with contracts the engine accepted, and their visits
 * booked for today and tomorrow. Hauliers already contracting at the hub are used as they are; the rest are made
 * ("Simulated haulier N", each its own company) and ask for capacity through the same functions a haulier's page
 * calls, so a pattern the hub cannot take is refused by the engine and tried with fewer vehicles. The hub's operator
 * (its company's owner) accepts.
 */
import { randomBytes } from "node:crypto";
import { DateTime } from "luxon";

import { listUserDepots, saveDepotList, type DepotViewer } from "~/features/depots/index.server";
import { bookingSchema, contractRequestSchema } from "~/features/hubs";
import { bookVisit, decideContract, requestContract, ukDays } from "~/features/hubs/index.server";
import { membershipsOf } from "~/features/team/index.server";
import { createUser } from "~/features/users/index.server";
import { addVehicleTag, ownerOfTag } from "~/features/vehicles/index.server";
import type { Runtime } from "~/lib/runtime.server";
import { UK_ZONE } from "~/lib/uk-dates";
import { UserError } from "~/lib/user-error";

/** Five visit patterns: overnight vans, a midday top-up, an evening trunk, weekend vans, an early round. */
const PATTERNS = [
  {
    days: [0, 1, 2, 3, 4],
    arriveFrom: "18:00",
    arriveTo: "19:00",
    departFrom: "05:00",
    departTo: "06:00",
    energyKwh: 45,
  },
  {
    days: [0, 1, 2, 3, 4, 5],
    arriveFrom: "11:00",
    arriveTo: "12:00",
    departFrom: "13:30",
    departTo: "14:00",
    energyKwh: 15,
  },
  {
    days: [0, 1, 2, 3, 4, 5, 6],
    arriveFrom: "20:00",
    arriveTo: "21:00",
    departFrom: "02:00",
    departTo: "03:00",
    energyKwh: 40,
  },
  { days: [5, 6], arriveFrom: "08:00", arriveTo: "09:00", departFrom: "15:00", departTo: "16:00", energyKwh: 50 },
  {
    days: [0, 1, 2, 3, 4],
    arriveFrom: "03:00",
    arriveTo: "04:00",
    departFrom: "06:30",
    departTo: "07:00",
    energyKwh: 20,
  },
];

export type Haulier = { viewer: DepotViewer; name: string };

/** The viewer of a company's owner, as the server sees them on a request. */
async function ownerOf(runtime: Runtime, companyId: number): Promise<DepotViewer> {
  const owner = await runtime.database.db
    .selectFrom("company_members")
    .innerJoin("user", "user.id", "company_members.user_id")
    .select(["user.id", "user.email"])
    .where("company_members.company_id", "=", companyId)
    .where("company_members.role", "=", "owner")
    .executeTakeFirstOrThrow();
  const company = (await membershipsOf(runtime.database.db, owner)).find((m) => m.id === companyId)!;
  return {
    id: owner.id,
    email: owner.email,
    company: { id: company.id, name: company.name, role: company.role, memberId: company.memberId },
  };
}

/** The hub's contracting hauliers, made up to five, each with an accepted contract. */
export async function hubHauliers(runtime: Runtime, hub: { id: number; companyId: number }): Promise<Haulier[]> {
  const operator = await ownerOf(runtime, hub.companyId);
  const contracting = await runtime.database.db
    .selectFrom("hub_contracts")
    .innerJoin("companies", "companies.id", "hub_contracts.company_id")
    .select(["company_id", "companies.company_name as name"])
    .distinct()
    .where("hub_id", "=", hub.id)
    .where("status", "=", "accepted")
    .where("ad_hoc", "=", 0)
    .execute();
  const hauliers: Haulier[] = [];
  for (const c of contracting.slice(0, 5))
    hauliers.push({ viewer: await ownerOf(runtime, c.company_id), name: c.name });
  for (let n = hauliers.length + 1; n <= 5; n++) {
    const email = `simulated-haulier-${n}-hub-${hub.id}@example.com`;
    const known = await runtime.database.db
      .selectFrom("user")
      .select("id")
      .where("email", "=", email)
      .executeTakeFirst();
    const user = known ?? (await createUser(runtime, { email, password: randomBytes(18).toString("base64url") }));
    const viewer = await ownerOf(
      runtime,
      (
        await runtime.database.db
          .selectFrom("company_members")
          .select("company_id")
          .where("user_id", "=", user.id)
          .where("role", "=", "owner")
          .executeTakeFirstOrThrow()
      ).company_id,
    );
    const name = `Simulated haulier ${n}`;
    await runtime.database.db
      .updateTable("companies")
      .set({ company_name: name })
      .where("id", "=", viewer.company!.id)
      .execute();
    const pattern = PATTERNS[n - 1]!;
    for (const vehicles of [3, 2, 1]) {
      try {
        const request = contractRequestSchema.parse({ vehicleType: "default:van", vehicles, ...pattern });
        const id = await requestContract(runtime, viewer, hub.id, request);
        await decideContract(runtime, operator, id, true, "Simulated");
        console.log(
          `${name}: ${vehicles} vans, ${pattern.arriveFrom}–${pattern.arriveTo} → ${pattern.departFrom}–${pattern.departTo}, accepted`,
        );
        break;
      } catch (error) {
        if (!(error instanceof UserError)) throw error;
        console.log(`${name}: ${vehicles} vans refused — ${error.message}`);
      }
    }
    hauliers.push({ viewer, name });
  }
  return hauliers;
}

/**
 * The haulier's vehicle tag, registered as its own (a hub books only a company's own vehicles' tags): at its first
 * depot, made for it when it has none.
 */
async function ownTag(runtime: Runtime, viewer: DepotViewer, tag: string, vehicle: string): Promise<void> {
  if ((await ownerOfTag(runtime.database.db, tag)) !== null) return;
  let depots = await listUserDepots(runtime, viewer);
  if (!depots.length) {
    await saveDepotList(runtime, viewer, [
      { name: `${viewer.company!.name} home depot`, address: "1 Simulated Road", notes: "" },
    ]);
    depots = await listUserDepots(runtime, viewer);
  }
  await addVehicleTag(runtime, viewer, depots[0]!.id, { tag, vehicle });
}

/** Books every contracted vehicle for today and tomorrow (where the contract covers the day and it is still to come). */
export async function bookTwoDays(runtime: Runtime, hubId: number, hauliers: Haulier[]): Promise<number> {
  let booked = 0;
  for (const { viewer } of hauliers) {
    const contracts = await runtime.database.db
      .selectFrom("hub_contracts")
      .selectAll()
      .where("hub_id", "=", hubId)
      .where("company_id", "=", viewer.company!.id)
      .where("status", "=", "accepted")
      .where("ad_hoc", "=", 0)
      .execute();
    for (const contract of contracts)
      for (const day of ukDays(2))
        for (let n = 1; n <= contract.vehicles; n++) {
          const tag = `H${contract.company_id}-${contract.id}-${n}`;
          await ownTag(runtime, viewer, tag, `Van ${contract.id}-${n}`);
          try {
            await bookVisit(
              runtime,
              viewer,
              contract.hub_id,
              bookingSchema.parse({
                contractId: contract.id,
                visitDate: day.value,
                vehicle: `Van ${contract.id}-${n}`,
                tag,
              }),
            );
            booked++;
          } catch (error) {
            // A day it does not cover, an arrival already past, or booked on an earlier run: nothing to do.
            if (!(error instanceof UserError)) throw error;
          }
        }
  }
  return booked;
}

/** Today's and tomorrow's booked visits at the hub's depot: when each arrives (within its window) and leaves. */
export async function bookedVisits(runtime: Runtime, hubId: number) {
  const rows = await runtime.database.db
    .selectFrom("hub_bookings")
    .innerJoin("expected_visits", "expected_visits.id", "hub_bookings.expected_visit_id")
    .innerJoin("hub_contracts", "hub_contracts.id", "hub_bookings.contract_id")
    .select([
      "hub_bookings.tag",
      "expected_visits.arrives_at as arrivesAt",
      "expected_visits.departs_at as departsAt",
      "hub_contracts.arrive_from as arriveFrom",
      "hub_contracts.arrive_to as arriveTo",
      "hub_contracts.depart_from as departFrom",
      "hub_contracts.depart_to as departTo",
      "hub_contracts.energy_kwh as energyKwh",
      "hub_contracts.battery_kwh as batteryKwh",
      "hub_contracts.max_kw as maxKw",
    ])
    .where("hub_bookings.hub_id", "=", hubId)
    .where("hub_bookings.status", "=", "booked")
    .where("hub_bookings.visit_date", ">=", DateTime.now().setZone(UK_ZONE).minus({ days: 1 }).toISODate()!)
    .execute();
  const span = (from: number, to: number) => ((((to - from) % 1440) + 1440) % 1440) * 60_000;
  return rows.map((r) => {
    const latest = Date.parse(String(r.arrivesAt));
    const earliestLeave = Date.parse(String(r.departsAt));
    // Anywhere in its windows: arriving up to the window's width early, leaving up to its width late.
    const arriveAt = latest - Math.random() * span(r.arriveFrom, r.arriveTo);
    const leaveAt = earliestLeave + Math.random() * span(r.departFrom, r.departTo);
    return { tag: r.tag, arriveAt, leaveAt, energyKwh: r.energyKwh, batteryKwh: r.batteryKwh, maxKw: r.maxKw };
  });
}
