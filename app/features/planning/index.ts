export { annualKmByGroup, dieselRunningPounds, economicsOf, evRunningPounds } from "./business-case";
export { defaultBusinessCase } from "./business-case-defaults";
export { PlanTab } from "./components/plan-tab";
export { SavingsCalculator } from "./components/savings-calculator";
export { buildingBill, computePlan } from "./compute-plan";
export { DEFAULT_VEHICLE_TYPES, defaultPlanInput } from "./plan-defaults";
export { MAX_WORK, planInputSchema, type PlanRequest } from "./plan-input";
export { type CheckedPlanRequest, checkPlanRequest } from "./plan-issues";
export type { PlanSummary } from "./plan-summary";
