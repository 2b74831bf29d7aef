import type { DepotViewer } from "~/features/depots/index.server";
import type { CheckedPlanRequest, PlanRequest } from "~/features/planning";
import type { Runtime } from "~/lib/runtime.server";

import type { HubPlace } from "./hub-stops";
import { tripFiguresInBackground, type TripView, type ViewChoices } from "./trip-figures.server";
import { getStoredTrips } from "./trip-store.server";

/**
 * The Trips tab's figures for the depot's record, and with `plan` the plan
 * request from it. The record is read here; the tours, suitability and plan
 * request are worked out in the background process (a year of a fleet is
 * 300,000 trips), so a view of the tab never holds up other requests.
 */
export async function loadTripView(
  deps: Pick<Runtime, "database">,
  viewer: DepotViewer,
  depotId: number,
  base: PlanRequest,
  choices: ViewChoices,
  plan: "recorded" | "typical" | null = null,
  /** Charging hubs to look for the vehicles' stops near (the hub finder). */
  hubs: HubPlace[] = [],
): Promise<{ view: TripView; inputs: CheckedPlanRequest | null } | null> {
  const stored = await getStoredTrips(deps, viewer, depotId);
  if (!stored) return null;
  const { location, ...record } = stored;
  return tripFiguresInBackground(record, location, base, choices, plan, hubs);
}
