/**
 * From a haulier's trips to the hubs (issue 50, item 4): where its vehicles already stop long enough near an open hub,
 * and which of them would then go electric that cannot today (the trips feature's replay, hub-stops.ts). The depot's
 * trips are read through the trips feature's own access check; the hubs are those the viewer may use.
 */
import { requireDepot, type DepotViewer } from "~/features/depots/index.server";
import { defaultPlanInput } from "~/features/planning";
import { readDepotPlan } from "~/features/planning/index.server";
import { loadTripView, viewChoicesSchema, type HubPlace, type HubStopsFinding } from "~/features/trips/index.server";
import type { Runtime } from "~/lib/runtime.server";
import { UserError } from "~/lib/user-error";

import { hubPlans, listHubs } from "./hubs.server";

type Deps = Pick<Runtime, "database">;
export type StopsNearHub = HubStopsFinding & { name: string; position: [number, number] };

/** The depot's vehicles' stops near the open hubs the viewer may use, or null when the depot has no trips to read. */
export async function stopsNearHubs(deps: Deps, viewer: DepotViewer, depotId: number): Promise<StopsNearHub[] | null> {
  // The depot first, through the one access check (another company's answers as one that does not exist).
  await requireDepot(deps.database.db, viewer, depotId);
  const hubs = (await listHubs(deps, viewer)).filter((h) => h.status === "open" && h.as !== "operator" && h.position);
  const plans = await hubPlans(
    deps,
    hubs.map((h) => h.depotId),
  );
  // A hub's fastest charger is what a stop there could use (the vehicle's own limit applies too).
  const places: HubPlace[] = hubs.flatMap((h) => {
    const plan = plans.get(h.depotId);
    return plan instanceof UserError || !plan
      ? []
      : [{ id: h.id, name: h.name, position: h.position!, kw: Math.max(0, ...plan.chargers.map((c) => c.powerKw)) }];
  });
  const base = (await readDepotPlan(deps, depotId))?.inputs ?? defaultPlanInput({ vehicles: null, chargers: [] });
  const result = await loadTripView(deps, viewer, depotId, base, viewChoicesSchema.parse({}), null, places);
  if (!result) return null;
  return result.view.hubStops.map((finding) => {
    const hub = places.find((p) => p.id === finding.hubId)!;
    return { ...finding, name: hub.name, position: hub.position };
  });
}
