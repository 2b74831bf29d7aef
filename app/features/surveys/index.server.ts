/**
 * Depot surveys from a phone: the form's schema, photos, submission.
 * What other features, routes, the CLI, scripts and tests may use on the server; every other file here is the
 * feature's own (decision 045).
 */
export { setPhotoWorkers } from "./process-photo.server";
export { receiveSurveyUpload } from "./receive-upload.server";
export { removeOrphanPhotos, SHARED_GRACE_MS } from "./remove-orphan-photos.server";
export { findByIdempotencyKey, submitSurvey, type UploadedPhoto } from "./submit-survey.server";
