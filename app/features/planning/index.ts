/**
 * A depot's charging plan: its inputs and defaults, running it off the request thread, results, scenarios, the
 * business case, the PDF report.
 * What other features, routes, the CLI, scripts and tests may use (safe for the browser); every other file here is
 * the feature's own (decision 045).
 */
export { annualKmByGroup, dieselRunningPounds, economicsOf, evRunningPounds } from "./business-case";
export { defaultBusinessCase } from "./business-case-defaults";
export { PlanTab } from "./components/plan-tab";
export { SavingsCalculator } from "./components/savings-calculator";
export { buildingBill, computePlan } from "./compute-plan";
export { DEFAULT_VEHICLE_TYPES, defaultPlanInput } from "./plan-defaults";
export { MAX_WORK, planInputSchema, type PlanRequest } from "./plan-input";
export { type CheckedPlanRequest, checkPlanRequest } from "./plan-issues";
export type { PlanSummary } from "./plan-summary";
