import { rm } from "node:fs/promises";
import { data } from "react-router";

import { confirmationPath, SURVEY_MESSAGES, surveyFieldsSchema } from "~/features/surveys";
import { receiveSurveyUpload, submitSurvey } from "~/features/surveys/index.server";
import { failed, succeeded } from "~/lib/action-result.server";
import { getSessionUser } from "~/lib/auth/guards.server";
import { getRuntime } from "~/lib/runtime.server";
import { makeTempDir } from "~/lib/temp-files.server";
import { redirectWithToast } from "~/lib/toast.server";
import { fieldErrorsOf, UserError } from "~/lib/user-error";

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
  // The page's script reads the one action result; a plain form post (no JavaScript) goes back with a toast.
  const refused = (error: UserError) =>
    wantsJson ? failed(error) : redirectWithToast("/survey", { type: "error", title: error.message });

  const user = getSessionUser(context);
  if (!user) return refused(new UserError(SURVEY_MESSAGES.signIn, { status: 401 }));

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
    const errors = parsed.success ? {} : fieldErrorsOf(parsed.error);
    if (!photos.some((photo) => photo.kind === "proposed_charging_area")) errors.photos = SURVEY_MESSAGES.photo;
    if (!parsed.success || errors.photos) return refused(new UserError(Object.values(errors), { fieldErrors: errors }));

    const result = await submitSurvey(runtime, user, parsed.data, photos);
    const redirectTo = confirmationPath(result.depotId, result.emailSent);
    if (wantsJson) return succeeded(null, { depotId: result.depotId, emailSent: result.emailSent, redirectTo });
    return redirectWithToast(
      redirectTo,
      result.emailSent
        ? { type: "success", title: SURVEY_MESSAGES.emailSent }
        : { type: "warning", title: SURVEY_MESSAGES.emailFailed },
    );
  } catch (error) {
    if (error instanceof UserError) return refused(error);
    runtime.log.error({ err: error, userId: user.id }, "survey submission failed");
    return refused(new UserError(SURVEY_MESSAGES.failed, { status: 500 }));
  } finally {
    await rm(uploadDir, { recursive: true, force: true });
  }
}
