import { createHash } from "node:crypto";

import type { Runtime } from "~/lib/runtime.server";

import { acceptedDemands } from "./contracts.server";
import { runningThisWeek, ukToday } from "./demands";
import { hubWeekInBackground } from "./hub-checks.server";
import { hubPlan, type HubView } from "./hubs.server";

type Deps = Pick<Runtime, "database">;

/**
 * The hub's coming week with the accepted contracts that run in it: the room and chargers left by hour. Planned once
 * for what it depends on (the hub's plan and those contracts), however many pages read it (issue 58): the answer is
 * kept by a digest of both, the last few hubs' weeks.
 */
export async function hubWeek(deps: Deps, hub: HubView, now = Date.now()) {
  const running = runningThisWeek(await acceptedDemands(deps, hub.id), ukToday(now));
  const plan = await hubPlan(deps, hub.depotId);
  const key = createHash("sha256")
    .update(JSON.stringify([plan, running]))
    .digest("hex");
  let week = weeks.get(key);
  if (!week) {
    plannedWeeks += 1;
    week = hubWeekInBackground(plan, running);
    // A failed plan is not kept: the next reader asks again.
    week.catch(() => weeks.delete(key));
    weeks.set(key, week);
    if (weeks.size > WEEKS_KEPT) weeks.delete(weeks.keys().next().value!);
  }
  return week;
}
const WEEKS_KEPT = 64;
const weeks = new Map<string, ReturnType<typeof hubWeekInBackground>>();

/** How many times the hubs' weeks have been planned for their pages (tests: a week is planned once per change). */
export const hubWeeksPlanned = () => plannedWeeks;
let plannedWeeks = 0;
