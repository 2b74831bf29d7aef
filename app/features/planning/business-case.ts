import type { PlanInput } from "~/features/charging-engine";

import { typeDefaults } from "./business-case-defaults";
import type { BusinessCaseInput, VehicleEconomics } from "./business-case-input";

/**
 * The business case: the electric fleet and its depot against the diesel
 * fleet it replaces, over the years of ownership, discounted at the
 * company's rate (issue 20). Pure arithmetic on figures the user can change;
 * the electricity comes from the charging plan. Every default (business-case-defaults.ts)
 * is named and dated with its source in DEFAULT_SOURCES and docs/business-case.md.
 */

/** What the plan gives the business case: the fleet's work and the electricity it took. */
export type PlanFigures = {
  /** The charging plan's cost of the vehicles' electricity for a year (the site's bill less what the building alone would pay). */
  electricityPoundsPerYear: number;
  /** Energy drawn for charging in a year (kWh at the meter). */
  chargingKwhPerYear: number;
  /** Chargers priced from the catalogue, supplied and installed. */
  chargersPounds: number;
  /** The connection the plan asks for. */
  connectionKva: number;
};

export type BusinessCaseResult = {
  types: {
    typeId: string;
    name: string;
    vehicles: number;
    kmPerYear: number;
    evPoundsPerVehicle: number;
    dieselPoundsPerVehicle: number;
    evPencePerKm: number;
    dieselPencePerKm: number;
  }[];
  site: {
    chargersPounds: number;
    connectionPounds: number;
    connectionEstimated: boolean;
    transformerPounds: number;
    grantPounds: number;
  };
  /** Cumulative cost (discounted) at the end of each year, 0 = the purchase. */
  cumulativeEv: number[];
  cumulativeDiesel: number[];
  /** Diesel's discounted cost less electric's over the period (positive: electric is cheaper). */
  netPresentValuePounds: number;
  /** The first year by whose end electric has cost no more than diesel (discounted), or null within the period. */
  paybackYear: number | null;
  co2eTonnesSavedPerYear: number;
  dieselLitresPerYear: number;
};

/** Kilometres a vehicle of each group drives in a year (its weekly duty × 365 / 7, or its recorded trips scaled to a year; energy-only days by the type's consumption). */
export function annualKmByGroup(input: PlanInput): Map<string, number> {
  const types = new Map(input.vehicleTypes.map((t) => [t.id, t]));
  return new Map(
    input.vehicles.map((group) => {
      const type = types.get(group.typeId);
      // A recorded vehicle: its kilometres over the recorded period, scaled to a year.
      if (group.trips) {
        const km = group.trips.reduce((sum, t) => sum + (t.km ?? t.energyKwh / (type?.consumptionKwhPerKm ?? 1)), 0);
        return [group.id, (km * 365) / input.horizon.days];
      }
      const weekKm = group.week.reduce(
        (sum, day) => sum + (day ? (day.km ?? (day.energyKwh ?? 0) / (type?.consumptionKwhPerKm ?? 1)) : 0),
        0,
      );
      return [group.id, (weekKm * 365) / 7];
    }),
  );
}

/** A vehicle type's economics when the user has set none: the named defaults. */
export const economicsOf = (type: PlanInput["vehicleTypes"][number]): VehicleEconomics => ({
  typeId: type.id,
  ...typeDefaults(type),
});

/** What `vehicles` electric vehicles driving `km` between them cost to run in a year, their electricity aside. */
export const evRunningPounds = (e: VehicleEconomics, km: number, vehicles: number) =>
  (km * e.evMaintenancePencePerKm) / 100 + vehicles * e.evTaxPoundsPerYear;

/** What `vehicles` diesel vehicles driving `km` between them cost to run in a year: fuel, maintenance and duty. */
export const dieselRunningPounds = (e: VehicleEconomics, km: number, vehicles: number, fuelPencePerLitre: number) =>
  (((km * e.dieselLitresPer100Km) / 100) * fuelPencePerLitre) / 100 +
  (km * e.dieselMaintenancePencePerKm) / 100 +
  vehicles * e.dieselTaxPoundsPerYear;

/**
 * Cash flows per year for each fleet: purchases less grants now (and the
 * depot for the electric one), then energy, maintenance and duty each year,
 * and the residual value back at the end; all discounted. The electric
 * fleet's electricity is the plan's, shared between vehicle types by the
 * energy each uses.
 */
