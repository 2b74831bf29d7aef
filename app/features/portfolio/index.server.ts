export {
  APPLICATION_REACH,
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
export { changeRoadmapSettings, readRoadmapSettings, roadmapFor } from "./roadmap.server";
