import { z } from "zod";

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