export function businessCase(input: PlanInput, economics: BusinessCaseInput, plan: PlanFigures): BusinessCaseResult {
  const km = annualKmByGroup(input);
  const rate = economics.discountRatePct / 100;
  const discount = (year: number) => 1 / (1 + rate) ** year;
  const byType = new Map(economics.vehicles.map((v) => [v.typeId, v]));
  const fleetEnergy = input.vehicles.reduce((sum, g) => {
    const type = input.vehicleTypes.find((t) => t.id === g.typeId);
    return sum + g.count * km.get(g.id)! * (type?.consumptionKwhPerKm ?? 0);
  }, 0);
  let evNow = 0;
  let dieselNow = 0;
  let evYearly = 0;
  let dieselYearly = 0;
  let evResidual = 0;
  let dieselResidual = 0;
  let litres = 0;
  const types: BusinessCaseResult["types"] = [];
  for (const type of input.vehicleTypes) {
    const groups = input.vehicles.filter((g) => g.typeId === type.id);
    const vehicles = groups.reduce((sum, g) => sum + g.count, 0);
    if (vehicles === 0) continue;
    const e = byType.get(type.id) ?? economicsOf(type);
    const typeKm = groups.reduce((sum, g) => sum + g.count * km.get(g.id)!, 0);
    const perVehicleKm = typeKm / vehicles;
    const electricity =
      fleetEnergy > 0 ? (plan.electricityPoundsPerYear * typeKm * type.consumptionKwhPerKm) / fleetEnergy : 0;
    const typeLitres = (typeKm * e.dieselLitresPer100Km) / 100;
    litres += typeLitres;
    const evYear = electricity + evRunningPounds(e, typeKm, vehicles);
    const dieselYear = dieselRunningPounds(e, typeKm, vehicles, economics.fuelPencePerLitre);
    const evBuy = vehicles * Math.max(0, e.evPricePounds - e.evGrantPounds);
    const dieselBuy = vehicles * e.dieselPricePounds;
    const evBack = (vehicles * e.evPricePounds * e.evResidualPct) / 100;
    const dieselBack = (vehicles * e.dieselPricePounds * e.dieselResidualPct) / 100;
    evNow += evBuy;
    dieselNow += dieselBuy;
    evYearly += evYear;
    dieselYearly += dieselYear;
    evResidual += evBack;
    dieselResidual += dieselBack;
    const pv = (now: number, yearly: number, back: number) => {
      let total = now;
      for (let y = 1; y <= economics.years; y++) total += yearly * discount(y);
      return total - back * discount(economics.years);
    };
    const evTotal = pv(evBuy, evYear, evBack) / vehicles;
    const dieselTotal = pv(dieselBuy, dieselYear, dieselBack) / vehicles;
    const lifetimeKm = perVehicleKm * economics.years;
    types.push({
      typeId: type.id,
      name: type.name,
      vehicles,
      kmPerYear: perVehicleKm,
      evPoundsPerVehicle: evTotal,
      dieselPoundsPerVehicle: dieselTotal,
      evPencePerKm: lifetimeKm > 0 ? (evTotal * 100) / lifetimeKm : 0,
      dieselPencePerKm: lifetimeKm > 0 ? (dieselTotal * 100) / lifetimeKm : 0,
    });
  }
  const chargersPounds = economics.site.chargersPounds ?? plan.chargersPounds;
  const connectionEstimated = economics.site.connectionQuotePounds === null;
  const connectionPounds =
    economics.site.connectionQuotePounds ??
    plan.connectionKva * economics.site.connectionPoundsPerKva +
      economics.site.distanceToSubstationM * economics.site.cablePoundsPerMetre;
  const depot = Math.max(
    0,
    chargersPounds + connectionPounds + economics.site.transformerPounds - economics.site.grantPounds,
  );
  const cumulativeEv = [evNow + depot];
  const cumulativeDiesel = [dieselNow];
  for (let y = 1; y <= economics.years; y++) {
    const last = y === economics.years;
    cumulativeEv.push(cumulativeEv[y - 1]! + (evYearly - (last ? evResidual : 0)) * discount(y));
    cumulativeDiesel.push(cumulativeDiesel[y - 1]! + (dieselYearly - (last ? dieselResidual : 0)) * discount(y));
  }
  const paybackIndex = cumulativeEv.findIndex((ev, y) => ev <= cumulativeDiesel[y]! + 1e-6);
  const co2Diesel = litres * economics.co2.dieselKgPerLitre;
  const co2Electric = plan.chargingKwhPerYear * economics.co2.gridKgPerKwh;
  return {
    types,
    site: {
      chargersPounds,
      connectionPounds,
      connectionEstimated,
      transformerPounds: economics.site.transformerPounds,
      grantPounds: economics.site.grantPounds,
    },
    cumulativeEv,
    cumulativeDiesel,
    netPresentValuePounds: cumulativeDiesel.at(-1)! - cumulativeEv.at(-1)!,
    paybackYear: paybackIndex < 0 ? null : paybackIndex,
    co2eTonnesSavedPerYear: (co2Diesel - co2Electric) / 1000,
    dieselLitresPerYear: litres,
  };
}
