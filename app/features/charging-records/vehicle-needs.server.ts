/**
 * What a vehicle tells of itself over ISO 15118, passed on by a 2.0.1 station (NotifyEVChargingNeeds, issue 49), or
 * what the depot's people set by hand: its departure and the energy it asks for. Kept on its open session and planned from at once (a decision is asked for),
 * over the plan's duty. A departure in the past or more than a week ahead, or an energy outside 0–2,000 kWh, is not
 * kept (the station is answered Rejected when nothing usable came).
 */
import { requireDepot, type DepotViewer } from "~/features/depots/index.server";
import { chargingChanged } from "~/lib/depot-signals.server";
import type { Runtime } from "~/lib/runtime.server";
import { nextClockTime } from "~/lib/uk-clock";
import { invalidInput, UserError } from "~/lib/user-error";

import type { SessionPoint } from "./charging-records.server";
import { vehicleNeedsSchema } from "./vehicle-needs-schema";

type Deps = Pick<Runtime, "database">;

const WEEK_MS = 7 * 24 * 3_600_000;
const MAX_WH = 2_000_000;

export type ChargingNeeds = { evseId: number; departureTime?: string; energyWh?: number };

/** Keeps what the vehicle told on the session open at its EVSE; answers whether anything was kept. */
export async function recordChargingNeeds(
  deps: Deps,
  point: SessionPoint,
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
      ev_needs_source: "vehicle",
      updated_at: new Date(now).toISOString(),
    })
    .where("id", "=", session.id)
    .execute();
  chargingChanged(point.depotId);
  return true;
}

/**
 * Sets by hand what a vehicle on charge at the depot needs (its departure, the energy from now), or clears it back to
 * what the vehicle or the plan says; a decision is asked for at once. Who may is the policy's ("operations.tell" on
 * the depot); a session that is not open at this depot answers 404.
 */
export async function setNeedsByHand(
  deps: Deps,
  viewer: DepotViewer,
  depotId: number,
  fields: Record<string, string>,
  now = Date.now(),
): Promise<{ vehicle: string | null; cleared: boolean }> {
  await requireDepot(deps.database.db, viewer, depotId, "operations.tell", { detail: "a vehicle's needs set by hand" });
  const parsed = vehicleNeedsSchema.safeParse(fields);
  if (!parsed.success) throw invalidInput(parsed.error);
  const input = parsed.data;
  const session = await deps.database.db
    .selectFrom("charging_sessions")
    .select(["id", "meter_last_wh", "id_tag"])
    .where("id", "=", input.sessionId)
    .where("depot_id", "=", depotId)
    .where("stopped_at", "is", null)
    .executeTakeFirst();
  if (!session) throw new UserError("That vehicle is no longer on charge here.", { status: 404 });
  const cleared = input.departs === null && input.neededKwh === null;
  await deps.database.db
    .updateTable("charging_sessions")
    .set({
      ev_departs_at: input.departs === null ? null : new Date(nextClockTime(input.departs, now)).toISOString(),
      ev_needed_wh: input.neededKwh === null ? null : input.neededKwh * 1000,
      ev_needed_from_wh: input.neededKwh === null ? null : session.meter_last_wh,
      ev_needs_source: cleared ? null : "hand",
      updated_at: new Date(now).toISOString(),
    })
    .where("id", "=", session.id)
    .execute();
  chargingChanged(depotId);
  return { vehicle: session.id_tag, cleared };
}
