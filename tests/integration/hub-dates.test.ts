import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { adHocSchema, bookingSchema, contractRequestSchema } from "~/features/hubs";
import {
  bookAdHoc,
  bookVisit,
  cancelBooking,
  decideContract,
  hubBookings,
  requestContract,
  requireHub,
  setHubPrices,
  ukDays,
} from "~/features/hubs/index.server";
import { createUser } from "~/features/users/index.server";
import type { SessionUser } from "~/lib/auth/session.server";
import type { Runtime } from "~/lib/runtime.server";

import { HUB_PRICES, ownVehicle, seedAdminHub } from "../support/hub-fixture";
import { createTestDatabase, ENGINES } from "../support/test-database";
import { openTestRuntime } from "../support/test-runtime";
import { viewerOf } from "../support/viewers";

/** Two vans every night, 40 kWh each: at a hub of two chargers, they take both from 19:00 to 05:00. */
const nights = (fields: Record<string, unknown> = {}) =>
  contractRequestSchema.parse({
    vehicleType: "default:van",
    vehicles: 2,
    days: [0, 1, 2, 3, 4, 5, 6],
    arriveFrom: "18:00",
    arriveTo: "19:00",
    departFrom: "05:00",
    departTo: "06:00",
    energyKwh: 40,
    ...fields,
  });

/**
 * Contracts between dates and single visits at the list price (issue 50) on both engines: a contract fills only the
 * dates it runs; a booking outside them is refused; a single visit is taken only where room is left (two at once for
 * the last charger: one), at the price of the day, and cancelled it gives its room back.
 */
