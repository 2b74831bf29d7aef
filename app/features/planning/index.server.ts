/**
 * A depot's charging plan: its inputs and defaults, running it off the request thread, results, scenarios, the
 * business case, the PDF report.
 * What other features, routes, the CLI, scripts and tests may use on the server; every other file here is the
 * feature's own (decision 045).
 */
export {
  PER_USER_WAITING,
  PLAN_WORKER_LIMITS,
  planRunsOf,
  PlanSupersededError,
  runFlexComputation,
  runOutlookComputation,
  runPlanComputation,
  setPlanWorkerScript,
  stopPlanComputations,
} from "./plan-runner.server";
export { workOutOffer } from "./offer-outlook.server";
export {
  getPlan,
  companiesWithPlans,
  readDepotPlan,
  readDepotPlans,
  type SavedPlan,
  startCheckedPlanRun,
  startPlanRun,
  stopPlanRuns,
} from "./plan-store.server";
export { renderDepotReportInBackground } from "./report/render-report.server";
export { getReportData } from "./report/report-data.server";
export { Detail, Footer, styles, TableRow } from "./report/report-primitives.server";
export { savingsFromUrl } from "./savings-from-url.server";
export { deleteScenario, listScenarios, MAX_SCENARIOS, saveScenario } from "./scenario-store.server";
