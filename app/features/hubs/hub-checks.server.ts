/**
 * The engine's checks of a hub's week, run in the lower-priority background process (as the trips' figures and the
 * plans are): a check is 6–40 ms of CPU, a refusal's suggestions a dozen checks, and a finder search one check per
 * open hub, so none of them may hold up other requests on the server's thread. Answers are plain data (the process
 * boundary is JSON): whether it fits, what the week has left by hour, and a refusal's words.
 */
import type { PlanInput } from "~/features/charging-engine";
import { backgroundTask } from "~/lib/background/background.server";
import { UserError } from "~/lib/user-error";

import { checkDated, type DatedDemand } from "./demands";
import { checkWeek, type Demand } from "./hub-week";
import { refusal, suggestionFor } from "./suggest";
import type { Opening } from "./visit-window";

export type HubAnswer = {
  fits: boolean;
  peakKw: number;
  limitKw: number;
  chargers: number;
  fullHours: number[];
  byHour: { roomKw: number; chargersFree: number }[];
  /** Why not, in words (with what would fit, when asked for), when it does not fit. */
  refusal: string | null;
};

async function answer(
  plan: PlanInput,
  accepted: DatedDemand[],
  demand: DatedDemand,
  today: string,
  suggestWithin: Opening | null,
): Promise<HubAnswer> {
  const { check, beside } = checkDated(plan, accepted, demand, today);
  const { fits, peakKw, limitKw, chargers, fullHours, byHour } = check;
  const why = fits
    ? null
    : refusal(check, demand, suggestWithin ? suggestionFor(plan, beside, demand, suggestWithin) : null).message;
  return { fits, peakKw, limitKw, chargers, fullHours, byHour, refusal: why };
}

/** A demand against the accepted contracts that run beside it (demands.ts checkDated), and, refused, why. */
export const hubAnswerInBackground = backgroundTask("hubAnswer", answer);

/** The week with these demands, by hour (the hub's page). */
export const hubWeekInBackground = backgroundTask("hubWeek", async (plan: PlanInput, demands: Demand[]) => {
  const { fits, peakKw, limitKw, chargers, fullHours, byHour } = checkWeek(plan, demands);
  return { fits, peakKw, limitKw, chargers, fullHours, byHour };
});

/** The refusal an answer carries, as the error a form or the API shows (409, "hub-full"). */
export const refused = (answer: HubAnswer) => new UserError(answer.refusal!, { status: 409, code: "hub-full" });
