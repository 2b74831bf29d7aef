import type { SubmitResponse } from "./survey-schema";

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
        resolve({ ok: false, error: "Failed to submit survey. Please try again." });
      }
    };
    request.onerror = () => resolve({ ok: false, error: "Failed to submit survey. Please try again." });
    request.send(body);
  });
}
