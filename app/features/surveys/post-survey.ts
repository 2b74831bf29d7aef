import { SURVEY_MESSAGES, type SubmitResponse } from "./survey-schema";

/** The page's own answer when the server's never came (the network dropped) or was not the action result. */
const notSent: SubmitResponse = { ok: false, errors: { form: SURVEY_MESSAGES.failed } };

/** Sends the survey with XMLHttpRequest, the one browser API that reports upload progress. */
export function postSurvey(body: FormData, onProgress: (fraction: number) => void): Promise<SubmitResponse> {
  return new Promise((resolve) => {
    const request = new XMLHttpRequest();
    request.open("POST", "/surveys");
    request.setRequestHeader("Accept", "application/json");
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    };
    request.onload = () => {
      try {
        resolve(JSON.parse(request.responseText) as SubmitResponse);
      } catch {
        resolve(notSent);
      }
    };
    request.onerror = () => resolve(notSent);
    request.send(body);
  });
}
