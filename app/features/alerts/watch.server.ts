/**
 * Looks at every depot with chargers or named vehicles once a minute (ALERTS_INTERVAL_SECONDS), in every serving
 * process: the rows are the claim (alerts.server.ts), so several processes looking at once still send one mail.
 */
import { depotsWithChargers } from "~/features/chargers/index.server";
import { depotsNamingVehicles } from "~/features/vehicles/index.server";
import { letOthersIn } from "~/lib/event-loop.server";
import type { Runtime } from "~/lib/runtime.server";

import { evaluateDepotAlerts } from "./alerts.server";

type Deps = Pick<Runtime, "database" | "env" | "log">;

/** The depots that can have alerts: those with a charger or a named vehicle. */
async function watchedDepots(deps: Deps): Promise<number[]> {
  const [charging, named] = await Promise.all([depotsWithChargers(deps), depotsNamingVehicles(deps)]);
  return [...new Set([...charging, ...named])];
}

export async function evaluateAllAlerts(deps: Deps, now = Date.now()) {
  let mailed = 0;
  for (const depotId of await watchedDepots(deps)) {
    // A depot's look is tens of milliseconds at 200 chargers: the chargers' messages are answered between two.
    await letOthersIn();
    try {
      mailed += (await evaluateDepotAlerts(deps, depotId, now)).mailed;
    } catch (error) {
      // One depot's failure (its plan unreadable, say) does not stop the others' alerts.
      deps.log.error({ err: error, depotId }, "depot alerts failed");
    }
  }
  return mailed;
}

export function startAlertWatch(deps: Deps, intervalMs: number): () => void {
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    evaluateAllAlerts(deps)
      .then((mailed) => mailed > 0 && deps.log.info({ mailed }, "depot alerts mailed"))
      .catch((error: unknown) => deps.log.error({ err: error }, "depot alerts failed"))
      .finally(() => (running = false));
  }, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
