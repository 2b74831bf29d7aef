import { UNSAFE_decodeViaTurboStream as decodeViaTurboStream } from "react-router";

/** What a page's action answered a hydrated page: its status, where it redirected (if it did), and its data. */
export type ActionAnswer = {
  status: number;
  location: string | null;
  data: Record<string, unknown>;
  /** The error the action threw (a refusal or a bad request), as the route's error boundary would get it. */
  error?: unknown;
};

/**
 * Posts a form as a hydrated page does (React Router's `.data` request): the same action and the same middleware as a
 * plain form post, but no page rendered after it. A redirect comes back as a 202 whose body names it; here it is read
 * back into the status and location a plain post would have had, so that a caller can check either kind alike.
 */
export async function postAsPage(
  url: string,
  body: URLSearchParams | FormData,
  headers: Record<string, string> = {},
): Promise<ActionAnswer> {
  const answer = await fetch(
    `${url.replace(/\?.*$/, "")}.data${url.includes("?") ? url.slice(url.indexOf("?")) : ""}`,
    {
      method: "POST",
      redirect: "manual",
      headers: {
        origin: new URL(url).origin,
        ...(body instanceof URLSearchParams ? { "content-type": "application/x-www-form-urlencoded" } : {}),
        ...headers,
      },
      body,
    },
  );
  const plain = { status: answer.status, location: answer.headers.get("location"), data: {} };
  // A refusal by the server's own middleware (a body too large, a request from another site) is not turbo-stream.
  if (!answer.body || !answer.headers.get("content-type")?.startsWith("text/x-script")) {
    await answer.body?.cancel();
    return plain;
  }
  const value = (await decodeViaTurboStream(answer.body, globalThis)).value as
    { redirect?: string; status?: number; data?: Record<string, unknown>; error?: unknown } | undefined;
  if (answer.status === 202 && typeof value?.redirect === "string")
    return { status: value.status ?? 302, location: value.redirect, data: {} };
  return { ...plain, data: value?.data ?? {}, error: value?.error };
}
