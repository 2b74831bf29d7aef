import { describe, expect, it } from "vitest";

import type { PlanInput } from "~/features/charging-engine";

import { businessCase } from "./business-case";
import { defaultBusinessCase } from "./business-case-defaults";
import type { BusinessCaseInput } from "./business-case-input";

const weekdays = (km: number) => [...Array.from({ length: 5 }, () => ({ depart: 420, return: 1020, km })), null, null];
const plan = (typeId: "van" | "artic", km: number): PlanInput => ({
  vehicleTypes: [
    { id: "van", name: "Van", batteryKwh: 75, consumptionKwhPerKm: 0.35, maxChargeKw: 11 },
    { id: "artic", name: "Artic", batteryKwh: 540, consumptionKwhPerKm: 1.1, maxChargeKw: 350 },
  ],
  vehicles: [{ id: "g", name: "G", typeId, count: 1, week: weekdays(km), targetSocPct: 90 }],
  chargers: [{ id: "c", name: "C", count: 1, powerKw: 22, serves: "all" }],
  site: { connectionKva: 100, powerFactor: 1, buildingKw: 0, chargingEfficiency: 1 },
  tariff: { name: "Flat", defaultPencePerKwh: 20, bands: [], standingPencePerDay: 0, capacityPencePerKvaPerMonth: 0 },
  horizon: { days: 7, stepMinutes: 60, startWeekday: 0 },
});

const economics = (patch: Partial<BusinessCaseInput["vehicles"][number]>, rest: Partial<BusinessCaseInput> = {}) => {
  const base = defaultBusinessCase(plan("van", 0));
  return {
    ...base,
    vehicles: base.vehicles.map((v) => ({
      ...v,
      evTaxPoundsPerYear: 0,
      dieselTaxPoundsPerYear: 0,
      ...patch,
    })),
    co2: { factorsYear: 2024, dieselKgPerLitre: 2.5, gridKgPerKwh: 0.2 },
    ...rest,
  } satisfies BusinessCaseInput;
};

