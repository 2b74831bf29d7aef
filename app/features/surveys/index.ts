/**
 * Depot surveys from a phone: the form's schema, photos, submission.
 * What other features, routes, the CLI, scripts and tests may use (safe for the browser); every other file here is
 * the feature's own (decision 045).
 */
export { type Location, LocationField } from "./components/location-field";
export { PhotoField } from "./components/photo-field";
export { downscaleImage } from "./downscale-image";
export { postSurvey } from "./post-survey";
export {
  confirmationPath,
  IDEMPOTENCY_KEY,
  MAX_CABLE_RUN_PHOTOS,
  pendingSurveyPath,
  PHOTO_FIELDS,
  photoLabel,
  type SubmitResponse,
  SURVEY_MESSAGES,
  surveyFieldsSchema,
} from "./survey-schema";
