import { startOpenAdrPolling } from "~/features/connections/index.server";
import { depotSite } from "~/features/live-control/index.server";
import type { Runtime } from "~/lib/runtime.server";

import { measureDeliveries } from "./flex-delivery.server";
import { takeVtnFlex } from "./vtn-flex.server";

/**
 * The network's channels in this process (issue 60): each linked depot's VTN polled for its limits (a limit in kW is
 * a kVA at the plan's power factor) and its flexibility requests, answered and reported on; and the passed requests'
 * deliveries measured. Returns the stop.
 */
export function startNetworkWork(deps: Pick<Runtime, "database" | "log">) {
  const stopPolling = startOpenAdrPolling(
    deps,
    async (depotId) => (await depotSite(deps, depotId)).inputs?.site.powerFactor ?? 1,
    undefined,
    (depotId, polled) => takeVtnFlex(deps, depotId, polled),
  );
  const stopMeasuring = startFlexMeasuring(deps);
  return () => {
    stopPolling();
    stopMeasuring();
  };
}

/** Measures the passed requests' deliveries every minute in this process (each is measured once); returns the stop. */
export function startFlexMeasuring(deps: Pick<Runtime, "database" | "log">, everyMs = 60_000) {
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    void measureDeliveries(deps)
      .catch((error: unknown) => deps.log.error({ err: error }, "flexibility deliveries could not be measured"))
      .finally(() => (running = false));
  }, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
