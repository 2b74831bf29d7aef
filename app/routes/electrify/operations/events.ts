import { depotEventStream } from "~/features/operations/index.server";
import { requireUser } from "~/lib/auth/guards.server";
import { parseId } from "~/lib/parse-id";
import { getRuntime } from "~/lib/runtime.server";
import { UserError } from "~/lib/user-error";

import type { Route } from "./+types/events";

/** Server-sent events: "change" whenever the depot's chargers report something (the page then reads its loader again). */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const user = requireUser(context, request);
  try {
    return await depotEventStream(getRuntime(), user, parseId(params.depotId), request.signal);
  } catch (error) {
    if (error instanceof UserError) return new Response(error.message, { status: error.status });
    throw error;
  }
}
