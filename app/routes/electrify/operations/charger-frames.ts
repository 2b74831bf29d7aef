import { chargerFrames } from "~/features/chargers/index.server";
import { requireUser } from "~/lib/auth/guards.server";
import { parseId } from "~/lib/parse-id";
import { getRuntime } from "~/lib/runtime.server";
import { UserError } from "~/lib/user-error";

import type { Route } from "./+types/charger-frames";

/** A charger's last OCPP frames as JSON lines (one frame a line: time, direction, text), for support (issue 59). */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const user = requireUser(context, request);
  try {
    const { identity, frames } = await chargerFrames(
      getRuntime(),
      user,
      parseId(params.depotId),
      parseId(params.chargePointId),
    );
    const body = frames.map((f) => JSON.stringify(f)).join("\n");
    return new Response(body ? `${body}\n` : "", {
      headers: {
        "content-type": "application/x-ndjson; charset=utf-8",
        "content-disposition": `attachment; filename="ocpp-frames-${identity}.jsonl"`,
        "cache-control": "no-store",
      },
    });
  } catch (error) {
    if (!(error instanceof UserError)) throw error;
    return new Response("Charger not found", { status: 404 });
  }
}
