import { fastestKwh, sortedCurve, type Curve } from "./curve";
import { StepQueue } from "./step-queue";
import type { ChargerGroup, PlanInput } from "./types";

/**
 * One stay at the depot: plugged in at step `start` (after any wait for a
 * charger) for `length` steps (unwrapped; steps are taken modulo the cycle).
 * How much it must put in depends on how the vehicle left its previous stay
 * (the chain), so needs are worked out per strategy, not here.
 */
export type Stay = {
  vehicle: number;
  vehicleName: string;
  groupName: string;
  start: number;
  length: number;
  /** Energy of the trip(s) since the vehicle's previous stay. */
  tripKwh: number;
  /** Charge the vehicle should leave with (its group's target). */
  targetKwh: number;
  batteryKwh: number;
  /** Most the vehicle and its charger take (kW into the battery). */
  capKw: number;
  /** Lowest power the charger can be set to while charging (0: no floor). */
  minKw: number;
  vehicleMaxKw: number;
  chargerKw: number;
  curve: Curve | null;
  typeId: string;
  charger: string | null;
  /** Steps it waited on arrival for a charger to free up. */
  waitedSteps: number;
  /** The vehicle's stay before this one (itself when it has one stay in the cycle). */
  previous: number;
  /** When a depot hand moves the vehicle off its charger (minutes after midnight), if the group says so. */
  swapAt?: number;
};

export type Vehicle = { name: string; stays: number[] };

/** The typical floor of a charger's power: 6 A per phase on AC (single phase up to 7.4 kW, three phases up to 43 kW); DC units regulate down to about 5 kW. */
export function chargerMinimumKw(charger: Pick<ChargerGroup, "powerKw" | "minKw">): number {
  if (charger.minKw !== undefined) return Math.min(charger.minKw, charger.powerKw);
  if (charger.powerKw <= 7.4) return Math.min(1.4, charger.powerKw);
  if (charger.powerKw <= 43) return 4.1;
  return Math.min(5, charger.powerKw);
}

const unitName = (name: string, count: number, n: number) => (count === 1 ? name : `${name} ${n}`);

/** Steps from plugging in at step `plugged` until the next "swap at" time, when the vehicle is moved off its charger (no limit without one; one plugged in at that time stays a day). */
export function swapAfter(plugged: number, swapAt: number | undefined, stepMinutes: number, perDay: number): number {
  if (swapAt === undefined) return Infinity;
  const swapStep = Math.round(swapAt / stepMinutes) % perDay;
  const wait = (swapStep - (plugged % perDay) + perDay) % perDay;
  return wait === 0 ? perDay : wait;
}

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
        stays.push({
          vehicle: vehicles.length,
          vehicleName: vehicle.name,
          groupName: group.name,
          start: trip.back % steps,
          length: Math.min(length, steps),
          tripKwh: pending,
          targetKwh: (type.batteryKwh * group.targetSocPct) / 100,
          batteryKwh: type.batteryKwh,
          capKw: type.maxChargeKw,
          minKw: 0,
          vehicleMaxKw: type.maxChargeKw,
          chargerKw: 0,
          curve,
          typeId: type.id,
          charger: null,
          waitedSteps: 0,
          previous: -1,
          swapAt: group.swapAt,
        });
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

/**
 * Chargers: a vehicle keeps the charger it plugs into until it leaves; first
 * come, first served (one that did not drive does not plug in). Of the compatible units free on arrival it takes the
 * least powerful that can put back its trip in the stay (so a van does not
 * hold a 150 kW unit a truck will need), or the most powerful when none can;
 * with none free, the one that frees up first (it is plugged in then).
 */
