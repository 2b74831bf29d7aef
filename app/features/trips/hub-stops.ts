/**
 * Where a haulier's vehicles already stop near charging hubs (issue 50, item 4), from its trip export's positions: a
 * stop is the time between one trip's end and the same vehicle's next trip's start, at the first trip's end; it counts
 * at a hub when it ends within `radiusM` of the hub and lasts at least `minMinutes`. What a stop could charge is the
 * hub's charger power (or the vehicle's, if lower) for its length, less the charging loss. Which vehicles would then
 * go electric is the suitability replay again with that energy on each day's stops (suitability.ts): a vehicle whose
 * verdict improves. The stops of a day are taken to fall within its tours, before a top-up is needed: a screening,
 * not a timetable (the contract's check plans the actual visits).
 */
import type { Trip } from "./parse-trips";
import {
  suitabilityOf,
  type EvModel,
  type SuitabilitySettings,
  type VehicleSuitability,
  type Verdict,
} from "./suitability";
import { distanceM, ukDay, type VehicleDays } from "./tours";

export type HubPlace = { id: number; name: string; position: [number, number]; kw: number };
export type HubStop = { vehicle: string; day: string; minutes: number; position: [number, number] };
export type HubStopsFinding = {
  hubId: number;
  stops: number;
  /** Where they stop: the middle of the stops' positions. */
  place: [number, number];
  vehicles: { vehicle: string; stops: number; medianMinutes: number }[];
  /** Vehicles whose verdict would improve if they charged at the hub on those stops. */
  goElectric: { vehicle: string; from: Verdict; to: Verdict }[];
};

export const STOP_RADIUS_M = 1500;
export const STOP_MIN_MINUTES = 30;

/** Each hub's stops by the fleet's vehicles. */
export function stopsAtHubs(trips: readonly Trip[], hubs: readonly HubPlace[]): Map<number, HubStop[]> {
  const found = new Map<number, HubStop[]>();
  if (hubs.length === 0) return found;
  const byVehicle = Map.groupBy(trips, (t) => t.vehicle);
  for (const [vehicle, list] of byVehicle) {
    const ordered = [...list].sort((a, b) => a.start - b.start);
    for (let i = 0; i + 1 < ordered.length; i++) {
      const here = ordered[i]!.endPosition;
      const minutes = (ordered[i + 1]!.start - ordered[i]!.end) / 60_000;
      if (!here || minutes < STOP_MIN_MINUTES) continue;
      for (const hub of hubs)
        if (distanceM(here, hub.position) <= STOP_RADIUS_M) {
          const stops = found.get(hub.id) ?? [];
          stops.push({ vehicle, day: ukDay(ordered[i]!.end), minutes, position: here });
          found.set(hub.id, stops);
        }
    }
  }
  return found;
}

const RANK: Record<Verdict, number> = { ready: 0, "ready-with-top-up": 1, "not-yet": 2 };
const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
};

/** Each hub's findings: who stops there, how often and how long, and whose verdict charging there would improve. */
export function hubFindings(
  stops: Map<number, HubStop[]>,
  hubs: readonly HubPlace[],
  fleet: readonly VehicleDays[],
  verdicts: readonly VehicleSuitability[],
  replay: { model: EvModel; settings: SuitabilitySettings; periodDays: number },
): HubStopsFinding[] {
  return hubs.flatMap((hub) => {
    const atHub = stops.get(hub.id) ?? [];
    if (atHub.length === 0) return [];
    const byVehicle = Map.groupBy(atHub, (s) => s.vehicle);
    const kw = Math.min(hub.kw, replay.model.maxChargeKw) * replay.settings.chargingEfficiency;
    const goElectric = verdicts.flatMap((before) => {
      const own = byVehicle.get(before.vehicle);
      const days = fleet.find((d) => d.vehicle === before.vehicle);
      if (before.verdict === "ready" || !own || !days) return [];
      const perDay = new Map<string, number>();
      for (const s of own) perDay.set(s.day, (perDay.get(s.day) ?? 0) + (kw * s.minutes) / 60);
      const after = suitabilityOf(
        days,
        replay.model,
        replay.settings,
        replay.periodDays,
        null,
        (d) => perDay.get(d) ?? 0,
      );
      return RANK[after.verdict] < RANK[before.verdict]
        ? [{ vehicle: before.vehicle, from: before.verdict, to: after.verdict }]
        : [];
    });
    return [
      {
        hubId: hub.id,
        stops: atHub.length,
        place: [
          atHub.reduce((sum, s) => sum + s.position[0], 0) / atHub.length,
          atHub.reduce((sum, s) => sum + s.position[1], 0) / atHub.length,
        ],
        vehicles: [...byVehicle].map(([vehicle, list]) => ({
          vehicle,
          stops: list.length,
          medianMinutes: Math.round(median(list.map((s) => s.minutes))),
        })),
        goElectric,
      },
    ];
  });
}
