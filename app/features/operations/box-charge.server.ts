/**
 * Box Charge in one piece: the chargers' OCPP endpoint with the live controller running the chargers it holds. The
 * chargers' room knows nothing of the controller (it is handed one) and live control nothing of the endpoint's
 * start, so the two rooms meet here (decision 056).
 */
import { startOcppEndpoint, stopOcppEndpoint, type OcppEndpoint } from "~/features/chargers/index.server";
import { startSmartCharging } from "~/features/live-control/index.server";
import type { Runtime } from "~/lib/runtime.server";

export function startBoxCharge(deps: Pick<Runtime, "database" | "log" | "env" | "storage">): OcppEndpoint {
  return startOcppEndpoint(deps, (local, options) => startSmartCharging(deps, local, options));
}

export const stopBoxCharge = stopOcppEndpoint;
