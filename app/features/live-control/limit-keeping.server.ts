/**
 * Whether a charger keeps to the limits it is sent (decisions 031 and 035).
 * One that refuses its profile, draws clearly above it (charging-records),
 * or reports a composite schedule above what it was sent (another profile of
 * its own, a local energy manager, a stack level it composes its own way) is
 * counted at its full power from then on and the others are tightened; the
 * charger's history on the operations page says why.
 */
import type { OcppEndpoint } from "~/features/chargers";
import { recordChargerEvent } from "~/features/chargers/index.server";
import type { Limits } from "~/features/charging-records";
import { recordSessionControl } from "~/features/charging-records/index.server";
import type { Logger } from "~/lib/log.server";
import type { Runtime } from "~/lib/runtime.server";
import { clockTime } from "~/lib/uk-dates";
import { kw } from "~/lib/units";

import { composedAbove, compositeFrom } from "./profile-changes";

type Deps = Pick<Runtime, "database"> & { log: Logger };
type Session = { id: number; chargePointId: number; connectorId: number; protocol: string | null; ignores: number };

/** Counts a session's charger at its full power from now on, and says why in its history (once). */
export async function markIgnoring(deps: Deps, session: Session, why: string): Promise<void> {
  await deps.database.db.transaction().execute(async (tx) => {
    await recordSessionControl(tx, session.id, { ignores: true });
    if (!session.ignores)
      await recordChargerEvent(tx, session, "fault", `${why}: counted at its full power, the others tightened`);
  });
}

/**
 * Asks the charger for the schedule it will keep to over the day (GetCompositeSchedule) and compares it with the
 * limits it was just sent. Answers whether it composes more than it was sent (then it is marked as ignoring them).
 * A charger that does not support the call, or rejects it, is taken at its word.
 */
export async function composesAbove(
  deps: Deps,
  endpoint: Pick<OcppEndpoint, "call">,
  session: Session,
  sent: Limits,
): Promise<boolean> {
  let answer: unknown;
  const at = Date.now();
  try {
    answer = await endpoint.call(
      session.chargePointId,
      "GetCompositeSchedule",
      session.protocol === "ocpp1.6"
        ? { connectorId: session.connectorId, duration: 86_400, chargingRateUnit: "W" }
        : { evseId: session.connectorId, duration: 86_400, chargingRateUnit: "W" },
    );
  } catch (error) {
    deps.log.debug({ err: error, session: session.id }, "no composite schedule from a charger");
    return false;
  }
  const composite = compositeFrom(answer, at);
  const above = composite && composedAbove(composite, sent);
  if (!above) return false;
  const from = clockTime(new Date(above.at).toISOString());
  await markIgnoring(
    deps,
    session,
    `Composes ${kw(above.composedW / 1000)} from ${from} against the ${kw(above.limitW / 1000)} it was sent`,
  );
  return true;
}
