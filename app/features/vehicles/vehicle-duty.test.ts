import fc from "fast-check";
import { DateTime } from "luxon";
import { describe, expect, it } from "vitest";

import { defaultPlanInput } from "~/features/planning";

import { groupOfTag, tripUnderWay, vehicleFor, vehiclesDueBack, withToldNeeds, type VehicleTag } from "./vehicle-duty";

describe("a vehicle from its tag", () => {
  const plan = defaultPlanInput({ vehicles: 4, chargers: [] });
  const named = new Map<string, VehicleTag>([
    ["04a1b2c3", { id: 1, tag: "04A1B2C3", vehicle: "AB12 CDE", groupId: "g1" }],
    ["g1-99", { id: 2, tag: "G1-99", vehicle: "Pool car", groupId: null }],
  ]);
  // Wednesday 25 November 2026, 21:30 UK time (GMT).
  const at = Date.UTC(2026, 10, 25, 21, 30);

  it("follows a named tag's group, else the group its prefix names, else none", () => {
    expect(groupOfTag("04a1B2C3", plan, named)?.id).toBe("g1");
    expect(groupOfTag("g1-07", plan, named)?.id).toBe("g1");
    // A tag named with no group is a vehicle nobody planned, whatever its prefix says.
    expect(groupOfTag("g1-99", plan, named)).toBeNull();
    expect(groupOfTag("CARD-1", plan, named)).toBeNull();
    expect(groupOfTag("04A1B2C3", null, named)).toBeNull();
  });

  it("leaves at its group's next departure, needing the day's trip less what it has had", () => {
    const vehicle = vehicleFor("04A1B2C3", plan, at, { deliveredKwh: 5, socPct: null }, named)!;
    expect(new Date(vehicle.departsAt).toISOString()).toBe("2026-11-26T07:00:00.000Z");
    const van = plan.vehicleTypes.find((t) => t.id === plan.vehicles[0]!.typeId)!;
    const trip = plan.vehicles[0]!.week![3]!.km! * van.consumptionKwhPerKm;
    expect(vehicle.neededKwh).toBeCloseTo(
      Math.min(trip, (plan.vehicles[0]!.targetSocPct / 100) * van.batteryKwh) - 5,
      9,
    );
    expect(vehicleFor("CARD-1", plan, at, { deliveredKwh: 0, socPct: null }, named)).toBeNull();
  });

  it("keeps room for the group's vehicles away on duty: back at the trip's end, leaving at the next departure", () => {
    // The default plan: 4 vans out 07:00–17:00 on weekdays, 120 km at 0.35 kWh/km, on 22 kW chargers they take at 11 kW.
    const midday = Date.UTC(2026, 10, 25, 12, 0);
    const day = 24 * 3_600_000;
    const onePlugged = { tags: ["g1-01", "CARD-1"], named };
    expect(vehiclesDueBack(plan, onePlugged, midday, midday + day, 10)).toEqual([
      {
        key: "due:g1",
        group: "Vans",
        vehicles: 3,
        arrivesAt: Date.UTC(2026, 10, 25, 17, 0),
        departsAt: Date.UTC(2026, 10, 26, 7, 0),
        maxKw: 3 * 11,
        neededKwh: expect.closeTo(3 * 120 * 0.35, 9),
      },
    ]);
    // No more due back than there are connectors free for them.
    expect(vehiclesDueBack(plan, onePlugged, midday, midday + day, 2)[0]).toMatchObject({ maxKw: 22 });
    expect(vehiclesDueBack(plan, onePlugged, midday, midday + day, 0)).toEqual([]);
    // Back after the plan's end, all back already, or all plugged in: none.
    expect(vehiclesDueBack(plan, onePlugged, midday, midday + 3_600_000, 10)).toEqual([]);
    expect(vehiclesDueBack(plan, onePlugged, at, at + day, 10)).toEqual([]);
    const allIn = { tags: ["g1-01", "g1-02", "g1-03", "g1-04"], named };
    expect(vehiclesDueBack(plan, allIn, midday, midday + day, 10)).toEqual([]);
    // Friday's trip ends at 17:00 and the next leaves on Monday.
    const friday = Date.UTC(2026, 10, 27, 12, 0);
    expect(vehiclesDueBack(plan, onePlugged, friday, friday + day, 10)[0]).toMatchObject({
      arrivesAt: Date.UTC(2026, 10, 27, 17, 0),
      departsAt: Date.UTC(2026, 10, 30, 7, 0),
    });
  });

  it("finds the trip under way, a night shift's from the day before included", () => {
    const night = { depart: 19 * 60, return: 5 * 60, km: 200 };
    const week = [night, night, night, null, null, null, null];
    // Wednesday's 19:00 trip is back on Thursday at 05:00; on Thursday at 12:00 nothing is under way (no duty).
    expect(tripUnderWay(week, Date.UTC(2026, 10, 26, 2, 0))).toEqual({
      back: Date.UTC(2026, 10, 26, 5, 0),
      duty: night,
    });
    expect(tripUnderWay(week, Date.UTC(2026, 10, 26, 5, 0))).toBeNull();
    expect(tripUnderWay(week, Date.UTC(2026, 10, 25, 18, 59))).toBeNull();
    expect(tripUnderWay(week, Date.UTC(2026, 10, 25, 19, 0))?.back).toBe(Date.UTC(2026, 10, 26, 5, 0));
  });

  it("finds it on the UK clock at any instant, clock-change days included, however the instants are interleaved", () => {
    // By the calendar, as it was worked out for every vehicle before the days were kept per instant.
    const byCalendar = (week: (typeof duties)[number][], at: number) => {
      const today = DateTime.fromMillis(at, { zone: "Europe/London" }).startOf("day");
      let under: { back: number; duty: NonNullable<(typeof duties)[number]> } | null = null;
      for (const d of [-1, 0]) {
        const day = today.plus({ days: d });
        const duty = week[day.weekday - 1];
        if (!duty) continue;
        const departs = day.plus({ minutes: duty.depart }).toMillis();
        const minutes = duty.return - duty.depart <= 0 ? duty.return - duty.depart + 1440 : duty.return - duty.depart;
        if (departs <= at && departs + minutes * 60_000 > at) under = { back: departs + minutes * 60_000, duty };
      }
      return under;
    };
    const duties = [null, { depart: 19 * 60, return: 5 * 60, km: 200 }, { depart: 60, return: 150, km: 40 }] as const;
    // Around the clock changes of 29 March and 25 October 2026, and anywhere in the year.
    const instant = fc.oneof(
      fc.integer({ min: Date.UTC(2026, 2, 27), max: Date.UTC(2026, 2, 31) }),
      fc.integer({ min: Date.UTC(2026, 9, 23), max: Date.UTC(2026, 9, 27) }),
      fc.integer({ min: Date.UTC(2026, 0, 1), max: Date.UTC(2027, 0, 1) }),
    );
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom(...duties), { minLength: 7, maxLength: 7 }),
        fc.array(instant, { minLength: 1, maxLength: 4 }),
        (week, instants) => {
          for (const at of instants) expect(tripUnderWay(week, at)).toEqual(byCalendar(week, at));
        },
      ),
      { numRuns: 400 },
    );
  });
});

