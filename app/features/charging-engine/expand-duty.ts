import { assignChargers } from "./charger-assignment";
import { sortedCurve } from "./curve";
import { Stay, unitName, type Vehicle } from "./stays";
import type { PlanInput } from "./types";

/** Expands groups into vehicles and their work into stays at the depot, and gives each stay a charger. */
export function staysFor(input: PlanInput, steps: number, stepMinutes: number): { stays: Stay[]; vehicles: Vehicle[] } {
  const types = new Map(input.vehicleTypes.map((type) => [type.id, type]));
  const perDay = 1440 / stepMinutes;
  const stays: Stay[] = [];
  const vehicles: Vehicle[] = [];
  for (const group of input.vehicles) {
    const type = types.get(group.typeId);
    if (!type) throw new Error(`Unknown vehicle type ${group.typeId}`);
    const curve = sortedCurve(type.chargeCurve);
    // Trips in the cycle, as [departure step, return step (unwrapped), energy].
    const trips: { depart: number; back: number; energy: number }[] = [];
    // Recorded tours, as they happened (cut to the horizon; at least a step away).
    for (const trip of group.trips ?? []) {
      const depart = Math.round(trip.depart / stepMinutes);
      if (depart < 0 || depart >= steps) continue;
      trips.push({ depart, back: Math.max(depart + 1, Math.round(trip.back / stepMinutes)), energy: trip.energyKwh });
    }
    for (let day = 0; day < (group.trips ? 0 : input.horizon.days); day++) {
      const duty = group.week[(input.horizon.startWeekday + day) % 7];
      if (!duty) continue;
      const depart = day * perDay + Math.round(duty.depart / stepMinutes);
      let duration = Math.round((duty.return - duty.depart) / stepMinutes);
      if (duration <= 0) duration += perDay;
      const energy = duty.energyKwh ?? (duty.km ?? 0) * type.consumptionKwhPerKm;
      trips.push({ depart, back: depart + duration, energy });
    }
    if (trips.length === 0) continue;
    trips.sort((a, b) => a.depart - b.depart);
    for (let n = 1; n <= (group.trips ? 1 : group.count); n++) {
      const vehicle: Vehicle = { name: unitName(group.name, group.count, n), stays: [] };
      // A trip with no stay after it (the next one leaves at once) adds its energy to the next stay's.
      let pending = 0;
      for (let i = 0; i < trips.length; i++) {
        const trip = trips[i]!;
        pending += trip.energy;
        const nextDepart = i + 1 < trips.length ? trips[i + 1]!.depart : trips[0]!.depart + steps;
        const length = nextDepart - trip.back;
        if (length <= 0) continue;
        vehicle.stays.push(stays.length);
        stays.push(
          new Stay(
            vehicles.length,
            vehicle.name,
            group.name,
            trip.back % steps,
            Math.min(length, steps),
            pending,
            type,
            group.targetSocPct,
            curve,
            group.swapAt,
          ),
        );
        pending = 0;
      }
      // Energy of trips after the last stay belongs to the first stay (the cycle repeats).
      if (pending > 0 && vehicle.stays.length > 0) stays[vehicle.stays[0]!]!.tripKwh += pending;
      vehicle.stays.forEach((index, k) => {
        stays[index]!.previous = vehicle.stays[(k + vehicle.stays.length - 1) % vehicle.stays.length]!;
      });
      if (vehicle.stays.length > 0) vehicles.push(vehicle);
    }
  }
  assignChargers(input.chargers, stays, steps, stepMinutes / 60);
  return { stays, vehicles };
}
