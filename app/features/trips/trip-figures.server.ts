import { z } from "zod";

import { checkPlanRequest, defaultBusinessCase, type CheckedPlanRequest, type PlanRequest } from "~/features/planning";
import { backgroundTask } from "~/lib/background/background.server";
import { UserError } from "~/lib/user-error";

import { hubFindings, stopsAtHubs, type HubPlace, type HubStopsFinding } from "./hub-stops";
import { periodOf, recordedPlan, typicalWeekPlan, type RecordedPeriod } from "./recorded-plan";
import {
  DEFAULT_SETTINGS,
  rankVehicles,
  suitabilityOf,
  type RunningCosts,
  type SuitabilitySettings,
  type VehicleSuitability,
} from "./suitability";
import { toursFrom, type DepotRule } from "./tours";
import { decodeTrips } from "./trip-codec";
import type { ImportSummary } from "./trip-store.server";

/** The Trips tab's choices, from its address (a GET form): the electric model and how to read the record. */
export const viewChoicesSchema = z.object({
  type: z.string().max(60).optional(),
  chargerKw: z.coerce.number().min(1).max(1000).catch(DEFAULT_SETTINGS.chargerKw),
  winterUpliftPct: z.coerce.number().min(0).max(100).catch(DEFAULT_SETTINGS.winterUpliftPct),
  payloadFactor: z.coerce.number().min(0.5).max(2).catch(DEFAULT_SETTINGS.payloadFactor),
  targetSocPct: z.coerce.number().min(20).max(100).catch(DEFAULT_SETTINGS.targetSocPct),
  radiusM: z.coerce.number().int().min(50).max(10_000).catch(500),
});
export type ViewChoices = z.infer<typeof viewChoicesSchema>;

export type TripView = {
  fileName: string;
  importedAt: string;
  summary: ImportSummary;
  period: RecordedPeriod | null;
  rule: { kind: "radius"; radiusM: number } | { kind: "last-trip-of-day"; why: "no-positions" | "no-location" };
  model: { typeId: string; name: string; batteryKwh: number; consumptionKwhPerKm: number; maxChargeKw: number };
  settings: SuitabilitySettings;
  costs: RunningCosts & { pencePerKwh: number };
  vehicles: VehicleSuitability[];
  /** Where the vehicles stop near the charging hubs asked about (none asked: empty). */
  hubStops: HubStopsFinding[];
  fleet: { ready: number; topUp: number; notYet: number; savingPoundsPerYear: number; nightsAway: number };
};

const NOTHING_CAME_BACK = "No vehicle came back to the depot in the record: nothing to plan.";

/** What the figures are worked out from: the stored record (tripEncoder's text) and its import's details. */
type StoredRecord = { fileName: string; importedAt: string; trips: string; summary: ImportSummary };

/**
 * A record's tours at the depot, every vehicle's suitability and the fleet
 * summary; with `plan`, the plan request from the recorded days or from a
 * typical week of them.
 */
function tripFigures(
  stored: StoredRecord,
  location: [number, number] | null,
  base: PlanRequest,
  choices: ViewChoices,
  plan: "recorded" | "typical" | null,
  hubs: HubPlace[] = [],
): { view: TripView; inputs: CheckedPlanRequest | null } {
  const rule: DepotRule =
    stored.summary.hasPositions && location
      ? { kind: "radius", radiusM: choices.radiusM, depot: location }
      : { kind: "last-trip-of-day" };
  const trips = decodeTrips(stored.trips);
  const fleet = toursFrom(trips, rule);
  const period = periodOf(fleet);
  const type = base.vehicleTypes.find((t) => t.id === choices.type) ?? base.vehicleTypes[0]!;
  const settings: SuitabilitySettings = {
    ...DEFAULT_SETTINGS,
    chargerKw: choices.chargerKw,
    winterUpliftPct: choices.winterUpliftPct,
    payloadFactor: choices.payloadFactor,
    targetSocPct: choices.targetSocPct,
    chargingEfficiency: base.site.chargingEfficiency,
  };
  const costs = runningCosts(base, type.id, type.consumptionKwhPerKm, settings.chargingEfficiency);
  const vehicles = rankVehicles(fleet.map((v) => suitabilityOf(v, type, settings, period?.days ?? 0, costs)));
  const view: TripView = {
    fileName: stored.fileName,
    importedAt: stored.importedAt,
    summary: stored.summary,
    period,
    rule:
      rule.kind === "radius"
        ? { kind: "radius", radiusM: rule.radiusM }
        : { kind: "last-trip-of-day", why: stored.summary.hasPositions ? "no-location" : "no-positions" },
    model: {
      typeId: type.id,
      name: type.name,
      batteryKwh: type.batteryKwh,
      consumptionKwhPerKm: type.consumptionKwhPerKm,
      maxChargeKw: type.maxChargeKw,
    },
    settings,
    costs,
    vehicles,
    hubStops: hubFindings(stopsAtHubs(trips, hubs), hubs, fleet, vehicles, {
      model: type,
      settings,
      periodDays: period?.days ?? 0,
    }),
    fleet: {
      ready: vehicles.filter((v) => v.verdict === "ready").length,
      topUp: vehicles.filter((v) => v.verdict === "ready-with-top-up").length,
      notYet: vehicles.filter((v) => v.verdict === "not-yet").length,
      savingPoundsPerYear: vehicles.reduce(
        (sum, v) => sum + (v.verdict === "not-yet" ? 0 : (v.savingPoundsPerYear ?? 0)),
        0,
      ),
      nightsAway: vehicles.reduce((sum, v) => sum + v.nightsAway, 0),
    },
  };
  if (!plan) return { view, inputs: null };
  if (!period) throw new UserError(NOTHING_CAME_BACK);
  const options = { typeId: type.id, settings };
  const request =
    plan === "recorded" ? recordedPlan(base, fleet, { ...options, period }) : typicalWeekPlan(base, fleet, options);
  if (request.vehicles.length === 0) throw new UserError(NOTHING_CAME_BACK);
  // Checked here, off the server's thread: a year's request is some 70,000 trips (checkPlanRequest).
  return { view, inputs: checkPlanRequest(request) };
}

/** tripFigures in the lower-priority background process (decoding and touring a year of trips is about half a second of CPU). */
export const tripFiguresInBackground = backgroundTask("tripFigures", async (...args: Parameters<typeof tripFigures>) =>
  tripFigures(...args),
);

/**
 * What a kilometre costs each way, from the business case's figures for the
 * type (or its defaults): diesel at its consumption and the fuel price plus
 * maintenance; electricity at the tariff's cheapest rate (depot charging is
 * mostly overnight), through the charging loss, plus maintenance.
 */
function runningCosts(base: PlanRequest, typeId: string, kwhPerKm: number, efficiency: number) {
  const economics = base.businessCase ?? defaultBusinessCase(base);
  const e =
    economics.vehicles.find((v) => v.typeId === typeId) ??
    defaultBusinessCase(base).vehicles.find((v) => v.typeId === typeId)!;
  const pencePerKwh = Math.min(base.tariff.defaultPencePerKwh, ...base.tariff.bands.map((b) => b.pencePerKwh));
  return {
    pencePerKwh,
    dieselPencePerKm: (e.dieselLitresPer100Km * economics.fuelPencePerLitre) / 100 + e.dieselMaintenancePencePerKm,
    electricPencePerKm: (kwhPerKm * pencePerKwh) / efficiency + e.evMaintenancePencePerKm,
  };
}
