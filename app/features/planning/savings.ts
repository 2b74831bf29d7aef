import {
  planCharging,
  TARIFF_PRESETS,
  type PlanInput,
  type Strategy,
  type StrategyResult,
  type TariffPreset,
} from "~/features/charging-engine";

/** Typical vehicles (domain notes) with the charger each would get at the depot. */
export const SAVINGS_VEHICLES = {
  van: {
    label: "Large electric van",
    batteryKwh: 75,
    consumptionKwhPerKm: 0.35,
    maxChargeKw: 11,
    chargerKw: 22,
    depart: 7 * 60,
    back: 17 * 60,
  },
  rigid: {
    label: "19 t rigid truck",
    batteryKwh: 300,
    consumptionKwhPerKm: 0.93,
    maxChargeKw: 150,
    chargerKw: 50,
    depart: 6 * 60,
    back: 18 * 60,
  },
  artic: {
    label: "40 t articulated truck",
    batteryKwh: 540,
    consumptionKwhPerKm: 1.1,
    maxChargeKw: 350,
    chargerKw: 150,
    depart: 6 * 60,
    back: 18 * 60,
  },
} as const;
export type SavingsVehicle = keyof typeof SAVINGS_VEHICLES;

export type SavingsInput = { fleetSize: number; vehicle: SavingsVehicle; kmPerDay: number; tariff: TariffPreset };

export function savingsInputErrors(input: { fleetSize: number; kmPerDay: number }): Record<string, string> {
  const errors: Record<string, string> = {};
  if (!Number.isInteger(input.fleetSize) || input.fleetSize < 1 || input.fleetSize > 200)
    errors.fleetSize = "Enter a fleet of 1 to 200 vehicles";
  if (!Number.isFinite(input.kmPerDay) || input.kmPerDay < 1 || input.kmPerDay > 800)
    errors.kmPerDay = "Enter 1 to 800 km a day";
  return errors;
}

type Outcome = { strategy: Strategy; peakKw: number; weekPounds: number; shortfallKwh: number };

const outcome = (result: StrategyResult): Outcome => ({
  strategy: result.strategy,
  peakKw: result.peakKw,
  weekPounds: result.cost.totalPounds,
  shortfallKwh: result.vehicles.reduce((sum, v) => sum + v.shortfallKwh, 0),
});

/**
 * One week of a fleet working Monday to Friday, one charger per vehicle, on
 * a connection big enough for everyone at full power: the cost and peak of
 * unmanaged charging against the cheapest managed strategy that still fills
 * every vehicle. The same engine as the Charging Plan, run in the browser.
 */
export function estimateSavings(input: SavingsInput) {
  const vehicle = SAVINGS_VEHICLES[input.vehicle];
  const day = { depart: vehicle.depart, return: vehicle.back, km: input.kmPerDay };
  const plan: PlanInput = {
    vehicleTypes: [
      {
        id: input.vehicle,
        name: vehicle.label,
        batteryKwh: vehicle.batteryKwh,
        consumptionKwhPerKm: vehicle.consumptionKwhPerKm,
        maxChargeKw: vehicle.maxChargeKw,
      },
    ],
    vehicles: [
      {
        id: "fleet",
        name: "Vehicle",
        typeId: input.vehicle,
        count: input.fleetSize,
        week: [day, day, day, day, day, null, null],
        targetSocPct: 90,
      },
    ],
    chargers: [{ id: "chargers", name: "Charger", count: input.fleetSize, powerKw: vehicle.chargerKw, serves: "all" }],
    site: {
      connectionKva: Math.ceil((input.fleetSize * vehicle.chargerKw) / 0.9 / 0.95) + 10,
      powerFactor: 0.95,
      buildingKw: 0,
      chargingEfficiency: 0.9,
    },
    tariff: TARIFF_PRESETS[input.tariff],
    horizon: { days: 7, stepMinutes: 15, startWeekday: 0 },
  };
  const result = planCharging(plan);
  const without = outcome(result.strategies.find((s) => s.strategy === "uncontrolled")!);
  const managed =
    result.strategies
      .filter((s) => s.strategy !== "uncontrolled")
      .map(outcome)
      .filter((o) => o.shortfallKwh < 1e-6)
      .sort((a, b) => a.weekPounds - b.weekPounds)[0] ?? without;
  const savedPounds = without.weekPounds - managed.weekPounds;
  // The lowest peak managed charging reaches, for when the cheapest plan keeps the same peak.
  const shaving = outcome(result.strategies.find((s) => s.strategy === "peak-shaving")!);
  return {
    without,
    with: managed,
    lowestPeak: shaving,
    savedPounds,
    savedPct: without.weekPounds > 0 ? (savedPounds / without.weekPounds) * 100 : 0,
    unmetKwh: without.shortfallKwh,
  };
}
