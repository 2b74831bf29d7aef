/**
 * What a charger tells of its sessions, handed to the records (charging-records' door) and noted in the charger's own
 * history where it concerns the charger: a connector drawing over its limit, a tag told late. A new transaction also
 * clears a charger's refusal of the last vehicle's profile, so it is asked again (send-limits in live-control).
 */
import {
  recordReadings,
  recordSessionTag,
  startSession,
  type MeterSample,
} from "~/features/charging-records/index.server";
import type { Runtime } from "~/lib/runtime.server";

import { recordChargerEvent, type ConnectedPoint } from "./charger-status.server";

type Deps = Pick<Runtime, "database">;

export async function startSessionAt(
  deps: Deps,
  point: ConnectedPoint,
  start: Parameters<typeof startSession>[2],
): Promise<number> {
  const id = await startSession(deps, point, start);
  await deps.database.db
    .updateTable("charge_points")
    .set({ profiles_refused: null, profiles_refused_until: null })
    .where("id", "=", point.chargePointId)
    .where("profiles_refused_until", "=", "transaction")
    .execute();
  return id;
}

export async function recordReadingsAt(
  deps: Deps,
  point: ConnectedPoint,
  reading: { sessionId: number | null; connectorId: number; samples: MeterSample[] },
): Promise<void> {
  const { overLimit } = await recordReadings(deps, point, reading);
  if (overLimit) await recordChargerEvent(deps.database.db, point, "fault", overLimit);
}

export async function recordTagAt(deps: Deps, point: ConnectedPoint, sessionId: number, tag: string) {
  if (await recordSessionTag(deps, point, sessionId, tag))
    await recordChargerEvent(deps.database.db, point, "tag", `Session ${sessionId}: tag ${tag} told after it started`);
}
