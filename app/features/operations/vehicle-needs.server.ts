/**
 * What a vehicle tells of itself over ISO 15118, passed on by a 2.0.1 station (NotifyEVChargingNeeds, issue 49): its
 * departure and the energy it asks for. Kept on its open session and planned from at once (a decision is asked for),
 * over the plan's duty. A departure in the past or more than a week ahead, or an energy outside 0–2,000 kWh, is not
 * kept (the station is answered Rejected when nothing usable came).
 */
import type { Runtime } from "~/lib/runtime.server";

import type { ConnectedPoint } from "./charging-records.server";
import { chargingChanged } from "./live.server";

type Deps = Pick<Runtime, "database">;

const WEEK_MS = 7 * 24 * 3_600_000;
const MAX_WH = 2_000_000;

export type ChargingNeeds = { evseId: number; departureTime?: string; energyWh?: number };

/** Keeps what the vehicle told on the session open at its EVSE; answers whether anything was kept. */
export async function recordChargingNeeds(
  deps: Deps,
  point: ConnectedPoint,
  needs: ChargingNeeds,
  now = Date.now(),
): Promise<boolean> {
  const departs = needs.departureTime === undefined ? Number.NaN : Date.parse(needs.departureTime);
  const departsAt = departs > now && departs < now + WEEK_MS ? new Date(departs).toISOString() : null;
  const energy = needs.energyWh;
  const neededWh = energy !== undefined && Number.isFinite(energy) && energy >= 0 && energy <= MAX_WH ? energy : null;
  if (departsAt === null && neededWh === null) return false;
  const session = await deps.database.db
    .selectFrom("charging_sessions")
    .select(["id", "meter_last_wh"])
    .where("charge_point_id", "=", point.chargePointId)
    .where("connector_id", "=", needs.evseId)
    .where("stopped_at", "is", null)
    .orderBy("id", "desc")
    .executeTakeFirst();
  if (!session) return false;
  await deps.database.db
    .updateTable("charging_sessions")
    .set({
      ...(departsAt !== null ? { ev_departs_at: departsAt } : {}),
      ...(neededWh !== null ? { ev_needed_wh: neededWh, ev_needed_from_wh: session.meter_last_wh } : {}),
      updated_at: new Date(now).toISOString(),
    })
    .where("id", "=", session.id)
    .execute();
  chargingChanged(point.depotId);
  return true;
}
