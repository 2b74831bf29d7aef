import { rm } from "node:fs/promises";
import { data } from "react-router";

import {
  confirmationPath,
  fieldErrorsFrom,
  SURVEY_MESSAGES,
  surveyFieldsSchema,
  type FieldErrors,
  type SubmitResponse,
} from "~/features/surveys";
import { receiveSurveyUpload, submitSurvey } from "~/features/surveys/index.server";
import { getSessionUser } from "~/lib/auth/guards.server";
import { getRuntime } from "~/lib/runtime.server";
import { makeTempDir } from "~/lib/temp-files.server";
import { redirectWithToast } from "~/lib/toast.server";
import { UserError } from "~/lib/user-error";

import type { Route } from "./+types/submit";

const TEXT_FIELDS = [
  "depotName",
  "depotAddress",
  "numberOfEVs",
  "cableRunObstacles",
  "additionalNotes",
  "latitude",
  "longitude",
  "locationAddress",
  "idempotencyKey",
];

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
  const fail = async (status: number, body: Extract<SubmitResponse, { ok: false }>) =>
    wantsJson
      ? data<SubmitResponse>(body, { status })
      : redirectWithToast("/survey", {
          type: "error",
          title: body.errors ? Object.values(body.errors)[0]! : body.error,
        });
  const refused = (error: UserError) =>
    fail(error.status, {
      ok: false,
      error: error.message,
      ...(Object.keys(error.fieldErrors).length > 0 ? { errors: error.fieldErrors } : {}),
    });

  const user = getSessionUser(context);
  if (!user) return fail(401, { ok: false, error: SURVEY_MESSAGES.signIn });

  const uploadDir = await makeTempDir(runtime.env.DATA_DIR, "survey");
  try {
    let received: Awaited<ReturnType<typeof receiveSurveyUpload>>;
    try {
      received = await receiveSurveyUpload(request, uploadDir, runtime.env.MAX_PHOTO_MB * 1024 * 1024);
    } catch (error) {
      if (!(error instanceof UserError)) throw error;
      return refused(error);
    }
    const { fields: form, photos } = received;

    const values = Object.fromEntries(TEXT_FIELDS.map((name) => [name, form[name]]));
    const parsed = surveyFieldsSchema.safeParse(values);
    const errors: FieldErrors = parsed.success ? {} : fieldErrorsFrom(parsed.error);
    if (!photos.some((photo) => photo.kind === "proposed_charging_area")) errors.photos = SURVEY_MESSAGES.photo;
    if (!parsed.success || errors.photos)
      return fail(400, { ok: false, error: Object.values(errors)[0] ?? SURVEY_MESSAGES.failed, errors });

    const result = await submitSurvey(runtime, user, parsed.data, photos);
    const redirectTo = confirmationPath(result.depotId, result.emailSent);
    if (wantsJson)
      return data<SubmitResponse>({ ok: true, depotId: result.depotId, emailSent: result.emailSent, redirectTo });
    return redirectWithToast(
      redirectTo,
      result.emailSent
        ? { type: "success", title: SURVEY_MESSAGES.emailSent }
        : { type: "warning", title: SURVEY_MESSAGES.emailFailed },
    );
  } catch (error) {
    if (error instanceof UserError) return refused(error);
    runtime.log.error({ err: error, userId: user.id }, "survey submission failed");
    return fail(500, { ok: false, error: SURVEY_MESSAGES.failed });
  } finally {
    await rm(uploadDir, { recursive: true, force: true });
  }
}
