import { z } from "zod";

import type { PlanInput } from "./engine/types";

/**
 * The business case: the electric fleet and its depot against the diesel
 * fleet it replaces, over the years of ownership, discounted at the
 * company's rate (issue 20). Pure arithmetic on figures the user can change;
 * the electricity comes from the charging plan. Every default below is named
 * and dated with its source in DEFAULT_SOURCES and docs/business-case.md.
 */
const money = z.number().min(0).max(10_000_000);
const vehicleEconomicsSchema = z.object({
  typeId: z.string().trim().min(1).max(60),
  evPricePounds: money,
  evGrantPounds: money,
  evResidualPct: z.number().min(0).max(100),
  evMaintenancePencePerKm: z.number().min(0).max(1000),
  evTaxPoundsPerYear: z.number().min(0).max(100_000),
  dieselPricePounds: money,
  dieselLitresPer100Km: z.number().min(1).max(100),
  dieselResidualPct: z.number().min(0).max(100),
  dieselMaintenancePencePerKm: z.number().min(0).max(1000),
  dieselTaxPoundsPerYear: z.number().min(0).max(100_000),
});
export const businessCaseSchema = z.object({
  years: z.number().int().min(1).max(20),
  discountRatePct: z.number().min(0).max(30),
  fuelPencePerLitre: z.number().min(1).max(1000),
  vehicles: z.array(vehicleEconomicsSchema).max(200),
  site: z.object({
    /** Chargers supplied and installed; null: priced from the catalogue (the sized chargers, or the plan's). */
    chargersPounds: money.nullable(),
    /** A network operator's quote; null: estimated from the kVA asked for and the distance. */
    connectionQuotePounds: money.nullable(),
    connectionPoundsPerKva: z.number().min(0).max(10_000),
    cablePoundsPerMetre: z.number().min(0).max(10_000),
    distanceToSubstationM: z.number().min(0).max(100_000),
    transformerPounds: money,
    grantPounds: money,
  }),
  co2: z.object({
    factorsYear: z.number().int().min(2000).max(2100),
    dieselKgPerLitre: z.number().min(0).max(10),
    gridKgPerKwh: z.number().min(0).max(2),
  }),
});
export type BusinessCaseInput = z.infer<typeof businessCaseSchema>;
export type VehicleEconomics = z.infer<typeof vehicleEconomicsSchema>;

/** Defaults by vehicle type id (the plan's own types van, rigid and artic); other types start from the nearest by battery size. */
const TYPE_DEFAULTS: Record<"van" | "rigid" | "artic", Omit<VehicleEconomics, "typeId">> = {
  van: {
    evPricePounds: 55_000,
    evGrantPounds: 5_000,
    evResidualPct: 20,
    evMaintenancePencePerKm: 5,
    evTaxPoundsPerYear: 345,
    dieselPricePounds: 38_000,
    dieselLitresPer100Km: 9,
    dieselResidualPct: 25,
    dieselMaintenancePencePerKm: 8,
    dieselTaxPoundsPerYear: 345,
  },
  rigid: {
    evPricePounds: 250_000,
    evGrantPounds: 16_000,
    evResidualPct: 20,
    evMaintenancePencePerKm: 12,
    evTaxPoundsPerYear: 165,
    dieselPricePounds: 100_000,
    dieselLitresPer100Km: 28,
    dieselResidualPct: 25,
    dieselMaintenancePencePerKm: 18,
    dieselTaxPoundsPerYear: 1_200,
  },
  artic: {
    evPricePounds: 350_000,
    evGrantPounds: 25_000,
    evResidualPct: 20,
    evMaintenancePencePerKm: 14,
    evTaxPoundsPerYear: 165,
    dieselPricePounds: 120_000,
    dieselLitresPer100Km: 33,
    dieselResidualPct: 25,
    dieselMaintenancePencePerKm: 20,
    dieselTaxPoundsPerYear: 1_850,
  },
};

