import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { MaxFileSizeExceededError, MaxFilesExceededError, parseFormData } from "@remix-run/form-data-parser";
import { data } from "react-router";
import { PhotoError } from "~/features/surveys/process-photo.server";
import { submitSurvey, type UploadedPhoto } from "~/features/surveys/submit-survey.server";
import {
  fieldErrorsFrom,
  MAX_CABLE_RUN_PHOTOS,
  PHOTO_FIELDS,
  SURVEY_MESSAGES,
  surveyFieldsSchema,
  type FieldErrors,
  type PhotoKind,
} from "~/features/surveys/survey-schema";
import { getSessionUser } from "~/lib/auth/guards.server";
import { getRuntime } from "~/lib/runtime.server";
import { redirectWithToast } from "~/lib/toast.server";
import type { Route } from "./+types/submit";

export type SubmitResponse =
  | { ok: true; depotId: number; emailSent: boolean }
  | { ok: false; error: string; errors?: FieldErrors };

const kindByField = new Map<string, PhotoKind>((Object.keys(PHOTO_FIELDS) as PhotoKind[]).map((kind) => [PHOTO_FIELDS[kind].field, kind]));
const TEXT_FIELDS = ["depotName", "depotAddress", "numberOfEVs", "cableRunObstacles", "additionalNotes", "latitude", "longitude", "locationAddress", "idempotencyKey"];

export function loader() {
  throw data("Use POST to submit a survey.", { status: 405, headers: { Allow: "POST" } });
}

/**
 * Receives a survey (multipart). The browser's form sends it with
 * Accept: application/json and gets JSON back; a plain form post (no
 * JavaScript) is redirected with a toast instead.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const runtime = getRuntime();
  const wantsJson = (request.headers.get("accept") ?? "").includes("application/json");
  // After a refusal part-way through the upload the rest of the body is never read; closing the
  // connection tells the browser to stop sending it and read the answer.
  const fail = async (status: number, body: Extract<SubmitResponse, { ok: false }>, headers: HeadersInit = {}) =>
    wantsJson
      ? data<SubmitResponse>(body, { status, headers })
      : redirectWithToast("/survey", { type: "error", title: body.errors ? Object.values(body.errors)[0]! : body.error }, headers);
  const closeConnection = { Connection: "close" };

  const user = getSessionUser(context);
  if (!user) return fail(401, { ok: false, error: SURVEY_MESSAGES.signIn });

  const uploadRoot = path.join(runtime.env.DATA_DIR, "tmp");
  await mkdir(uploadRoot, { recursive: true });
  const uploadDir = await mkdtemp(path.join(uploadRoot, "survey-"));
  const photos: UploadedPhoto[] = [];
  try {
    let form: FormData;
    try {
      form = await parseFormData(request, { maxFileSize: runtime.env.MAX_PHOTO_MB * 1024 * 1024, maxFiles: 3 + MAX_CABLE_RUN_PHOTOS }, async (file) => {
        const kind = kindByField.get(file.fieldName);
        if (!kind || file.size === 0) return null;
        if (!PHOTO_FIELDS[kind].multiple && photos.some((photo) => photo.kind === kind)) return null;
        // Each file goes to disk as soon as it has arrived; the request never holds the whole survey in memory.
        const target = path.join(uploadDir, `${photos.length}`);
        await writeFile(target, new Uint8Array(await file.arrayBuffer()));
        photos.push({ kind, path: target });
        return null;
      });
    } catch (error) {
      if (error instanceof MaxFilesExceededError) return fail(400, { ok: false, error: "Too many photos: attach at most 10 cable run photos." }, closeConnection);
      if (error instanceof MaxFileSizeExceededError) {
        const message = `Each photo must be at most ${runtime.env.MAX_PHOTO_MB} MB.`;
        return fail(413, { ok: false, error: message, errors: { photos: message } }, closeConnection);
      }
      runtime.log.warn({ err: error }, "unreadable survey upload");
      return fail(400, { ok: false, error: "The upload could not be read. Please try again." }, closeConnection);
    }

    const values = Object.fromEntries(TEXT_FIELDS.map((name) => [name, typeof form.get(name) === "string" ? form.get(name) : undefined]));
    const parsed = surveyFieldsSchema.safeParse(values);
    const errors: FieldErrors = parsed.success ? {} : fieldErrorsFrom(parsed.error);
    if (!photos.some((photo) => photo.kind === "proposed_charging_area")) errors.photos = SURVEY_MESSAGES.photo;
    if (!parsed.success || errors.photos) return fail(400, { ok: false, error: Object.values(errors)[0] ?? SURVEY_MESSAGES.failed, errors });

    const result = await submitSurvey(runtime, user, parsed.data, photos);
    const email = result.emailSent ? "success" : "failed";
    if (wantsJson) return data<SubmitResponse>({ ok: true, depotId: result.depotId, emailSent: result.emailSent });
    return redirectWithToast(`/confirmation?email=${email}`, result.emailSent ? { type: "success", title: SURVEY_MESSAGES.emailSent } : { type: "warning", title: SURVEY_MESSAGES.emailFailed });
  } catch (error) {
    if (error instanceof PhotoError) return fail(400, { ok: false, error: error.message, errors: { photos: error.message } });
    runtime.log.error({ err: error, userId: user.id }, "survey submission failed");
    return fail(500, { ok: false, error: SURVEY_MESSAGES.failed });
  } finally {
    await rm(uploadDir, { recursive: true, force: true });
  }
}
