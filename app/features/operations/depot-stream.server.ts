import { requireDepot, type DepotViewer } from "~/features/depots/index.server";
import { onDepotChanged } from "~/lib/depot-signals.server";
import { liveStream } from "~/lib/live-streams.server";
import type { Runtime } from "~/lib/runtime.server";

/** The depot's stream ("change" on every report of its chargers), for a principal who may read its operations. */
export async function depotEventStream(
  deps: Pick<Runtime, "database">,
  viewer: DepotViewer,
  depotId: number,
  signal: AbortSignal,
): Promise<Response> {
  const depot = await requireDepot(deps.database.db, viewer, depotId, "operations.read");
  return liveStream(viewer.id, signal, (changed) => onDepotChanged(depot.id, changed));
}
