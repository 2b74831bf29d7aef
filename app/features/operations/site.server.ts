/**
 * Reads a depot's site as the live controller and the pages see it (site.ts): its plan's connection, building load
 * and tariff, and its meter.
 */
import { buildingLoadBySteps, TARIFF_PRESETS } from "~/features/charging-engine";
import { type PlanRequest } from "~/features/planning";
import { readDepotPlan } from "~/features/planning/index.server";
import type { Runtime } from "~/lib/runtime.server";

import type { DepotSite } from "./site";
import { readSiteMeter } from "./site-meter.server";

function buildingByHour(inputs: PlanRequest): number[] {
  const profile = inputs.site.buildingKw;
  // A day's hourly values (a series from a CSV gives its first day: the live limit is a guide, the plan is the study).
  return buildingLoadBySteps(profile, 24, 60);
}

export async function depotSite(
  deps: Pick<Runtime, "database">,
  depotId: number,
  now = Date.now(),
): Promise<DepotSite> {
  const [plan, meter] = await Promise.all([readDepotPlan(deps, depotId), readSiteMeter(deps, depotId, now)]);
  const inputs = plan?.inputs ?? null;
  const results = plan?.results ?? null;
  const chosen = results?.strategies.find((s) => s.strategy === "cost-optimal") ?? results?.strategies[0];
  return {
    connectionKw: inputs ? inputs.site.connectionKva * inputs.site.powerFactor : null,
    buildingKwByHour: inputs ? buildingByHour(inputs) : new Array<number>(24).fill(0),
    tariff: inputs?.tariff ?? TARIFF_PRESETS.flat,
    tariffFromPlan: inputs !== null,
    inputs,
    meter,
    planPerDay:
      results && chosen
        ? {
            strategy: chosen.strategy,
            energyKwh: chosen.chargingEnergyKwh / results.days,
            peakKw: chosen.peakKw,
            // The plan prices the whole site; the chargers' share of its energy is what they are held against.
            costPounds:
              chosen.energyKwh > 0
                ? ((chosen.cost.energyPounds / results.days) * chosen.chargingEnergyKwh) / chosen.energyKwh
                : 0,
          }
        : null,
  };
}

/** How many connectors the depot's registered chargers have. */
export async function depotConnectors(deps: Pick<Runtime, "database">, depotId: number): Promise<number> {
  const row = await deps.database.db
    .selectFrom("charge_points")
    .select((eb) => eb.fn.sum<number | string>("connectors").as("total"))
    .where("depot_id", "=", depotId)
    .where("role", "=", "charger")
    .executeTakeFirst();
  return Number(row?.total ?? 0);
}
