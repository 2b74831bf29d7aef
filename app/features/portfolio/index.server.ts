/**
 * The company's portfolio and transition roadmap: depot-years, connection flags and applications, the portfolio
 * report.
 * What other features, routes, the CLI, scripts and tests may use on the server; every other file here is the
 * feature's own (decision 045).
 */
export {
  readApplications,
  readQuoteFile,
  removeOrphanQuotes,
  saveApplication,
  saveQuoteFile,
} from "./applications.server";
export { openApplications } from "./open-applications.server";
export { sendApplyByReminders, startApplyByReminders } from "./reminders.server";
export { LEAD_TIME_OPERATORS, moveGroup, saveSettings } from "./roadmap-form.server";
export {
  DEPOT_YEAR_QUEUE,
  DEPOT_YEAR_QUEUE_OPTIONS,
  QUEUE_SCHEMA,
  queueDepotYears,
  startRoadmapQueue,
} from "./roadmap-queue.server";
export { renderPortfolioReportInBackground } from "./roadmap-tasks.server";
export { changeRoadmapSettings, portfolioOf, readRoadmapSettings, roadmapFor, type Whose } from "./roadmap.server";
