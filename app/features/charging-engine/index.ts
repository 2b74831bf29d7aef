/**
 * The charging engine, a pure library: planning a depot's charging (four strategies), sizing its chargers, its
 * bills. Imports nothing outside its folder.
 * What other features, routes, the CLI, scripts and tests may use (safe for the browser); every other file here is
 * the feature's own (decision 045).
 */
export { buildingLoadBySteps, type LoadProfile } from "./load-profile";
export { leastShortKwh } from "./least-short";
export { MaxFlow } from "./max-flow";
export { planCharging, planStrategy, resultOf } from "./plan-charging";
export { prepare, priceAt } from "./prepare";
export { sizeChargers, sizeChargersWithPlan } from "./sizing";
export { chargerMinimumKw } from "./stays";
export { connectionFor, siteBill } from "./summarise";
export { TARIFF_PRESETS, type TariffPreset } from "./tariffs";
export {
  AC_VEHICLE_MAX_KW,
  type CatalogueCharger,
  type ChargerGroup,
  DEFAULT_CATALOGUE,
  type DutyDay,
  type PlanInput,
  type PlanResult,
  SHORTFALL_REASONS,
  type ShortfallReason,
  STRATEGIES,
  type Strategy,
  type StrategyResult,
  type Tariff,
  type TariffBand,
} from "./types";
