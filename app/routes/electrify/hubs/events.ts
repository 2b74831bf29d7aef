import { requireHub } from "~/features/hubs/index.server";
import { depotEventStream } from "~/features/operations/index.server";
import { requireUser } from "~/lib/auth/guards.server";
import { parseId } from "~/lib/parse-id";
import { getRuntime } from "~/lib/runtime.server";
import { UserError } from "~/lib/user-error";

import type { Route } from "./+types/events";

/**
 * Server-sent events: "change" whenever the hub's chargers report (the page then reads its loader again, which keeps
 * to what the viewer may see). The event carries nothing but its time, so a customer learns no other fleet's data.
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const user = requireUser(context, request);
  try {
    const hub = await requireHub(getRuntime(), user, parseId(params.hubId));
    return depotEventStream(hub.depotId, request.signal);
  } catch (error) {
    if (error instanceof UserError) return new Response(error.message, { status: error.status });
    throw error;
  }
}
