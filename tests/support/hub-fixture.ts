import { TARIFF_PRESETS } from "~/features/charging-engine";
import { listUserDepots } from "~/features/depots/index.server";
import { hubOfferSchema, type PriceList } from "~/features/hubs";
import { offerHub } from "~/features/hubs/index.server";
import { defaultPlanInput } from "~/features/planning";
import { createUser } from "~/features/users/index.server";
import { addVehicleTag } from "~/features/vehicles/index.server";
import type { SessionUser } from "~/lib/auth/session.server";
import type { Runtime } from "~/lib/runtime.server";

import { insertDepot, insertDepotPlanInputs } from "./depots";
import { viewerOf } from "./viewers";

export const HUB_PRICES: PriceList = {
  pencePerKwh: 40,
  pencePerVisit: 0,
  pencePerReservedHour: 0,
  overstayPencePerHour: 0,
  graceMinutes: 30,
};

/**
 * A hub of the consultancy's (open at once), with no fleet of its own: `chargers` of 22 kW under a connection of
 * `connectionKva` at a flat tariff, open all day every day. Answers its admin (the operator) and its id.
 */
export async function seedAdminHub(
  runtime: Runtime,
  options: { email: string; name: string; chargers?: number; connectionKva?: number },
): Promise<{ admin: SessionUser; hubId: number; depotId: number }> {
  const admin = await viewerOf(
    runtime,
    await createUser(runtime, { email: options.email, password: "admin-password-1", role: "admin" }),
  );
  const depotId = await insertDepot(runtime, { user_id: admin.id, depot_name: `${options.name} Yard` });
  const chargers = options.chargers ?? 2;
  const inputs = defaultPlanInput({ vehicles: 1, chargers: [{ name: "AC 22", powerKw: 22, count: chargers }] });
  // No fleet of its own: its one van never leaves (no stay to charge).
  inputs.vehicles[0]!.week = [null, null, null, null, null, null, null];
  inputs.site = {
    ...inputs.site,
    connectionKva: options.connectionKva ?? 22 * chargers,
    powerFactor: 1,
    buildingKw: 0,
  };
  inputs.tariff = TARIFF_PRESETS.flat;
  await insertDepotPlanInputs(runtime, depotId, inputs);
  const hubId = await offerHub(
    runtime,
    admin,
    hubOfferSchema.parse({
      depotId,
      name: options.name,
      openDays: [0, 1, 2, 3, 4, 5, 6],
      openFrom: "00:00",
      openTo: "00:00",
      ...HUB_PRICES,
    }),
  );
  return { admin, hubId, depotId };
}

/**
 * Registers a vehicle's tag as its company's own (a hub books only a company's own vehicles' tags, issue 58): at the
 * company's first depot, made for it when it has none.
 */
export async function ownVehicle(runtime: Runtime, viewer: SessionUser, tag: string, vehicle = tag): Promise<void> {
  const depots = await listUserDepots(runtime, viewer);
  const depotId = depots[0]?.id ?? (await insertDepot(runtime, { user_id: viewer.id, depot_name: `${tag} home` }));
  await addVehicleTag(runtime, viewer, depotId, { tag, vehicle: vehicle.slice(0, 20) });
}
