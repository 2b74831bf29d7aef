export { setPhotoWorkers } from "./process-photo.server";
export { receiveSurveyUpload } from "./receive-upload.server";
export { removeOrphanPhotos, SHARED_GRACE_MS } from "./remove-orphan-photos.server";
export { findByIdempotencyKey, submitSurvey, type UploadedPhoto } from "./submit-survey.server";
