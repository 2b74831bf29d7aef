/**
 * The consultancy's admin console: submissions, users, the audit log, depot review.
 * What other features, routes, the CLI, scripts and tests may use (safe for the browser); every other file here is
 * the feature's own (decision 045).
 */
export { ADMIN_NOTES_MAX, AdminActions } from "./components/admin-actions";
export { RecentActivity } from "./components/recent-activity";
export { SubmissionsPanel } from "./components/submissions-panel";
export { UsersPanel } from "./components/users-panel";
export { capitalizeWords, formatDate, formatDateTime } from "./format";
export { PAGE_SIZE, readParams, type SubmissionParams, submissionParamsSchema, userParamsSchema } from "./list-params";