describe.each(ENGINES)("contract dates and single visits on %s", (engine) => {
  let runtime: Runtime;
  let admin: SessionUser;
  let haulier: SessionUser;
  let rival: SessionUser;
  let hubId = 0;
  let nightContract = 0;
  const days = ukDays(70);
  const tomorrow = days[1]!.value;
  const visit = (fields: Record<string, unknown> = {}) =>
    adHocSchema.parse({
      visitDate: tomorrow,
      arriveAt: "09:00",
      departAt: "11:00",
      vehicleType: "default:van",
      energyKwh: 20,
      vehicle: "AB12 CDE",
      tag: "VISIT-1",
      ...fields,
    });

  beforeAll(async () => {
    runtime = await openTestRuntime(await createTestDatabase(engine));
    ({ admin, hubId } = await seedAdminHub(runtime, { email: `ops-${engine}@consultancy.example`, name: "Dated Hub" }));
    haulier = await viewerOf(
      runtime,
      await createUser(runtime, { email: `f-${engine}@h.example`, password: "haulier-password-1" }),
    );
    rival = await viewerOf(
      runtime,
      await createUser(runtime, { email: `f-${engine}@r.example`, password: "rival-password-1" }),
    );
    // A booking names one of the company's own vehicles (issue 58).
    for (const tag of ["VISIT-1", "LATER-1", "VISIT-2", "RACE-1"]) await ownVehicle(runtime, haulier, tag);
    for (const tag of ["RIVAL-1", "RIVAL-9", "RIVAL-10", "RACE-2"]) await ownVehicle(runtime, rival, tag);
  });
  afterAll(async () => {
    await runtime?.database.destroy();
  });
  const message = async (promise: Promise<unknown>) => ((await promise.catch((e: unknown) => e)) as Error).message;

  it("fills only the dates a contract runs: after it ends the same nights are free, while it runs they are not", async () => {
    // From tomorrow for one month.
    nightContract = await requestContract(runtime, rival, hubId, nights({ startsOn: tomorrow, months: 1 }));
    expect(await decideContract(runtime, admin, nightContract, true, null)).toBe("accepted");
    const row = await runtime.database.db
      .selectFrom("hub_contracts")
      .select(["starts_on", "ends_on"])
      .where("id", "=", nightContract)
      .executeTakeFirstOrThrow();
    expect(row.starts_on).toBe(tomorrow);
    const end = new Date(`${tomorrow}T00:00:00Z`);
    end.setUTCMonth(end.getUTCMonth() + 1);
    end.setUTCDate(end.getUTCDate() - 1);
    expect(row.ends_on).toBe(end.toISOString().slice(0, 10));
    // The same nights while it runs: full.
    expect(
      await message(requestContract(runtime, haulier, hubId, nights({ vehicles: 1, startsOn: tomorrow }))),
    ).toMatch(/^The hub cannot take this: it is full/);
    // Its dates are its first arrival and last departure: a renewal from the day after it ends is not counted with it.
    const after = addDay(row.ends_on!);
    const id = await requestContract(runtime, haulier, hubId, nights({ startsOn: after, months: 3 }));
    expect(await decideContract(runtime, admin, id, true, null)).toBe("accepted");
    // A booking outside the contract's dates is refused, naming them.
    const fieldErrors = (await bookVisit(
      runtime,
      haulier,
      hubId,
      bookingSchema.parse({ contractId: id, visitDate: tomorrow, vehicle: "XY34 FGH", tag: "LATER-1" }),
    ).catch((e: unknown) => e)) as { fieldErrors: Record<string, string> };
    expect(fieldErrors.fieldErrors.visitDate).toMatch(
      /^The contract runs from \d{2} \w{3} \d{4} to \d{2} \w{3} \d{4}: a visit arriving .* and leaving the next day is outside it\.$/,
    );
    // Its last night's visit would leave after its end: refused; the night before leaves on its last day: booked.
    const lastNight = (await bookVisit(
      runtime,
      rival,
      hubId,
      bookingSchema.parse({ contractId: nightContract, visitDate: row.ends_on!, vehicle: "RV1", tag: "RIVAL-1" }),
    ).catch((e: unknown) => e)) as { fieldErrors: Record<string, string> };
    expect(lastNight.fieldErrors.visitDate).toMatch(/and leaving the next day is outside it\.$/);
    const nightBefore = new Date(Date.parse(`${row.ends_on!}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
    expect(
      await bookVisit(
        runtime,
        rival,
        hubId,
        bookingSchema.parse({ contractId: nightContract, visitDate: nightBefore, vehicle: "RV1", tag: "RIVAL-1" }),
      ),
    ).toBeGreaterThan(0);
    // A contract cannot start in the past.
    const past = await requestContract(runtime, haulier, hubId, nights({ startsOn: "2020-01-06" })).catch(
      (e: unknown) => e,
    );
    expect(past).toMatchObject({ fieldErrors: { startsOn: "A contract cannot start in the past." } });
  });

  it("takes a single visit only where room is left, at the list price of the day; cancelled, its room is back", async () => {
    const hub = await requireHub(runtime, haulier, hubId);
    // Tomorrow night both chargers are the rival's contract's.
    expect(await message(bookAdHoc(runtime, haulier, hubId, visit({ arriveAt: "20:00", departAt: "23:00" })))).toMatch(
      /^The hub cannot take this: it is full/,
    );
    const first = await bookAdHoc(runtime, haulier, hubId, visit());
    await setHubPrices(runtime, admin, hubId, { ...HUB_PRICES, pencePerKwh: 55 });
    const second = await bookAdHoc(runtime, rival, hubId, visit({ tag: "RIVAL-9", vehicle: "RV9" }));
    // The morning's two chargers are taken: a third visit then is refused, and nothing is kept.
    const contracts = async () => (await runtime.database.db.selectFrom("hub_contracts").select("id").execute()).length;
    const kept = await contracts();
    expect(await message(bookAdHoc(runtime, haulier, hubId, visit({ tag: "VISIT-2", vehicle: "CD34 EFG" })))).toMatch(
      /^The hub cannot take this: it is full \w{3} 09:00–11:00/,
    );
    expect(await contracts()).toBe(kept);
    const prices = await runtime.database.db
      .selectFrom("hub_bookings")
      .innerJoin("hub_contracts", "hub_contracts.id", "hub_bookings.contract_id")
      .select(["hub_bookings.id", "pence_per_kwh", "ad_hoc", "hub_contracts.status"])
      .where("hub_bookings.id", "in", [first, second])
      .orderBy("hub_bookings.id")
      .execute();
    expect(prices.map((p) => [p.pence_per_kwh, p.ad_hoc, p.status])).toEqual([
      [40, 1, "accepted"],
      [55, 1, "accepted"],
    ]);
    expect((await hubBookings(runtime, haulier, hub)).map((b) => [b.vehicle, b.adHoc])).toEqual([["AB12 CDE", true]]);
    // At the chargers, a single visit is served after the contracted ones (the controller's tier 1).
    const tiers = await runtime.database.db
      .selectFrom("hub_bookings")
      .innerJoin("expected_visits", "expected_visits.id", "hub_bookings.expected_visit_id")
      .select("expected_visits.tier")
      .where("hub_bookings.id", "in", [first, second])
      .execute();
    expect(tiers.map((t) => t.tier)).toEqual([1, 1]);
    // Cancelled, the room is back.
    await cancelBooking(runtime, haulier, hubId, first);
    const third = await bookAdHoc(runtime, haulier, hubId, visit({ tag: "VISIT-2", vehicle: "CD34 EFG" }));
    expect(third).toBeGreaterThan(second);
  });

  it("gives the last charger to one of two single visits booked at once, and refuses bad input changing nothing", async () => {
    const at = { arriveAt: "13:00", departAt: "15:00" };
    await bookAdHoc(runtime, rival, hubId, visit({ ...at, tag: "RIVAL-10", vehicle: "RV10" }));
    const results = await Promise.allSettled([
      bookAdHoc(runtime, haulier, hubId, visit({ ...at, tag: "RACE-1", vehicle: "RACE1" })),
      bookAdHoc(runtime, rival, hubId, visit({ ...at, tag: "RACE-2", vehicle: "RACE2" })),
    ]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    expect(results.find((r) => r.status === "rejected")).toMatchObject({ reason: { status: 409 } });
    // Another fleet's tag, the hub's own operator, a past arrival, too much energy for the stay.
    expect(
      await bookAdHoc(runtime, haulier, hubId, visit({ tag: "RIVAL-10", arriveAt: "16:00", departAt: "18:00" })).catch(
        (e: unknown) => e,
      ),
    ).toMatchObject({
      fieldErrors: {
        tag: "Book with one of your own vehicles' tags: add the vehicle and its tag on Operations first.",
      },
    });
    expect(await message(bookAdHoc(runtime, admin, hubId, visit()))).toMatch(
      /^Only an owner or a fleet manager of a company other than the hub's may buy a visit there\./,
    );
    expect(
      await bookAdHoc(runtime, haulier, hubId, visit({ visitDate: days[0]!.value, arriveAt: "00:00" })).catch(
        (e: unknown) => e,
      ),
    ).toMatchObject({
      fieldErrors: { arriveAt: "That arrival has passed." },
    });
    expect(await bookAdHoc(runtime, haulier, hubId, visit({ energyKwh: 60 })).catch((e: unknown) => e)).toHaveProperty(
      "fieldErrors.energyKwh",
    );
    expect(adHocSchema.safeParse({ ...visit(), departAt: "09:15" }).success).toBe(false);
  });
});

const addDay = (iso: string) => new Date(Date.parse(`${iso}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
