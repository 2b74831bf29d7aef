// The fleet issue 31 compares with SpiceEV 1.1.0: 100 vehicles (60 vans on 11 kW
// chargers, 40 cars on 22 kW chargers, each on a shift of its own, about 540
// trips a week) over 52 weeks at 15 minutes, a 1,000 kW connection and no
// building load. Generated from a fixed seed, so every run plans the same fleet.
import type { DutyDay, PlanInput, StationaryBattery, VehicleGroup } from "../app/features/planning/engine/types";
import { TARIFF_PRESETS } from "../app/features/planning/plan-input";
import { seededRandom } from "./seeded-random";

/**
 * The mixed fleet; `minKw` sets every charger's lowest power (0 for none;
 * undefined for the default, 6 A per phase on AC).
 */
export function mixedFleet(minKw?: number): PlanInput {
  const next = seededRandom(31);
  const between = (low: number, high: number) => low + Math.floor(next() * (high - low + 1));
  const vehicles: VehicleGroup[] = [];
  let trips = 0;
  for (let n = 0; n < 100; n++) {
    const van = n < 60;
    // Five or six working days a week (about 540 trips for the fleet), each its own shift.
    const working = new Set<number>();
    const days = next() < 0.4 ? 6 : 5;
    while (working.size < days) working.add(between(0, 6));
    const depart = between(5 * 4, 10 * 4) * 15;
    const hours = between(4 * 4, 10 * 4) * 15;
    const week: DutyDay[] = Array.from({ length: 7 }, (_, day) =>
      working.has(day) ? { depart, return: (depart + hours) % 1440, km: between(30, van ? 160 : 220) } : null,
    );
    trips += days;
    vehicles.push({
      id: `v${n + 1}`,
      name: `${van ? "Van" : "Car"} ${n + 1}`,
      typeId: van ? "van" : "car",
      count: 1,
      week,
      targetSocPct: 90,
    });
  }
  if (trips < 500 || trips > 580) throw new Error(`the mixed fleet makes ${trips} trips a week`);
  return {
    vehicleTypes: [
      { id: "van", name: "Electric van", batteryKwh: 75, consumptionKwhPerKm: 0.3, maxChargeKw: 11 },
      { id: "car", name: "Electric car", batteryKwh: 60, consumptionKwhPerKm: 0.18, maxChargeKw: 22 },
    ],
    vehicles,
    chargers: [
      {
        id: "ac11",
        name: "AC 11 kW",
        count: 60,
        powerKw: 11,
        serves: ["van"],
        ...(minKw === undefined ? {} : { minKw }),
      },
      {
        id: "ac22",
        name: "AC 22 kW",
        count: 40,
        powerKw: 22,
        serves: ["car"],
        ...(minKw === undefined ? {} : { minKw }),
      },
    ],
    site: { connectionKva: 1000, powerFactor: 1, buildingKw: 0, chargingEfficiency: 1 },
    tariff: TARIFF_PRESETS["day-night"],
    horizon: { days: 364, stepMinutes: 15, startWeekday: 0 },
  };
}

/**
 * The mixed fleet on a connection that binds every day (120 kVA against a
 * building of 10–30 kW), from a Wednesday, for `days`: with `curved`, the
 * cars taper above 60 % and one group in ten is moved off its charger at
 * 22:00, so every sharing path of the simulation is taken.
 */
export function tightMixedFleet(days: number, curved: boolean, battery?: StationaryBattery): PlanInput {
  const fleet = mixedFleet();
  return {
    ...fleet,
    vehicleTypes: fleet.vehicleTypes.map((type) =>
      curved && type.id === "car"
        ? {
            ...type,
            chargeCurve: [
              [0, 22],
              [60, 22],
              [90, 9],
              [100, 3],
            ],
          }
        : type,
    ),
    vehicles: fleet.vehicles.map((group, n) => (curved && n % 10 === 3 ? { ...group, swapAt: 22 * 60 } : group)),
    site: {
      connectionKva: 120,
      powerFactor: 0.95,
      buildingKw: [10, 10, 10, 10, 10, 10, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 20, 20, 20, 20, 10, 10],
      chargingEfficiency: 0.92,
      ...(battery ? { battery } : {}),
    },
    horizon: { days, stepMinutes: 15, startWeekday: 2 },
  };
}