function assignChargers(chargers: ChargerGroup[], stays: Stay[], steps: number, dt: number) {
  const units = chargers
    .flatMap((group) =>
      Array.from({ length: group.count }, (_, i) => ({
        id: unitName(group.name, group.count, i + 1),
        group,
        busy: new BusyTime(steps),
        index: 0,
      })),
    )
    .map((unit, index) => ({ ...unit, index }));
  const byPower = [...units].sort((a, b) => a.group.powerKw - b.group.powerKw);
  // The units each vehicle type can use, in order of power (asked for every stay of a year).
  const usable = new Map<string, typeof units>();
  const unitsFor = (typeId: string) => {
    let list = usable.get(typeId);
    if (!list)
      usable.set(typeId, (list = byPower.filter((u) => u.group.serves === "all" || u.group.serves.includes(typeId))));
    return list;
  };
  // Which units are taken at the step the stays have reached (stays come in order of arrival): a quick "no" before waitFor.
  const takenNow = new Uint8Array(units.length);
  const changes = new StepQueue();
  for (const index of arrivalOrder(stays, steps)) {
    const stay = stays[index]!;
    // A vehicle that did not drive since its last stay has nothing to put back and leaves the chargers to others.
    if (stay.tripKwh <= 1e-9) continue;
    while (changes.nextStep <= stay.start) {
      const change = changes.popStay();
      takenNow[change >> 1] = change & 1;
    }
    const need = Math.min(stay.tripKwh, stay.targetKwh);
    const candidates = unitsFor(stay.typeId);
    // Whether a unit of the power last asked about puts the trip back in the stay (units come in order of power, so it is asked once per power).
    let askedKw = NaN;
    let fits = false;
    let free: (typeof units)[number] | null = null;
    for (let u = 0; u < candidates.length; u++) {
      const unit = candidates[u]!;
      if (takenNow[unit.index] || unit.busy.waitFor(stay.start, stay.length) !== 0) continue;
      free = unit;
      if (unit.group.powerKw !== askedKw) {
        askedKw = unit.group.powerKw;
        const limits = { capKw: Math.min(stay.vehicleMaxKw, askedKw), curve: stay.curve, batteryKwh: stay.batteryKwh };
        fits = fastestKwh(limits, stay.targetKwh - need, stay.targetKwh, stay.length, dt) >= need - 1e-6;
      }
      if (fits) break;
    }
    // With none free, the unit that frees up first (the first of those in order of power, on a tie).
    let waiting: (typeof units)[number] | null = null;
    let shortestWait = Infinity;
    if (!free)
      for (const unit of candidates) {
        const wait = unit.busy.waitFor(stay.start, stay.length);
        if (wait < stay.length && wait < shortestWait) {
          waiting = unit;
          shortestWait = wait;
        }
      }
    const unit = free ?? waiting;
    if (!unit) continue;
    const wait = free ? 0 : shortestWait;
    const start = stay.start;
    stay.start = (stay.start + wait) % steps;
    // Plugged in, it charges until it leaves, or until a depot hand moves it off at the group's swap time.
    stay.length = Math.min(stay.length - wait, swapAfter(stay.start, stay.swapAt, dt * 60, Math.round(24 / dt)));
    stay.waitedSteps = wait;
    unit.busy.take(stay.start, stay.length);
    // Taken from its start to its end within the cycle (a stay that waited into the next cycle is over before the stays still to come).
    if (stay.start >= start) {
      changes.push(stay.start, unit.index * 2 + 1);
      changes.push(Math.min(stay.start + stay.length, steps), unit.index * 2);
    }
    stay.charger = unit.id;
    stay.chargerKw = unit.group.powerKw;
    stay.capKw = Math.min(stay.vehicleMaxKw, unit.group.powerKw);
    stay.minKw = Math.min(chargerMinimumKw(unit.group), stay.capKw);
  }
}

/**
 * The steps of the cycle a charger is taken, as disjoint intervals in order
 * (a stay that runs past the end of the cycle is two): a year of a fleet
 * asks "how long until this unit is free for this stay?" of every unit for
 * every stay, which over a row of steps cost a scan of the stay each time.
 */
class BusyTime {
  private readonly starts: number[] = [];
  private readonly ends: number[] = [];
  constructor(private readonly steps: number) {}

  /** How long a stay from `start` for `length` steps would wait for this unit to be free until it leaves (0 when it is free on arrival): the offset of the last taken step in its time, plus one. */
  waitFor(start: number, length: number): number {
    const end = start + length;
    if (end > this.steps) {
      const wrapped = end - this.steps;
      const last = this.lastStartingBefore(wrapped);
      if (last >= 0) return this.steps - start + Math.min(this.ends[last]!, wrapped);
    }
    const to = Math.min(end, this.steps);
    const last = this.lastStartingBefore(to);
    return last >= 0 && this.ends[last]! > start ? Math.min(this.ends[last]!, to) - start : 0;
  }

  take(start: number, length: number): void {
    const end = start + length;
    this.insert(start, Math.min(end, this.steps));
    if (end > this.steps) this.insert(0, end - this.steps);
  }

  /** The last interval that starts before `step`, or -1. */
  private lastStartingBefore(step: number): number {
    let low = 0;
    let high = this.starts.length;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (this.starts[middle]! < step) low = middle + 1;
      else high = middle;
    }
    return low - 1;
  }

  private insert(start: number, end: number): void {
    const at = this.lastStartingBefore(start) + 1;
    if (at === this.starts.length) {
      this.starts.push(start);
      this.ends.push(end);
    } else {
      this.starts.splice(at, 0, start);
      this.ends.splice(at, 0, end);
    }
  }
}

/**
 * The stays in order of arrival, the one with the longer trip first at the
 * same step, then as listed (a counting sort by step: a comparison sort of a
 * year's stays was a fair share of preparing a plan).
 */
function arrivalOrder(stays: Stay[], steps: number): Int32Array {
  const counts = new Int32Array(steps + 1);
  for (const stay of stays) counts[stay.start + 1]!++;
  for (let t = 0; t < steps; t++) counts[t + 1]! += counts[t]!;
  const from = counts.slice(0, steps);
  const order = new Int32Array(stays.length);
  for (let i = 0; i < stays.length; i++) order[counts[stays[i]!.start]!++] = i;
  // Within a step, longer trips first; stable, so equal trips keep their order (few stays share a step).
  for (let t = 0; t < steps; t++)
    for (let a = from[t]! + 1; a < counts[t]!; a++) {
      const index = order[a]!;
      const trip = stays[index]!.tripKwh;
      let b = a - 1;
      while (b >= from[t]! && stays[order[b]!]!.tripKwh < trip) {
        order[b + 1] = order[b]!;
        b--;
      }
      order[b + 1] = index;
    }
  return order;
}
