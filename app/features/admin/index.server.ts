export { listRecentAudit } from "./audit.server";
export { reviewDepot } from "./review.server";
export { seedDemo } from "./seed-demo.server";
export { getSubmissionDetail } from "./submission-detail.server";
export { exportSubmissionsCsv, listSubmissions } from "./submissions.server";
export { listUsersPage } from "./users-page.server";