/** Where each default comes from (shown on the page and in docs/business-case.md). */
export const DEFAULT_SOURCES: { figure: string; value: string; source: string }[] = [
  {
    figure: "Years, discount rate",
    value: "7 years, 8 %",
    source: "A typical truck replacement cycle and cost of capital; set your own.",
  },
  {
    figure: "Diesel price",
    value: "120 p/litre",
    source: "UK pump price less VAT, Nov 2026 (DESNZ weekly road fuel prices); set what you pay.",
  },
  {
    figure: "Vehicle prices",
    value: "van £55k / £38k, 19 t rigid £250k / £100k, 40 t artic £350k / £120k (electric / diesel)",
    source: "Electrify market estimate, Nov 2026; use your quotes.",
  },
  {
    figure: "Vehicle grants",
    value: "van £5k, rigid £16k, artic £25k",
    source: "UK Plug-in Van and Truck Grant levels as last published; check GOV.UK for current rates.",
  },
  {
    figure: "Diesel consumption",
    value: "van 9, rigid 28, artic 33 litres/100 km",
    source: "Typical UK fleet figures (domain notes); use your fuel records.",
  },
  {
    figure: "Maintenance",
    value: "van 5 / 8 p/km, rigid 12 / 18, artic 14 / 20 (electric / diesel)",
    source: "Electrify estimate from published fleet studies (electric ≈ 30–40 % less); use your contracts.",
  },
  {
    figure: "Vehicle excise duty and HGV levy",
    value: "van £345 / £345, rigid £165 / £1,200, artic £165 / £1,850 a year (electric / diesel)",
    source: "Indicative 2025/26 rates; check GOV.UK for your vehicles.",
  },
  {
    figure: "Residual value",
    value: "20 % electric, 25 % diesel after the period",
    source: "Electrify estimate; electric residuals are still uncertain.",
  },
  {
    figure: "Connection estimate",
    value: "£150 per kVA + £250 per metre to the substation",
    source: "Electrify estimate from UK budget quotes; marked as an estimate until you enter a quote.",
  },
  {
    figure: "Transformer and switchgear",
    value: "£0 (only above about 400 kVA, on your quote)",
    source: "Set your quote; see the recommended transformer size.",
  },
  {
    figure: "CO2e factors (2024 set)",
    value: "diesel 2.51 kg/litre; grid electricity 0.225 kg/kWh (generation 0.207 + losses 0.018)",
    source: "UK Government GHG conversion factors for company reporting, 2024; update to the current year's set.",
  },
];

export function defaultBusinessCase(input: Pick<PlanInput, "vehicleTypes">): BusinessCaseInput {
  return {
    years: 7,
    discountRatePct: 8,
    fuelPencePerLitre: 120,
    vehicles: input.vehicleTypes.map((type) => ({ typeId: type.id, ...typeDefaults(type) })),
    site: {
      chargersPounds: null,
      connectionQuotePounds: null,
      connectionPoundsPerKva: 150,
      cablePoundsPerMetre: 250,
      distanceToSubstationM: 0,
      transformerPounds: 0,
      grantPounds: 0,
    },
    co2: { factorsYear: 2024, dieselKgPerLitre: 2.51, gridKgPerKwh: 0.225 },
  };
}

function typeDefaults(type: PlanInput["vehicleTypes"][number]) {
  if (type.id in TYPE_DEFAULTS) return TYPE_DEFAULTS[type.id as keyof typeof TYPE_DEFAULTS];
  return type.batteryKwh < 150 ? TYPE_DEFAULTS.van : type.batteryKwh < 450 ? TYPE_DEFAULTS.rigid : TYPE_DEFAULTS.artic;
}

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
    const e = byType.get(type.id) ?? { typeId: type.id, ...typeDefaults(type) };
    const typeKm = groups.reduce((sum, g) => sum + g.count * km.get(g.id)!, 0);
    const perVehicleKm = typeKm / vehicles;
    const electricity =
      fleetEnergy > 0 ? (plan.electricityPoundsPerYear * typeKm * type.consumptionKwhPerKm) / fleetEnergy : 0;
    const typeLitres = (typeKm * e.dieselLitresPer100Km) / 100;
    litres += typeLitres;
    const evYear = electricity + (typeKm * e.evMaintenancePencePerKm) / 100 + vehicles * e.evTaxPoundsPerYear;
    const dieselYear =
      (typeLitres * economics.fuelPencePerLitre) / 100 +
      (typeKm * e.dieselMaintenancePencePerKm) / 100 +
      vehicles * e.dieselTaxPoundsPerYear;
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
