import { depotWithinReach, type DepotViewer } from "~/features/depots/index.server";
import { DEFAULT_VEHICLE_TYPES } from "~/features/planning";
import { readDepotPlans } from "~/features/planning/index.server";
import type { Runtime } from "~/lib/runtime.server";

type Deps = Pick<Runtime, "database">;

/** A vehicle type a haulier may contract for: its plans' types (by depot), then the product's defaults. */
export type VehicleChoice = { key: string; label: string; batteryKwh: number; maxKw: number };

export async function vehicleChoices(deps: Deps, viewer: DepotViewer): Promise<VehicleChoice[]> {
  // The depots the viewer reaches (a depot manager: theirs), the one access check.
  const depots = await deps.database.db
    .selectFrom("depots")
    .select(["id", "depot_name"])
    .where(depotWithinReach(viewer))
    .execute();
  const plans = await readDepotPlans(
    deps,
    depots.map((d) => d.id),
  );
  const choices: VehicleChoice[] = [];
  for (const depot of depots)
    for (const type of plans.get(depot.id)?.inputs?.vehicleTypes ?? [])
      choices.push({
        key: `${depot.id}:${type.id}`,
        label: `${type.name} (${depot.depot_name})`,
        batteryKwh: type.batteryKwh,
        maxKw: type.maxChargeKw,
      });
  for (const type of DEFAULT_VEHICLE_TYPES)
    choices.push({ key: `default:${type.id}`, label: type.name, batteryKwh: type.batteryKwh, maxKw: type.maxChargeKw });
  return choices;
}
