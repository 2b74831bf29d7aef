/**
 * Reads a depot's site as the live controller and the pages see it (site.ts): its plan's connection, building load
 * and tariff, and its meter.
 */
import { DateTime } from "luxon";

import { siteMeterRegisteredAt } from "~/features/chargers/index.server";
import { buildingLoadBySteps, TARIFF_PRESETS } from "~/features/charging-engine";
import { readSiteMeter } from "~/features/charging-records/index.server";
import { connectionInForce, networkState } from "~/features/connections/index.server";
import { type PlanRequest } from "~/features/planning";
import { readDepotPlan } from "~/features/planning/index.server";
import { toPence } from "~/lib/money";
import type { Runtime } from "~/lib/runtime.server";
import { UK_ZONE } from "~/lib/uk-dates";

import type { DepotSite } from "./site";

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
  const today = DateTime.fromMillis(now, { zone: UK_ZONE }).toISODate()!;
  const [plan, registeredAt, offer, network] = await Promise.all([
    readDepotPlan(deps, depotId),
    siteMeterRegisteredAt(deps, depotId),
    connectionInForce(deps, depotId, today),
    networkState(deps, depotId, now),
  ]);
  const meter = await readSiteMeter(deps, depotId, now, registeredAt);
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
    // An offer needs the plan's power factor and building load to become a limit for the chargers.
    connectionOffer: offer && inputs ? { ...offer, powerFactor: inputs.site.powerFactor } : null,
    network,
    planPerDay:
      results && chosen
        ? {
            strategy: chosen.strategy,
            energyKwh: chosen.chargingEnergyKwh / results.days,
            peakKw: chosen.peakKw,
            // The plan prices the whole site; the chargers' share of its energy is what they are held against.
            costPence:
              chosen.energyKwh > 0
                ? toPence(
                    (((chosen.cost.energyPounds * 100) / results.days) * chosen.chargingEnergyKwh) / chosen.energyKwh,
                  )
                : 0,
          }
        : null,
  };
}
