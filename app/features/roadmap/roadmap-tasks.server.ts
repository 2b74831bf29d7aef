/**
 * Planning depot-years off the server's main thread: in the background
 * process (at a lower priority, decision 019) in the embedded default. A
 * roadmap sends its depot-years a few at a time and waits for each batch, so
 * a password check or a photo sent meanwhile waits for one batch, not for
 * the whole roadmap.
 */
import type { PlanRequest } from "~/features/planning/plan-input";
import { backgroundTask } from "~/lib/background/background.server";

import { planDepotYear } from "./depot-year";

export const planDepotYearsInBackground = backgroundTask("planDepotYears", async (inputs: PlanRequest[]) =>
  inputs.map(planDepotYear),
);
