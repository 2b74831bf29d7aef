import { finishOutlook, startOutlook } from "~/features/connections/index.server";
import { requireDepot, type DepotViewer } from "~/features/depots/index.server";
import type { Runtime } from "~/lib/runtime.server";
import { UserError } from "~/lib/user-error";

import { planRunRefusal, PlanSupersededError, runOutlookComputation } from "./plan-runner.server";
import { readDepotPlan } from "./plan-store.server";

/**
 * Works out what a connection offer means for the depot's saved plan (issue 60, item 2), in a plan worker under the
 * same fairness and limits as a plan run; the offer keeps the outcome with the plan run it came from, so a plan
 * changed since shows as such. The returned promise settles once the outcome is kept.
 */
export async function workOutOffer(
  deps: Pick<Runtime, "database" | "log">,
  viewer: DepotViewer,
  depotId: number,
  offerId: unknown,
): Promise<{ finished: Promise<void> }> {
  await requireDepot(deps.database.db, viewer, depotId, "application.change");
  const plan = await readDepotPlan(deps, depotId);
  if (!plan?.inputs)
    throw new UserError(
      "Make the depot's charging plan first: the offer is worked out on that plan's fleet and chargers.",
    );
  const key = `offer-${String(offerId)}`;
  const refusal = planRunRefusal(viewer.id, key);
  if (refusal) throw new UserError(refusal, { status: 429 });
  const offer = await startOutlook(deps, depotId, offerId, plan.startedAt);
  const finished = runOutlookComputation(plan.inputs, offer.shape, { owner: viewer.id, key: `offer-${offer.id}` }).then(
    (outlook) => finishOutlook(deps, offer.id, plan.startedAt, { outlook }),
    async (error: unknown) => {
      if (error instanceof PlanSupersededError) return;
      deps.log.warn({ err: error, depotId, offerId: offer.id }, "connection offer outlook failed");
      const message = error instanceof UserError ? error.message : "The offer could not be worked out: try again.";
      await finishOutlook(deps, offer.id, plan.startedAt, { error: message }).catch(() => undefined);
    },
  );
  return { finished };
}
