import { hubEventStream } from "~/features/hubs/index.server";
import { requireUser } from "~/lib/auth/guards.server";
import { parseId } from "~/lib/parse-id";
import { getRuntime } from "~/lib/runtime.server";
import { UserError } from "~/lib/user-error";

import type { Route } from "./+types/events";

/**
 * Server-sent events: "change" when what the viewer sees of the hub changed (the page then reads its loader again,
 * which keeps to what the viewer may see). The event carries nothing but its time; who may follow a hub live, and
 * when they are told, is the hubs feature's (hub-live.server.ts).
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const user = requireUser(context, request);
  try {
    return await hubEventStream(getRuntime(), user, parseId(params.hubId), request.signal);
  } catch (error) {
    if (error instanceof UserError) return new Response(error.message, { status: error.status });
    throw error;
  }
}
