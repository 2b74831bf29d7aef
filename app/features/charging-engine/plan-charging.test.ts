import { describe, expect, it } from "vitest";

import { planCharging } from "./plan-charging";
import { transformerFor } from "./summarise";
import { STRATEGIES, type PlanInput, type StrategyResult } from "./types";

const weekdays = (depart: string, back: string, km: number) => {
  const minutes = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3));
  const day = { depart: minutes(depart), return: minutes(back), km };
  return [day, day, day, day, day, null, null];
};

const dayNight = {
  name: "Day/night",
  defaultPencePerKwh: 28,
  bands: [{ days: [0, 1, 2, 3, 4, 5, 6], from: 0, to: 7 * 60, pencePerKwh: 12 }],
  standingPencePerDay: 100,
  capacityPencePerKvaPerMonth: 200,
};

/** Ten vans on a depot with spare capacity: every strategy meets every target. */
const vans: PlanInput = {
  vehicleTypes: [{ id: "van", name: "Large van", batteryKwh: 75, consumptionKwhPerKm: 0.35, maxChargeKw: 11 }],
  vehicles: [
    { id: "g1", name: "Van", typeId: "van", count: 10, week: weekdays("07:00", "17:00", 120), targetSocPct: 90 },
  ],
  chargers: [{ id: "c1", name: "AC", count: 10, powerKw: 22, minKw: 0, serves: "all" }],
  site: { connectionKva: 500, powerFactor: 0.95, buildingKw: 20, chargingEfficiency: 0.9 },
  tariff: dayNight,
  horizon: { days: 7, stepMinutes: 15, startWeekday: 0 },
};

/** Trucks on a connection too small for them: the limit holds and the plan says who falls short. */
const trucks: PlanInput = {
  vehicleTypes: [{ id: "artic", name: "40 t artic", batteryKwh: 450, consumptionKwhPerKm: 1.1, maxChargeKw: 150 }],
  vehicles: [
    { id: "g1", name: "Truck", typeId: "artic", count: 12, week: weekdays("06:00", "18:00", 250), targetSocPct: 90 },
  ],
  chargers: [{ id: "c1", name: "DC", count: 12, powerKw: 150, serves: "all" }],
  site: {
    connectionKva: 200,
    powerFactor: 0.95,
    buildingKw: [10, 10, 10, 10, 10, 10, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 20, 20, 20, 20, 10, 10],
    chargingEfficiency: 0.92,
  },
  tariff: dayNight,
  horizon: { days: 7, stepMinutes: 30, startWeekday: 0 },
};

function checkInvariants(input: PlanInput, result: ReturnType<typeof planCharging>) {
  const dt = result.stepHours;
  for (const strategy of result.strategies) {
    const delivered = strategy.sessions.reduce((sum, s) => sum + s.kw.reduce((a, kw) => a + kw * dt, 0), 0);
    // Energy conservation: what the grid gave for charging, less losses, is what reached the batteries.
    expect(strategy.chargingEnergyKwh * input.site.chargingEfficiency).toBeCloseTo(delivered, 6);
    expect(strategy.vehicles.reduce((sum, v) => sum + v.deliveredKwh, 0)).toBeCloseTo(delivered, 6);
    for (const session of strategy.sessions) {
      for (const kw of session.kw) {
        expect(kw).toBeGreaterThanOrEqual(-1e-9);
        expect(kw).toBeLessThanOrEqual(session.capKw + 1e-6);
      }
      const energy = session.kw.reduce((a, kw) => a + kw * dt, 0);
      expect(energy).toBeLessThanOrEqual(session.needKwh + 1e-6);
      expect(session.arrivalSocPct).toBeGreaterThanOrEqual(0);
      expect(session.arrivalSocPct + (energy / session.batteryKwh) * 100).toBeLessThanOrEqual(100 + 1e-6);
    }
    for (const v of strategy.vehicles) {
      expect(v.minSocPct).toBeGreaterThanOrEqual(0);
      expect(v.maxSocPct).toBeLessThanOrEqual(100 + 1e-6);
    }
    // The site never goes over its connection.
    for (const kw of strategy.siteKw) expect(kw).toBeLessThanOrEqual(result.limitKw + 1e-6);
  }
}