describe("business case against diesel, by hand", () => {
  // 100 km a weekday: 500 km a week, 26,071.43 km a year.
  const vanKm = (500 * 365) / 7;

  it("one van over two years, no discounting", () => {
    const input = economics(
      {
        evPricePounds: 50_000,
        evGrantPounds: 5_000,
        evResidualPct: 20,
        evMaintenancePencePerKm: 5,
        dieselPricePounds: 30_000,
        dieselLitresPer100Km: 10,
        dieselResidualPct: 30,
        dieselMaintenancePencePerKm: 10,
      },
      { years: 2, discountRatePct: 0, fuelPencePerLitre: 100 },
    );
    input.site = { ...input.site, connectionQuotePounds: 0 };
    const result = businessCase(plan("van", 100), input, {
      electricityPoundsPerYear: 2_000,
      chargingKwhPerYear: 10_000,
      chargersPounds: 3_000,
      connectionKva: 100,
    });
    // Electric: £45,000 after the grant + £3,000 of chargers now; £2,000 of electricity and 5p/km each year; £10,000 back at the end.
    const evYear = 2_000 + vanKm * 0.05;
    expect(result.cumulativeEv).toEqual([
      48_000,
      expect.closeTo(48_000 + evYear, 6),
      expect.closeTo(48_000 + 2 * evYear - 10_000, 6),
    ]);
    // Diesel: £30,000 now; 10 l/100 km at £1 and 10p/km each year; £9,000 back.
    const dieselYear = vanKm * 0.1 + vanKm * 0.1;
    expect(result.cumulativeDiesel.at(-1)).toBeCloseTo(30_000 + 2 * dieselYear - 9_000, 6);
    expect(result.netPresentValuePounds).toBeCloseTo(
      30_000 + 2 * dieselYear - 9_000 - (48_000 + 2 * evYear - 10_000),
      6,
    );
    expect(result.paybackYear).toBeNull();
    // Per vehicle (the depot is the fleet's, not the van's): £41,607.14 over 52,142.86 km.
    expect(result.types[0]!.evPoundsPerVehicle).toBeCloseTo(45_000 + 2 * evYear - 10_000, 6);
    expect(result.types[0]!.evPencePerKm).toBeCloseTo(((45_000 + 2 * evYear - 10_000) * 100) / (2 * vanKm), 6);
    // CO2e: 2,607 litres × 2.5 kg less 10,000 kWh × 0.2 kg.
    expect(result.co2eTonnesSavedPerYear).toBeCloseTo((vanKm * 0.1 * 2.5 - 2_000) / 1000, 6);
    expect(result.site.connectionEstimated).toBe(false);
  });

  it("pays back in the year electric's cumulative cost falls below diesel's", () => {
    const input = economics(
      {
        evPricePounds: 50_000,
        evGrantPounds: 5_000,
        evResidualPct: 20,
        evMaintenancePencePerKm: 5,
        dieselPricePounds: 30_000,
        dieselLitresPer100Km: 10,
        dieselResidualPct: 30,
        dieselMaintenancePencePerKm: 10,
      },
      { years: 2, discountRatePct: 0, fuelPencePerLitre: 500 },
    );
    input.site = { ...input.site, connectionQuotePounds: 0 };
    const result = businessCase(plan("van", 100), input, {
      electricityPoundsPerYear: 2_000,
      chargingKwhPerYear: 10_000,
      chargersPounds: 3_000,
      connectionKva: 100,
    });
    // Diesel at £5 a litre: £52,285.71 by the end against electric's £44,607.14; not by the end of year 1 (£45,642.86 < £51,303.57).
    expect(result.cumulativeDiesel[1]).toBeCloseTo(30_000 + vanKm * 0.5 + vanKm * 0.1, 6);
    expect(result.paybackYear).toBe(2);
  });

  it("one artic over three years at 10 %, with a connection quote", () => {
    const input = economics(
      {
        evPricePounds: 300_000,
        evGrantPounds: 25_000,
        evResidualPct: 20,
        evMaintenancePencePerKm: 10,
        dieselPricePounds: 100_000,
        dieselLitresPer100Km: 30,
        dieselResidualPct: 30,
        dieselMaintenancePencePerKm: 20,
      },
      { years: 3, discountRatePct: 10, fuelPencePerLitre: 120 },
    );
    input.vehicles = input.vehicles.map((v) => ({ ...v, typeId: v.typeId }));
    input.site = { ...input.site, connectionQuotePounds: 40_000 };
    const result = businessCase(plan("artic", 300), input, {
      electricityPoundsPerYear: 20_000,
      chargingKwhPerYear: 100_000,
      chargersPounds: 50_000,
      connectionKva: 400,
    });
    // 78,214.29 km a year. Electric: £365,000 now; £27,821.43 a year; £60,000 back. Worked through at 1/1.1, 1/1.21, 1/1.331.
    expect(result.cumulativeEv[0]).toBeCloseTo(365_000, 6);
    expect(result.cumulativeEv[1]).toBeCloseTo(390_292.21, 1);
    expect(result.cumulativeEv[2]).toBeCloseTo(413_285.13, 1);
    expect(result.cumulativeEv[3]).toBeCloseTo(389_108.89, 1);
    // Diesel: £100,000 now; 23,464.29 litres at £1.20 and 20p/km: £43,800 a year; £30,000 back.
    expect(result.cumulativeDiesel[3]).toBeCloseTo(186_384.67, 1);
    expect(result.netPresentValuePounds).toBeCloseTo(186_384.67 - 389_108.89, 1);
  });

  it("estimates the connection from the kVA and the distance when there is no quote, and says so", () => {
    const input = economics({});
    input.site = { ...input.site, distanceToSubstationM: 200 };
    const result = businessCase(plan("van", 100), input, {
      electricityPoundsPerYear: 0,
      chargingKwhPerYear: 0,
      chargersPounds: 0,
      connectionKva: 300,
    });
    expect(result.site.connectionEstimated).toBe(true);
    expect(result.site.connectionPounds).toBe(300 * 150 + 200 * 250);
  });
});
