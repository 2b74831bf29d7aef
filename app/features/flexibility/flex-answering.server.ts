/**
 * Answering a flexibility request (issue 60, item 4): kept as received, then worked out in a plan worker from the
 * depot's saved plan on the connection in force (flex-answer.ts in connections says how), and, where the fleet can
 * spare something, the site held to the answer's limit over the window: an instruction the live controller obeys as
 * any other, and whose effect on each vehicle the readiness board and alerts already say.
 */
import { flexWindow, profileBySteps, seasonOf, type FlexAnswer, type Horizon } from "~/features/connections";
import { holdSiteForFlex } from "~/features/connections/index.server";
import { connectionMostKva, type DepotSite } from "~/features/live-control";
import { depotSite } from "~/features/live-control/index.server";
import { runFlexComputation } from "~/features/planning/index.server";
import type { Runtime } from "~/lib/runtime.server";
import { ukFields } from "~/lib/uk-clock";
import { clockTime } from "~/lib/uk-dates";
import { UserError } from "~/lib/user-error";

import { checkFlexRequest, type FlexRequest } from "./flex-input";
import type { StoredAnswer } from "./flex-view";

type Deps = Pick<Runtime, "database" | "log">;
const iso = (ms: number) => new Date(ms).toISOString();

/** The connection in force laid on the plan's horizon (kVA per step), its window's season for a profiled one. */
function connectionSteps(site: DepotSite, horizon: Horizon, from: number): number[] {
  const inputs = site.inputs!;
  const steps = (horizon.days * 1440) / horizon.stepMinutes;
  const shape = site.connectionOffer?.shape;
  if (shape?.kind === "profiled") return profileBySteps(shape.profile, seasonOf(ukFields(from).month), horizon);
  if (shape) return new Array<number>(steps).fill(shape.firmKva + (shape.kind === "flexible" ? shape.nonFirmKva : 0));
  return new Array<number>(steps).fill(inputs.site.connectionKva);
}

/** The request checked against the depot's site now; the site read for the answer. */
export async function checkedAgainstSite(deps: Deps, depotId: number, request: FlexRequest, now: number) {
  const site = await depotSite(deps, depotId, now);
  const mostKva = connectionMostKva(site);
  const pf = site.inputs?.site.powerFactor ?? 1;
  checkFlexRequest(request, { now, mostKw: mostKva === null ? null : mostKva * pf });
  if (!site.inputs)
    throw new UserError("Make the depot's charging plan first: a request is answered from that plan's fleet.", {
      fieldErrors: { name: "The depot has no charging plan to answer from." },
    });
  return site;
}

/** Works out the answer (in a plan worker) and, when there is something to spare, holds the site to it. */
export async function answerRequest(
  deps: Deps,
  depotId: number,
  id: number,
  request: FlexRequest,
  site: DepotSite,
  owner: string,
): Promise<void> {
  const inputs = site.inputs!;
  const { window, spans } = flexWindow(inputs.horizon, request.from, request.until);
  let answer: FlexAnswer;
  try {
    answer = await runFlexComputation(
      {
        input: inputs,
        kvaByStep: connectionSteps(site, inputs.horizon, request.from),
        window,
        askedKw: request.askedKw,
      },
      { owner, key: `flex-${id}` },
    );
  } catch (error) {
    deps.log.warn({ err: error, depotId, id }, "a flexibility request could not be answered");
    const note = error instanceof UserError ? error.message : "It could not be worked out: nothing was offered.";
    await save(deps, id, { status: "failed", note });
    return;
  }
  const stored: StoredAnswer = {
    segments: spans.map((span, k) => ({ from: iso(span.from), to: iso(span.to), baselineKw: answer.baselineKw[k]! })),
    capKva: answer.capKva,
    offeredKwh: answer.offeredKwh,
    offeredKw: answer.offeredKw,
    mostKw: answer.mostKw,
  };
  const when = `${clockTime(iso(request.from))} to ${clockTime(iso(request.until))}`;
  if (answer.capKva === null) {
    const drawn = Math.max(0, ...answer.baselineKw);
    const note =
      drawn < 0.05
        ? `Nothing to spare from ${when}: the plan already draws nothing then.`
        : `Nothing to spare from ${when}: every kilowatt the plan draws then is needed for vehicles to leave charged.`;
    await save(deps, id, { status: "declined", answer: JSON.stringify(stored), note });
    return;
  }
  // Cancelled while it was worked out: nothing is held.
  const still = await deps.database.db
    .selectFrom("flex_requests")
    .select("status")
    .where("id", "=", id)
    .executeTakeFirst();
  if (still?.status !== "answering") return;
  const instructionId = await holdSiteForFlex(
    deps,
    depotId,
    { from: request.from, until: request.until, limitKva: answer.capKva, reason: `Flexibility: ${request.name}` },
    "flexibility",
  );
  const partly =
    request.askedKw !== null && answer.offeredKw < request.askedKw - 1e-6
      ? `${kw(answer.offeredKw)} of the ${kw(request.askedKw)} asked: more would leave vehicles short.`
      : null;
  await save(deps, id, {
    status: "offered",
    answer: JSON.stringify(stored),
    instruction_id: instructionId,
    note: partly,
  });
}

const kw = (value: number) => `${value.toLocaleString("en-GB", { maximumFractionDigits: 0 })} kW`;

function save(
  deps: Deps,
  id: number,
  values: { status: string; answer?: string; note?: string | null; instruction_id?: number },
) {
  return deps.database.db.updateTable("flex_requests").set(values).where("id", "=", id).execute();
}
