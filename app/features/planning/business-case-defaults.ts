import type { PlanInput } from "~/features/charging-engine";

import type { BusinessCaseInput, VehicleEconomics } from "./business-case-input";

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

export function typeDefaults(type: PlanInput["vehicleTypes"][number]) {
  if (type.id in TYPE_DEFAULTS) return TYPE_DEFAULTS[type.id as keyof typeof TYPE_DEFAULTS];
  return type.batteryKwh < 150 ? TYPE_DEFAULTS.van : type.batteryKwh < 450 ? TYPE_DEFAULTS.rigid : TYPE_DEFAULTS.artic;
}
