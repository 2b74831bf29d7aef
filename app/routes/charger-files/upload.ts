import { MAX_UPLOAD_MB } from "~/features/chargers";
import { receiveUpload } from "~/features/chargers/index.server";
import { readFileBody } from "~/lib/request-body.server";
import { getRuntime } from "~/lib/runtime.server";
import { UserError } from "~/lib/user-error";

import type { Route } from "./+types/upload";

/**
 * Where a charger uploads the diagnostics or log it was asked for over HTTPS (issue 59, item 4): POST as a form with
 * one file (what most chargers do) or PUT with the file as the body, once, to the one-time URL it was given. Anything
 * else is the same 404; nothing here needs a session, the token is the permission.
 */
export async function action({ request, params }: Route.ActionArgs) {
  if (request.method !== "POST" && request.method !== "PUT")
    return new Response("POST or PUT the file", { status: 405, headers: { allow: "POST, PUT" } });
  const runtime = getRuntime();
  let file;
  try {
    file = await readFileBody(request, MAX_UPLOAD_MB * 1024 * 1024);
  } catch (error) {
    if (error instanceof UserError) return new Response(error.message, { status: error.status });
    if (error instanceof Response) return error;
    throw error;
  }
  if (!file) return new Response("Send the file", { status: 400 });
  const kept = await receiveUpload(runtime, params.token, file);
  return kept ? new Response("Received", { status: 201 }) : new Response("Not found", { status: 404 });
}

export function loader() {
  return new Response("POST or PUT the file", { status: 405, headers: { allow: "POST, PUT" } });
}
