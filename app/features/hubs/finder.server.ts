/**
 * The hub finder (issue 50, item 4): for a haulier's visit pattern, each open hub's answer from the engine's plan of
 * its week with every accepted contract and this pattern added: it has room, or where it is full. The same check a
 * request gets (contracts.server.ts), so a hub found with room takes the request unless another is accepted first.
 */
import type { DepotViewer } from "~/features/depots/index.server";
import type { Runtime } from "~/lib/runtime.server";
import { UserError } from "~/lib/user-error";

import { acceptedDemandsByHub } from "./contracts.server";
import { contractDates, demandFor, requestWindow, ukToday } from "./demands";
import { hubAnswerInBackground } from "./hub-checks.server";
import type { ContractRequest } from "./hub-schemas";
import { hubPlans, listHubs } from "./hubs.server";
import { fullWhen } from "./suggest";
import { vehicleChoices } from "./vehicle-choices.server";

export type HubAnswer = { hubId: number; room: boolean; why: string };

export async function findHubs(
  deps: Pick<Runtime, "database">,
  viewer: DepotViewer,
  request: ContractRequest,
): Promise<HubAnswer[]> {
  const choices = await vehicleChoices(deps, viewer);
  const hubs = (await listHubs(deps, viewer)).filter((h) => h.status === "open" && h.as !== "operator");
  // Every open hub's plan and accepted contracts in two queries, not two per hub.
  const [plans, accepted] = await Promise.all([
    hubPlans(
      deps,
      hubs.map((h) => h.depotId),
    ),
    acceptedDemandsByHub(
      deps,
      hubs.map((h) => h.id),
    ),
  ]);
  const answers: HubAnswer[] = [];
  for (const hub of hubs) {
    try {
      const dates = contractDates(request, ukToday());
      const { demand } = demandFor({ ...request, window: requestWindow(request) }, choices, hub, dates);
      const plan = plans.get(hub.depotId)!;
      if (plan instanceof UserError) throw plan;
      // Off the server's thread: a search is one check per open hub.
      const check = await hubAnswerInBackground(plan, accepted.get(hub.id) ?? [], demand, ukToday(), null);
      const full = fullWhen(check.fullHours, demand);
      answers.push({
        hubId: hub.id,
        room: check.fits,
        why: check.fits ? "Has room for them" : full ? `Full ${full}` : "Its connection is too small for them then",
      });
    } catch (error) {
      // A pattern outside the hub's opening, or a hub whose depot lost its plan: no room there, said why. What is wrong
      // with the pattern itself (an energy the vehicle cannot take) is the form's to say.
      if (!(error instanceof UserError) || Object.keys(error.fieldErrors).some((f) => f !== "days")) throw error;
      answers.push({ hubId: hub.id, room: false, why: error.message });
    }
  }
  return answers;
}
