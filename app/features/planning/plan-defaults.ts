import { TARIFF_PRESETS, type PlanInput } from "~/features/charging-engine";

import { clock } from "./format";
import { SAVINGS_VEHICLES } from "./savings";

export const WEEKDAY_NAMES = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"] as const;

/** Typical DC charging curves: full power to 80 %, tapering towards full (AC van charging stays flat). */
const CURVES: Partial<Record<keyof typeof SAVINGS_VEHICLES, [number, number][]>> = {
  rigid: [
    [0, 150],
    [80, 150],
    [100, 40],
  ],
  artic: [
    [0, 350],
    [80, 300],
    [100, 80],
  ],
};

/** The vehicle types a new plan starts with (typical figures from the domain notes; all editable). */
export const DEFAULT_VEHICLE_TYPES: PlanInput["vehicleTypes"] = (["van", "rigid", "artic"] as const).map((id) => {
  const v = SAVINGS_VEHICLES[id];
  const curve = CURVES[id];
  return {
    id,
    name: v.label,
    batteryKwh: v.batteryKwh,
    consumptionKwhPerKm: v.consumptionKwhPerKm,
    maxChargeKw: v.maxChargeKw,
    ...(curve ? { chargeCurve: curve } : {}),
  };
});

/**
 * A first plan for a depot: its surveyed vehicle count as one group of vans
 * working 07:00–17:00 on weekdays, the chargers of its designed layout (or
 * one 22 kW charger per vehicle when none is designed), a connection that
 * fits them all, the day/night tariff and one week at 15 minutes.
 */
export function defaultPlanInput(depot: {
  vehicles: number | null;
  chargers: { name: string; powerKw: number; count: number }[];
}): PlanInput {
  const count = Math.min(Math.max(depot.vehicles ?? 10, 1), 500);
  const day = { depart: 7 * 60, return: 17 * 60, km: 120 };
  const chargers: PlanInput["chargers"] = depot.chargers.length
    ? depot.chargers.map((c, i) => ({
        id: `c${i + 1}`,
        name: c.name,
        count: c.count,
        powerKw: c.powerKw,
        serves: "all",
      }))
    : [{ id: "c1", name: "AC charger 22 kW", count, powerKw: 22, serves: "all" }];
  const chargerKw = chargers.reduce((sum, c) => sum + c.count * c.powerKw, 0);
  const buildingKw = 20;
  return {
    vehicleTypes: DEFAULT_VEHICLE_TYPES,
    vehicles: [
      { id: "g1", name: "Vans", typeId: "van", count, week: [day, day, day, day, day, null, null], targetSocPct: 90 },
    ],
    chargers,
    site: {
      connectionKva: Math.ceil((chargerKw + buildingKw) / 0.95 / 10) * 10,
      powerFactor: 0.95,
      buildingKw,
      chargingEfficiency: 0.9,
    },
    tariff: TARIFF_PRESETS["day-night"],
    horizon: { days: 7, stepMinutes: 15, startWeekday: 0 },
  };
}

/** A plan's chargers in a few words: "8 × 22 kW + 3 × 150 kW". */
export const describeChargerGroups = (chargers: PlanInput["chargers"]) =>
  chargers.map((c) => `${c.count} × ${c.powerKw} kW`).join(" + ");

/** A group's work in words: its week, or, for a vehicle planned on its recorded trips, how much was recorded. */
export function describeDuty(group: PlanInput["vehicles"][number]): string {
  if (!group.trips) return describeWeek(group.week);
  const km = group.trips.reduce((sum, t) => sum + (t.km ?? 0), 0);
  return `${group.trips.length} recorded tours, ${Math.round(km).toLocaleString("en-GB")} km`;
}

/** A weekly duty in words, days with the same shift together: "Mon Tue Wed Thu out 07:00–17:00, 120 km; Fri out 06:00–17:00, 160 km". */
export function describeWeek(week: PlanInput["vehicles"][number]["week"]): string {
  const shifts = new Map<string, string[]>();
  week.forEach((day, d) => {
    if (!day) return;
    const text = `out ${clock(day.depart)}–${clock(day.return)}, ${day.km !== undefined ? `${day.km.toLocaleString("en-GB")} km` : `${(day.energyKwh ?? 0).toLocaleString("en-GB")} kWh`}`;
    shifts.set(text, [...(shifts.get(text) ?? []), WEEKDAY_NAMES[d]!]);
  });
  return shifts.size === 0 ? "not working" : [...shifts].map(([text, days]) => `${days.join(" ")} ${text}`).join("; ");
}