const by = (result: ReturnType<typeof planCharging>, name: StrategyResult["strategy"]) =>
  result.strategies.find((s) => s.strategy === name)!;

describe("charging plan engine", () => {
  it("keeps every invariant, and with spare capacity every strategy meets every target", () => {
    const result = planCharging(vans);
    checkInvariants(vans, result);
    for (const strategy of result.strategies) {
      expect(strategy.vehicles).toHaveLength(10);
      for (const v of strategy.vehicles) expect(v.shortfallKwh).toBeLessThan(1e-6);
      // 5 days × 120 km × 0.35 kWh/km per van, into the batteries.
      expect(strategy.vehicles[0]!.deliveredKwh).toBeCloseTo(5 * 120 * 0.35, 6);
    }
    const peaks = Object.fromEntries(result.strategies.map((s) => [s.strategy, s.peakKw]));
    for (const other of ["uncontrolled", "balanced", "cost-optimal"] as const)
      expect(peaks["peak-shaving"]).toBeLessThanOrEqual(peaks[other]! + 1e-3);
    // Neither the connection nor the chargers bind, so the cheapest energy is cost-optimal's.
    const costs = Object.fromEntries(result.strategies.map((s) => [s.strategy, s.cost.energyPounds]));
    for (const other of ["uncontrolled", "balanced", "peak-shaving"] as const)
      expect(costs["cost-optimal"]).toBeLessThanOrEqual(costs[other]! + 1e-6);
    // Uncontrolled: all ten at 11 kW from 17:00 → 110 kW ÷ 0.9 + 20 kW of building.
    expect(peaks.uncontrolled).toBeCloseTo(110 / 0.9 + 20, 6);
    expect(peaks["peak-shaving"]).toBeLessThan(peaks.uncontrolled! * 0.5);
  });

  it("plans a vehicle's recorded tours as they happened, instead of a weekly pattern", () => {
    // Monday 07:00–17:00 (30 kWh), Monday 21:00–Tuesday 01:00 (12 kWh), Tuesday 07:00–19:00 (40 kWh).
    const recorded: PlanInput = {
      ...vans,
      vehicles: [
        {
          id: "r1",
          name: "VN01 ABC",
          typeId: "van",
          count: 1,
          week: [null, null, null, null, null, null, null],
          targetSocPct: 90,
          trips: [
            { depart: 7 * 60, back: 17 * 60, energyKwh: 30 },
            { depart: 21 * 60, back: 25 * 60, energyKwh: 12 },
            { depart: 31 * 60, back: 43 * 60, energyKwh: 40 },
          ],
        },
      ],
      horizon: { days: 2, stepMinutes: 15, startWeekday: 0 },
    };
    for (const strategy of planCharging(recorded).strategies) {
      expect(strategy.vehicles).toHaveLength(1);
      expect(strategy.vehicles[0]!.shortfallKwh).toBeLessThan(1e-6);
      expect(strategy.vehicles[0]!.deliveredKwh).toBeCloseTo(82, 6);
      // Stays start when it came back: 17:00 Monday, 01:00 and 19:00 Tuesday (15-minute steps).
      expect(strategy.sessions.map((s) => s.start).sort((a, b) => a - b)).toEqual([68, 100, 172]);
    }
  });

  it("plans each strategy the same whether it runs alone or after the others on one preparation", () => {
    // The strategies share one preparation, its stays and the storage of their schedules (zeroedRows): nothing one leaves may change the next.
    const curved: PlanInput = {
      ...trucks,
      vehicleTypes: [
        {
          ...trucks.vehicleTypes[0]!,
          chargeCurve: [
            [0, 150],
            [75, 150],
            [100, 30],
          ],
        },
      ],
      site: { ...trucks.site, battery: { capacityKwh: 300, powerKw: 100, roundTripEfficiency: 0.9 } },
    };
    for (const input of [vans, trucks, curved])
      for (const order of [STRATEGIES, [...STRATEGIES].reverse()]) {
        const together = planCharging(input, order);
        for (const strategy of STRATEGIES)
          expect(by(together, strategy)).toEqual(by(planCharging(input, [strategy]), strategy));
      }
  });

  it("balanced charging draws one constant power for each stay", () => {
    const result = planCharging(vans);
    for (const session of by(result, "balanced").sessions) {
      const used = session.kw.filter((kw) => kw > 1e-9);
      expect(Math.max(...used) - Math.min(...used)).toBeLessThan(1e-6);
      // The lowest constant power that finishes by departure fills the whole stay.
      expect(used.length).toBe(session.kw.length);
    }
  });

  it("finds the exact lowest peak where earliest-deadline-first would not", () => {
    // Hourly steps over one day. A: 2 kWh between 00:00 and 02:00 at up to 2 kW.
    // B: 3 kWh between 00:00 and 03:00 at up to 1 kW. Best: A 1 kW + B 1 kW, then B alone → 2 kW.
    const input: PlanInput = {
      vehicleTypes: [
        { id: "a", name: "A", batteryKwh: 10, consumptionKwhPerKm: 1, maxChargeKw: 2 },
        { id: "b", name: "B", batteryKwh: 10, consumptionKwhPerKm: 1, maxChargeKw: 1 },
      ],
      vehicles: [
        {
          id: "va",
          name: "A",
          typeId: "a",
          count: 1,
          week: Array(7).fill({ depart: 120, return: 0, energyKwh: 2 }),
          targetSocPct: 100,
        },
        {
          id: "vb",
          name: "B",
          typeId: "b",
          count: 1,
          week: Array(7).fill({ depart: 180, return: 0, energyKwh: 3 }),
          targetSocPct: 100,
        },
      ],
      chargers: [{ id: "c", name: "C", count: 2, powerKw: 50, minKw: 0, serves: "all" }],
      site: { connectionKva: 100, powerFactor: 1, buildingKw: 0, chargingEfficiency: 1 },
      tariff: { ...dayNight, bands: [] },
      horizon: { days: 1, stepMinutes: 60, startWeekday: 0 },
    };
    const result = planCharging(input);
    checkInvariants(input, result);
    expect(by(result, "peak-shaving").peakKw).toBeCloseTo(2, 3);
    expect(by(result, "uncontrolled").peakKw).toBeCloseTo(3, 6);
    for (const v of by(result, "peak-shaving").vehicles) expect(v.shortfallKwh).toBeLessThan(1e-6);
  });

  it("holds a connection that is too small and names the reason for each shortfall", () => {
    const result = planCharging(trucks);
    checkInvariants(trucks, result);
    for (const strategy of result.strategies) {
      expect(strategy.peakKw).toBeLessThanOrEqual(200 * 0.95 + 1e-6);
      const short = strategy.vehicles.filter((v) => v.shortfallKwh > 1e-6);
      expect(short.length).toBeGreaterThan(0);
      for (const v of short) expect(v.reasons).toContain("connection");
    }
  });

  it("reports vehicles without a charger, turnarounds too short, and trips beyond the battery", () => {
    const input: PlanInput = {
      vehicleTypes: [
        { id: "van", name: "Van", batteryKwh: 75, consumptionKwhPerKm: 0.35, maxChargeKw: 11 },
        { id: "artic", name: "Artic", batteryKwh: 300, consumptionKwhPerKm: 1.1, maxChargeKw: 350 },
      ],
      vehicles: [
        { id: "vans", name: "Van", typeId: "van", count: 3, week: weekdays("07:00", "17:00", 100), targetSocPct: 100 },
        // 300 km × 1.1 = 330 kWh: more than the 300 kWh battery, and only 2 h at 50 kW to put it back.
        {
          id: "artic",
          name: "Artic",
          typeId: "artic",
          count: 1,
          week: weekdays("20:00", "18:00", 300),
          targetSocPct: 100,
        },
      ],
      chargers: [
        { id: "ac", name: "AC", count: 2, powerKw: 11, serves: ["van"] },
        { id: "dc", name: "DC", count: 1, powerKw: 50, serves: ["artic"] },
      ],
      site: { connectionKva: 1000, powerFactor: 0.95, buildingKw: 0, chargingEfficiency: 0.9 },
      tariff: dayNight,
      horizon: { days: 7, stepMinutes: 15, startWeekday: 0 },
    };
    const result = planCharging(input);
    checkInvariants(input, result);
    const plan = by(result, "uncontrolled");
    expect(plan.vehicles.find((v) => v.vehicle === "Van 3")!.reasons).toEqual(["charger"]);
    expect(plan.vehicles.find((v) => v.vehicle === "Van 1")!.shortfallKwh).toBeLessThan(1e-6);
    const artic = plan.vehicles.find((v) => v.vehicle === "Artic")!;
    // 2 h at the charger's 50 kW puts back 100 kWh; the artic itself takes 350 kW, so the charger is what is too slow.
    expect(artic.reasons).toEqual(expect.arrayContaining(["battery", "charger-power"]));
  });

  it("works two vehicles on one charger with a one-hour cheap window, by hand", () => {
    // Hourly steps over one repeating day, one 10 kW charger, no losses, no building.
    // A is home 18:00–22:00 and needs 20 kWh; B returns at 19:00, leaves at 06:00 and needs 30 kWh.
    // B finds the charger taken and plugs in when A leaves at 22:00 (8 h left). 02:00–03:00 costs 10p, the rest 30p.
    const input: PlanInput = {
      vehicleTypes: [{ id: "t", name: "Truck", batteryKwh: 100, consumptionKwhPerKm: 1, maxChargeKw: 50 }],
      vehicles: [
        {
          id: "a",
          name: "A",
          typeId: "t",
          count: 1,
          week: Array(7).fill({ depart: 22 * 60, return: 18 * 60, energyKwh: 20 }),
          targetSocPct: 100,
        },
        {
          id: "b",
          name: "B",
          typeId: "t",
          count: 1,
          week: Array(7).fill({ depart: 6 * 60, return: 19 * 60, energyKwh: 30 }),
          targetSocPct: 100,
        },
      ],
      chargers: [{ id: "c", name: "C", count: 1, powerKw: 10, minKw: 0, serves: "all" }],
      site: { connectionKva: 100, powerFactor: 1, buildingKw: 0, chargingEfficiency: 1 },
      tariff: {
        name: "Window",
        defaultPencePerKwh: 30,
        bands: [{ days: [0, 1, 2, 3, 4, 5, 6], from: 120, to: 180, pencePerKwh: 10 }],
        standingPencePerDay: 0,
        capacityPencePerKvaPerMonth: 0,
      },
      horizon: { days: 1, stepMinutes: 60, startWeekday: 0 },
    };
    const result = planCharging(input);
    checkInvariants(input, result);
    const kwAt = (strategy: StrategyResult, vehicle: string, hour: number) => {
      const s = strategy.sessions.find((x) => x.vehicle === vehicle)!;
      const k = (hour - s.start + 24) % 24;
      return k < s.kw.length ? s.kw[k]! : 0;
    };
    for (const strategy of result.strategies) {
      expect(strategy.vehicles.every((v) => v.shortfallKwh < 1e-6)).toBe(true);
      expect(strategy.sessions.find((s) => s.vehicle === "B")!.start).toBe(22);
    }
    // Uncontrolled: A 10 kW 18–20, B 10 kW 22–01; 50 kWh at 30p.
    const uncontrolled = by(result, "uncontrolled");
    expect(uncontrolled.peakKw).toBeCloseTo(10, 9);
    expect(uncontrolled.cost.energyPounds).toBeCloseTo(15, 9);
    expect([18, 19, 20].map((h) => kwAt(uncontrolled, "A", h))).toEqual([10, 10, 0]);
    // Balanced: A 5 kW for 4 h, B 3.75 kW for 8 h (one of them in the 10p hour): £6 + 26.25 × 30p + 3.75 × 10p.
    const balanced = by(result, "balanced");
    expect(balanced.peakKw).toBeCloseTo(5, 9);
    expect(balanced.cost.energyPounds).toBeCloseTo(14.25, 9);
    // Cost-optimal: B takes a full 10 kWh in the cheap hour, the other 20 kWh at 30p: £6 + £1 + £6.
    const costOptimal = by(result, "cost-optimal");
    expect(kwAt(costOptimal, "B", 2)).toBeCloseTo(10, 9);
    expect(costOptimal.cost.energyPounds).toBeCloseTo(13, 9);
    // Peak shaving: the stays do not overlap, so the lowest peak is A's 20 kWh over 4 h.
    expect(by(result, "peak-shaving").peakKw).toBeCloseTo(5, 3);
  });

  it("follows a charging curve's taper, by hand", () => {
    // 100 kWh battery back at 18:00 at 60 %, leaving at 06:00 at 95 %; 40 kW up to 70 %, falling in a line to 10 kW at 100 %.
    // Uncontrolled at 15 minutes, reading the curve at the start of each step: 60 → 70 → 80 → 87.5 → 93.125 → 95 %.
    const input: PlanInput = {
      vehicleTypes: [
        {
          id: "t",
          name: "Truck",
          batteryKwh: 100,
          consumptionKwhPerKm: 1,
          maxChargeKw: 40,
          chargeCurve: [
            [0, 40],
            [70, 40],
            [100, 10],
          ],
        },
      ],
      vehicles: [
        {
          id: "v",
          name: "V",
          typeId: "t",
          count: 1,
          week: Array(7).fill({ depart: 6 * 60, return: 18 * 60, energyKwh: 35 }),
          targetSocPct: 95,
        },
      ],
      chargers: [{ id: "c", name: "C", count: 1, powerKw: 150, minKw: 0, serves: "all" }],
      site: { connectionKva: 100, powerFactor: 1, buildingKw: 0, chargingEfficiency: 1 },
      tariff: { ...dayNight, bands: [] },
      horizon: { days: 1, stepMinutes: 15, startWeekday: 0 },
    };
    const result = planCharging(input);
    checkInvariants(input, result);
    const uncontrolled = by(result, "uncontrolled").sessions[0]!;
    expect(Array.from(uncontrolled.kw.slice(0, 6), (kw) => Math.round(kw * 1000) / 1000)).toEqual([
      40, 40, 30, 22.5, 7.5, 0,
    ]);
    // Spread over the 12 hours the curve never binds: 35 kWh ÷ 12 h.
    expect(by(result, "peak-shaving").peakKw).toBeCloseTo(35 / 12, 3);
    for (const strategy of result.strategies) expect(strategy.vehicles[0]!.shortfallKwh).toBeLessThan(1e-6);
  });

  it("takes a building's peak off with a site battery, by hand", () => {
    // Hourly steps: the building draws 100 kW, and 200 kW from 17:00 to 18:00; one van needs nothing this day.
    // A 60 kWh / 80 kW battery can give 60 kWh in that hour, so the lowest peak is 140 kW; it refills at up to 40 kW.
    const building = Array.from({ length: 24 }, (_, h) => (h === 17 ? 200 : 100));
    const input: PlanInput = {
      vehicleTypes: [{ id: "t", name: "Van", batteryKwh: 75, consumptionKwhPerKm: 0.3, maxChargeKw: 11 }],
      vehicles: [
        {
          id: "v",
          name: "V",
          typeId: "t",
          count: 1,
          week: Array(7).fill({ depart: 8 * 60, return: 9 * 60, km: 0 }),
          targetSocPct: 90,
        },
      ],
      chargers: [{ id: "c", name: "C", count: 1, powerKw: 22, serves: "all" }],
      site: {
        connectionKva: 500,
        powerFactor: 1,
        buildingKw: building,
        chargingEfficiency: 1,
        battery: { capacityKwh: 60, powerKw: 80, roundTripEfficiency: 0.5 },
      },
      tariff: { ...dayNight, bands: [] },
      horizon: { days: 1, stepMinutes: 60, startWeekday: 0 },
    };
    const result = planCharging(input);
    checkInvariants(input, result);
    expect(by(result, "uncontrolled").peakKw).toBe(200);
    expect(by(result, "uncontrolled").battery).toBeNull();
    // Only peak shaving runs the battery.
    for (const name of ["balanced", "cost-optimal"] as const) expect(by(result, name).battery).toBeNull();
    const shaving = by(result, "peak-shaving");
    expect(shaving.peakKw).toBeCloseTo(140, 3);
    expect(shaving.battery!.peakWithoutKw).toBe(200);
    expect(shaving.battery!.dischargedKwh).toBeCloseTo(60, 3);
    // Half is lost: 120 kWh in for 60 out, and the site's energy grows by the 60 lost.
    expect(shaving.battery!.chargedKwh).toBeCloseTo(120, 3);
    expect(shaving.energyKwh).toBeCloseTo(by(result, "uncontrolled").energyKwh + 60, 3);
    expect(Math.max(...shaving.battery!.kw)).toBeLessThanOrEqual(40 + 1e-6);
    // Half the power: the battery can only take 50 kW off.
    const weaker = planCharging({
      ...input,
      site: { ...input.site, battery: { capacityKwh: 60, powerKw: 50, roundTripEfficiency: 1 } },
    });
    expect(by(weaker, "peak-shaving").peakKw).toBeCloseTo(150, 3);
  });

  it("prices energy by band and adds standing and capacity charges", () => {
    // Without a capacity charge the whole bill is the energy: cost-optimal puts the vans' charging in the 12p night band.
    const input = { ...vans, tariff: { ...vans.tariff, capacityPencePerKvaPerMonth: 0 } };
    const result = planCharging(input);
    const cost = by(result, "cost-optimal").cost;
    expect(cost.standingPounds).toBeCloseTo(7, 6);
    expect(cost.totalPounds).toBeCloseTo(cost.energyPounds + cost.standingPounds + cost.capacityPounds, 6);
    const plan = by(result, "cost-optimal");
    const charging = plan.chargingKw.map((kw, t) => ({ kw, price: result.priceByStep[t]! })).filter((x) => x.kw > 1e-9);
    expect(charging.every((x) => x.price === 12)).toBe(true);
  });

  it("counts the capacity charge: cost-optimal lowers its peak when the kVA costs more than the cheap hours save", () => {
    const cheapOnly = planCharging({ ...vans, tariff: { ...vans.tariff, capacityPencePerKvaPerMonth: 0 } });
    const dear = { ...vans, tariff: { ...vans.tariff, capacityPencePerKvaPerMonth: 3_000 } };
    const result = planCharging(dear);
    const wholeBill = by(result, "cost-optimal");
    // Cramming into the night band peaks at every van at full power; with £30 a kVA a month the cheapest bill spreads out.
    expect(wholeBill.peakKw).toBeLessThan(by(cheapOnly, "cost-optimal").peakKw * 0.8);
    expect(wholeBill.vehicles.every((v) => v.shortfallKwh < 1e-6)).toBe(true);
    // And the bill is no higher than the cheapest-energy schedule's would be at this tariff.
    const cheapSchedulePeak = by(cheapOnly, "cost-optimal").peakKw;
    const cheapScheduleBill =
      by(cheapOnly, "cost-optimal").cost.energyPounds +
      ((cheapSchedulePeak / 0.95) * 1.2 * 3_000 * (7 * 12)) / 365 / 100;
    expect(wholeBill.cost.energyPounds + wholeBill.cost.capacityPounds).toBeLessThanOrEqual(cheapScheduleBill + 1e-6);
  });

  it("sizes the transformer to the next standard size", () => {
    expect(transformerFor(150, 0.95)).toBe(200);
    expect(transformerFor(300, 0.95)).toBe(500);
    expect(transformerFor(5000, 0.95)).toBeNull();
  });
});
