import { BusyTime, TakenNow } from "./charger-time";
import { reachesKwh, type Curve } from "./curve";
import { chargerMinimumKw, swapAfter, unitName, type Stay } from "./stays";
import type { ChargerGroup } from "./types";

type Unit = { id: string; group: ChargerGroup; busy: BusyTime };

/**
 * Chargers: a vehicle keeps the charger it plugs into until it leaves; first
 * come, first served (one that did not drive does not plug in). Of the compatible units free on arrival it takes the
 * least powerful that can put back its trip in the stay (so a van does not
 * hold a 150 kW unit a truck will need), or the most powerful when none can;
 * with none free, the one that frees up first (it is plugged in then).
 *
 * The stays' figures are read into typed columns first and the outcome
 * written back at the end, both in the order the stays were made: visited in
 * arrival order, a year's stay objects (and the boxes of their numbers) are
 * scattered over the heap, and each first touch was a cache miss (a fifth of
 * preparing a plan, profiled).
 */
export function assignChargers(chargers: ChargerGroup[], stays: Stay[], steps: number, dt: number) {
  // Units in order of power (stable: as listed within a power); a unit is known by its place in that order.
  const units: Unit[] = chargers
    .flatMap((group) =>
      Array.from({ length: group.count }, (_, i) => ({
        id: unitName(group.name, group.count, i + 1),
        group,
        busy: new BusyTime(steps),
      })),
    )
    .sort((a, b) => a.group.powerKw - b.group.powerKw);
  const words = Math.ceil(units.length / 32);
  // The units each vehicle type can use, as bits in order of power (asked for every stay of a year).
  const usable = new Map<string, Uint32Array>();
  const unitsFor = (typeId: string) => {
    let bits = usable.get(typeId);
    if (!bits) {
      bits = new Uint32Array(words);
      units.forEach((u, p) => {
        if (u.group.serves === "all" || u.group.serves.includes(typeId)) bits![p >> 5]! |= 1 << (p & 31);
      });
      usable.set(typeId, bits);
    }
    return bits;
  };
  const n = stays.length;
  const start = new Int32Array(n);
  const length = new Int32Array(n);
  const trip = new Float64Array(n);
  const target = new Float64Array(n);
  const vehicleMax = new Float64Array(n);
  const battery = new Float64Array(n);
  const curves: (Curve | null)[] = new Array<Curve | null>(n);
  const types: Uint32Array[] = new Array<Uint32Array>(n);
  // When a depot hand moves the vehicle off (if its group says so).
  const swapAt = new Array<number | undefined>(n);
  for (let i = 0; i < n; i++) {
    const stay = stays[i]!;
    start[i] = stay.start;
    length[i] = stay.length;
    trip[i] = stay.tripKwh;
    target[i] = stay.targetKwh;
    vehicleMax[i] = stay.vehicleMaxKw;
    battery[i] = stay.batteryKwh;
    curves[i] = stay.curve;
    types[i] = unitsFor(stay.typeId);
    swapAt[i] = stay.swapAt;
  }
  const unitOf = new Int32Array(n).fill(-1);
  const waited = new Int32Array(n);
  // Which units are taken at the step the stays have reached (stays come in order of arrival), as bits: a quick "no" before waitFor.
  const taken = new TakenNow(units.length, steps);
  const takenNow = taken.bits;
  for (const index of arrivalOrder(start, trip, steps)) {
    // A vehicle that did not drive since its last stay has nothing to put back and leaves the chargers to others.
    if (trip[index]! <= 1e-9) continue;
    const arrives = start[index]!;
    const stayLength = length[index]!;
    taken.advanceTo(arrives);
    const need = Math.min(trip[index]!, target[index]!);
    const candidates = types[index]!;
    // Whether a unit of the power last asked about puts the trip back in the stay (units come in order of power, so it is asked once per power).
    let askedKw = NaN;
    let fits = false;
    let free = -1;
    search: for (let w = 0; w < words; w++) {
      let bits = candidates[w]! & ~takenNow[w]!;
      while (bits !== 0) {
        const p = (w << 5) + 31 - Math.clz32(bits & -bits);
        bits &= bits - 1;
        const unit = units[p]!;
        if (unit.busy.waitFor(arrives, stayLength) !== 0) continue;
        free = p;
        if (unit.group.powerKw !== askedKw) {
          askedKw = unit.group.powerKw;
          const limits = {
            capKw: Math.min(vehicleMax[index]!, askedKw),
            curve: curves[index]!,
            batteryKwh: battery[index]!,
          };
          fits = reachesKwh(limits, target[index]! - need, target[index]!, stayLength, dt, need);
        }
        if (fits) break search;
      }
    }
    // With none free, the unit that frees up first (the first of those in order of power, on a tie).
    let waiting = -1;
    let shortestWait = Infinity;
    if (free < 0)
      for (let p = 0; p < units.length; p++) {
        if (!(candidates[p >> 5]! & (1 << (p & 31)))) continue;
        const wait = units[p]!.busy.waitFor(arrives, stayLength);
        if (wait < stayLength && wait < shortestWait) {
          waiting = p;
          shortestWait = wait;
        }
      }
    const p = free >= 0 ? free : waiting;
    if (p < 0) continue;
    const wait = free >= 0 ? 0 : shortestWait;
    const plugged = (arrives + wait) % steps;
    // Plugged in, it charges until it leaves, or until a depot hand moves it off at the group's swap time.
    const charging = Math.min(stayLength - wait, swapAfter(plugged, swapAt[index], dt * 60, Math.round(24 / dt)));
    start[index] = plugged;
    length[index] = charging;
    waited[index] = wait;
    unitOf[index] = p;
    units[p]!.busy.take(plugged, charging);
    // Taken from its start to its end within the cycle (a stay that waited into the next cycle is over before the stays still to come).
    if (plugged >= arrives) {
      taken.take(p, plugged, Math.min(plugged + charging, steps));
    }
  }
  for (let i = 0; i < n; i++) {
    if (unitOf[i]! < 0) continue;
    const stay = stays[i]!;
    const unit = units[unitOf[i]!]!;
    stay.start = start[i]!;
    stay.length = length[i]!;
    stay.waitedSteps = waited[i]!;
    stay.charger = unit.id;
    stay.chargerKw = unit.group.powerKw;
    stay.capKw = Math.min(stay.vehicleMaxKw, unit.group.powerKw);
    stay.minKw = Math.min(chargerMinimumKw(unit.group), stay.capKw);
  }
}

/**
 * The stays in order of arrival, the one with the longer trip first at the
 * same step, then as listed (a counting sort by step: a comparison sort of a
 * year's stays was a fair share of preparing a plan).
 */
function arrivalOrder(start: Int32Array, trip: Float64Array, steps: number): Int32Array {
  const counts = new Int32Array(steps + 1);
  for (let i = 0; i < start.length; i++) counts[start[i]! + 1]!++;
  for (let t = 0; t < steps; t++) counts[t + 1]! += counts[t]!;
  const from = counts.slice(0, steps);
  const order = new Int32Array(start.length);
  for (let i = 0; i < start.length; i++) order[counts[start[i]!]!++] = i;
  // Within a step, longer trips first; stable, so equal trips keep their order (few stays share a step).
  for (let t = 0; t < steps; t++)
    for (let a = from[t]! + 1; a < counts[t]!; a++) {
      const index = order[a]!;
      const kwh = trip[index]!;
      let b = a - 1;
      while (b >= from[t]! && trip[order[b]!]! < kwh) {
        order[b + 1] = order[b]!;
        b--;
      }
      order[b + 1] = index;
    }
  return order;
}