describe("what a vehicle told over ISO 15118, over the plan's duty", () => {
  const at = Date.parse("2026-11-27T18:00:00Z");
  const planned = { departsAt: at + 12 * 3_600_000, neededKwh: 40 };
  const none = { departsAt: null, neededWh: null, fromWh: null };

  it("plans from what the vehicle told, each part filling in what the other lacks", () => {
    const told = { departsAt: at + 3_600_000, neededWh: 30_000, fromWh: 5_000 };
    expect(withToldNeeds(planned, told, 5_000, at)).toEqual({ departsAt: at + 3_600_000, neededKwh: 30 });
    // 12 kWh delivered since it asked: 18 kWh to go.
    expect(withToldNeeds(planned, told, 17_000, at)).toEqual({ departsAt: at + 3_600_000, neededKwh: 18 });
    expect(withToldNeeds(planned, { ...told, neededWh: null }, 5_000, at)).toEqual({
      departsAt: at + 3_600_000,
      neededKwh: 40,
    });
    expect(withToldNeeds(planned, { ...told, departsAt: null }, 5_000, at)).toEqual({
      departsAt: planned.departsAt,
      neededKwh: 30,
    });
    // A vehicle nobody planned that tells both is planned; one that tells only half is not.
    expect(withToldNeeds(null, told, 5_000, at)).toEqual({ departsAt: at + 3_600_000, neededKwh: 30 });
    expect(withToldNeeds(null, { ...told, neededWh: null }, 5_000, at)).toBeNull();
  });

  it("keeps the plan when nothing was told, never asks below zero, and ignores a departure already past", () => {
    expect(withToldNeeds(planned, none, 0, at)).toEqual(planned);
    expect(withToldNeeds(null, none, 0, at)).toBeNull();
    expect(withToldNeeds(planned, { departsAt: null, neededWh: 10_000, fromWh: 0 }, 25_000, at)?.neededKwh).toBe(0);
    expect(withToldNeeds(planned, { departsAt: at - 60_000, neededWh: null, fromWh: null }, 0, at)).toEqual(planned);
  });
});
