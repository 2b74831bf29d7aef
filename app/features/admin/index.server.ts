/**
 * The consultancy's admin console: submissions, users, the audit log, depot review.
 * What other features, routes, the CLI, scripts and tests may use on the server; every other file here is the
 * feature's own (decision 045).
 */
export { listRecentAudit } from "./audit.server";
export { reviewDepot } from "./review.server";
export { seedDemo } from "./seed-demo.server";
export { getSubmissionDetail } from "./submission-detail.server";
export { exportSubmissionsCsv, listSubmissions } from "./submissions.server";
export { listUsersPage } from "./users-page.server";
