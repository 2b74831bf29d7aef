import type { Curve } from "./curve";
import type { ChargerGroup, VehicleType } from "./types";

/**
 * One stay at the depot: plugged in at step `start` (after any wait for a
 * charger) for `length` steps.
 * How much it must put in depends on how the vehicle left its previous stay
 * (the chain), so needs are worked out per strategy, not here.
 */
export class Stay {
  /** Most the vehicle and its charger take (kW into the battery). */
  capKw: number;
  /** Lowest power the charger can be set to while charging (0: no floor). */
  minKw = 0;
  vehicleMaxKw: number;
  chargerKw = 0;
  charger: string | null = null;
  /** The charger's place among the depot's units as listed (group by group): -1 without one. */
  unit = -1;
  /** Steps it waited on arrival for a charger to free up. */
  waitedSteps = 0;
  /** The vehicle's stay before this one (itself when it has one stay in the cycle). */
  previous = -1;
  /** Charge the vehicle should leave with (its group's target). */
  targetKwh: number;
  batteryKwh: number;
  typeId: string;

  // A class, not an object literal (decision 036): the charger's fields are set after the stay is made, and when a
  // field's numbers changed kind between plans in one process (a lowest power of 0, then 4.1; an 11 kW charger,
  // then 7.4), stays made from a literal ran every later plan's preparation about 4× slower in V8 (measured); made
  // by a constructor they did not.
  constructor(
    readonly vehicle: number,
    readonly vehicleName: string,
    readonly groupName: string,
    /** Plugged in at this step (after any wait for a charger). */
    public start: number,
    /** Steps plugged in (unwrapped; steps are taken modulo the cycle). */
    public length: number,
    /** Energy of the trip(s) since the vehicle's previous stay. */
    public tripKwh: number,
    type: VehicleType,
    targetSocPct: number,
    readonly curve: Curve | null,
    /** When a depot hand moves the vehicle off its charger (minutes after midnight), if the group says so. */
    readonly swapAt: number | undefined,
  ) {
    this.targetKwh = (type.batteryKwh * targetSocPct) / 100;
    this.batteryKwh = type.batteryKwh;
    this.capKw = type.maxChargeKw;
    this.vehicleMaxKw = type.maxChargeKw;
    this.typeId = type.id;
  }
}

export type Vehicle = { name: string; stays: number[] };

/**
 * Where a vehicle's first arrival is among its `count` stays in the order
 * made (expand-duty.ts): that order is their order of arrival, but for the
 * last, which may have run past the end of the cycle and so arrives first.
 * `startOf(k)`: the start of its k-th stay as made. Its n-th arrival is then
 * its ((first + n) mod count)-th stay.
 */
export function firstArrival(count: number, startOf: (k: number) => number): number {
  let first = 0;
  for (let k = 0; k + 1 < count; k++) if (startOf(k + 1) < startOf(k)) first = k + 1;
  return first;
}

/** What stay `i` should leave with: its target, or less where the plan meant it to (`leaveWith`, decision 034). */
export const wantKwh = (stay: Stay, i: number, leaveWith?: Float64Array) =>
  leaveWith ? Math.min(stay.targetKwh, leaveWith[i]!) : stay.targetKwh;

/** The typical floor of a charger's power: 6 A per phase on AC (single phase up to 7.4 kW, three phases up to 43 kW); DC units regulate down to about 5 kW. */
export function chargerMinimumKw(charger: Pick<ChargerGroup, "powerKw" | "minKw">): number {
  if (charger.minKw !== undefined) return Math.min(charger.minKw, charger.powerKw);
  if (charger.powerKw <= 7.4) return Math.min(1.4, charger.powerKw);
  if (charger.powerKw <= 43) return 4.1;
  return Math.min(5, charger.powerKw);
}

export const unitName = (name: string, count: number, n: number) => (count === 1 ? name : `${name} ${n}`);

/** Steps from plugging in at step `plugged` until the next "swap at" time, when the vehicle is moved off its charger (no limit without one; one plugged in at that time stays a day). */
export function swapAfter(plugged: number, swapAt: number | undefined, stepMinutes: number, perDay: number): number {
  if (swapAt === undefined) return Infinity;
  const swapStep = Math.round(swapAt / stepMinutes) % perDay;
  const wait = (swapStep - (plugged % perDay) + perDay) % perDay;
  return wait === 0 ? perDay : wait;
}
