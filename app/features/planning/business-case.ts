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
  const discount = discounter(economics);
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
    const flows = typeFlows(input, type, byType.get(type.id) ?? economicsOf(type), economics, km, plan, fleetEnergy);
    if (!flows) continue;
    litres += flows.litres;
    evNow += flows.ev.buy;
    dieselNow += flows.diesel.buy;
    evYearly += flows.ev.year;
    dieselYearly += flows.diesel.year;
    evResidual += flows.ev.back;
    dieselResidual += flows.diesel.back;
    types.push(flows.row);
  }
  const site = siteCosts(economics, plan);
  // Each year's discounted cash added up from now: the purchases, then the running costs, the residual value back last.
  const cumulative = (now: number, yearly: number, back: number) => {
    const totals = [now];
    for (let y = 1; y <= economics.years; y++)
      totals.push(totals[y - 1]! + (yearly - (y === economics.years ? back : 0)) * discount(y));
    return totals;
  };
  const cumulativeEv = cumulative(evNow + site.depotPounds, evYearly, evResidual);
  const cumulativeDiesel = cumulative(dieselNow, dieselYearly, dieselResidual);
  const paybackIndex = cumulativeEv.findIndex((ev, y) => ev <= cumulativeDiesel[y]! + 1e-6);
  const co2Diesel = litres * economics.co2.dieselKgPerLitre;
  const co2Electric = plan.chargingKwhPerYear * economics.co2.gridKgPerKwh;
  return {
    types,
    site: {
      chargersPounds: site.chargersPounds,
      connectionPounds: site.connectionPounds,
      connectionEstimated: site.connectionEstimated,
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

/** The depot's own spend: chargers, the connection (the quote, or estimated per kVA and metre of cable), less grants. */
function siteCosts(economics: BusinessCaseInput, plan: PlanFigures) {
  const chargersPounds = economics.site.chargersPounds ?? plan.chargersPounds;
  const connectionEstimated = economics.site.connectionQuotePounds === null;
  const connectionPounds =
    economics.site.connectionQuotePounds ??
    plan.connectionKva * economics.site.connectionPoundsPerKva +
      economics.site.distanceToSubstationM * economics.site.cablePoundsPerMetre;
  const depotPounds = Math.max(
    0,
    chargersPounds + connectionPounds + economics.site.transformerPounds - economics.site.grantPounds,
  );
  return { chargersPounds, connectionPounds, connectionEstimated, depotPounds };
}

/** What a pound in `year` is worth now, at the business case's discount rate. */
const discounter = (economics: BusinessCaseInput) => (year: number) =>
  1 / (1 + economics.discountRatePct / 100) ** year;

/**
 * One vehicle type's cash, electric and diesel: buying (less grants), a year's running (its share of the plan's
 * electricity by the energy it uses, or diesel), the residual value back, and its cost per vehicle and per km over the
 * years, discounted. Null when the fleet has none of the type.
 */
function typeFlows(
  input: PlanInput,
  type: PlanInput["vehicleTypes"][number],
  e: ReturnType<typeof economicsOf>,
  economics: BusinessCaseInput,
  km: Map<string, number>,
  plan: PlanFigures,
  fleetEnergy: number,
) {
  const groups = input.vehicles.filter((g) => g.typeId === type.id);
  const vehicles = groups.reduce((sum, g) => sum + g.count, 0);
  if (vehicles === 0) return null;
  const discount = discounter(economics);
  const typeKm = groups.reduce((sum, g) => sum + g.count * km.get(g.id)!, 0);
  const perVehicleKm = typeKm / vehicles;
  const electricity =
    fleetEnergy > 0 ? (plan.electricityPoundsPerYear * typeKm * type.consumptionKwhPerKm) / fleetEnergy : 0;
  const ev = {
    buy: vehicles * Math.max(0, e.evPricePounds - e.evGrantPounds),
    year: electricity + evRunningPounds(e, typeKm, vehicles),
    back: (vehicles * e.evPricePounds * e.evResidualPct) / 100,
  };
  const diesel = {
    buy: vehicles * e.dieselPricePounds,
    year: dieselRunningPounds(e, typeKm, vehicles, economics.fuelPencePerLitre),
    back: (vehicles * e.dieselPricePounds * e.dieselResidualPct) / 100,
  };
  const pv = ({ buy, year, back }: typeof ev) => {
    let total = buy;
    for (let y = 1; y <= economics.years; y++) total += year * discount(y);
    return total - back * discount(economics.years);
  };
  const evTotal = pv(ev) / vehicles;
  const dieselTotal = pv(diesel) / vehicles;
  const lifetimeKm = perVehicleKm * economics.years;
  const row: BusinessCaseResult["types"][number] = {
    typeId: type.id,
    name: type.name,
    vehicles,
    kmPerYear: perVehicleKm,
    evPoundsPerVehicle: evTotal,
    dieselPoundsPerVehicle: dieselTotal,
    evPencePerKm: lifetimeKm > 0 ? (evTotal * 100) / lifetimeKm : 0,
    dieselPencePerKm: lifetimeKm > 0 ? (dieselTotal * 100) / lifetimeKm : 0,
  };
  return { ev, diesel, litres: (typeKm * e.dieselLitresPer100Km) / 100, row };
}
