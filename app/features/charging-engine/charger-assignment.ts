import { BusyTime, TakenNow } from "./charger-time";
import { RepeatingWeeks, type Asked, type Placed } from "./charger-weeks";
import { reachesKwh } from "./curve";
import { chargerMinimumKw, swapAfter, unitName, type Stay } from "./stays";
import type { ChargerGroup } from "./types";

/** A charger unit: its name, group, and place among the units as listed. */
type Unit = { id: string; group: ChargerGroup; listed: number };

/**
 * Chargers: a vehicle keeps the charger it plugs into until it leaves; first
 * come, first served (one that did not drive does not plug in). Of the compatible units free on arrival it takes the
 * least powerful that can put back its trip in the stay (so a van does not
 * hold a 150 kW unit a truck will need), or the most powerful when none can;
 * with none free, the one that frees up first (it is plugged in then). Of
 * a group's alike units it takes its own bay (bays, below). Where the stays
 * repeat week by week, the week the depot settles into is every week's
 * (charger-weeks.ts, decision 044).
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
      Array.from({ length: group.count }, (_, i) => ({ id: unitName(group.name, group.count, i + 1), group })),
    )
    .map((unit, listed) => ({ ...unit, listed }))
    .sort((a, b) => a.group.powerKw - b.group.powerKw);
  const asked = readStays(stays, units);
  const week = Math.round((7 * 24) / dt);
  const weeks = RepeatingWeeks.of(steps, week, asked);
  const settled =
    weeks?.settle((line, lineSteps, weekEnd) =>
      place(units, line, arrivalOrder(line.start, line.trip, lineSteps), lineSteps, dt, weekEnd),
    ) ?? place(units, asked, arrivalOrder(asked.start, asked.trip, steps), steps, dt).placed;
  for (let i = 0; i < stays.length; i++) {
    if (settled.unitOf[i]! < 0) continue;
    const stay = stays[i]!;
    const unit = units[settled.unitOf[i]!]!;
    stay.start = settled.start[i]!;
    stay.length = settled.length[i]!;
    stay.waitedSteps = settled.waited[i]!;
    stay.charger = unit.id;
    stay.unit = unit.listed;
    stay.chargerKw = unit.group.powerKw;
    stay.capKw = Math.min(stay.vehicleMaxKw, unit.group.powerKw);
    stay.minKw = Math.min(chargerMinimumKw(unit.group), stay.capKw);
  }
}

/** The stays' figures as columns, in the order the stays were made; with the units each can use, as bits in order of power. */
function readStays(stays: Stay[], units: Unit[]): Asked {
  const words = Math.ceil(units.length / 32);
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
  const asked: Asked = {
    start: new Int32Array(n),
    length: new Int32Array(n),
    trip: new Float64Array(n),
    target: new Float64Array(n),
    vehicleMax: new Float64Array(n),
    battery: new Float64Array(n),
    curves: new Array<Asked["curves"][number]>(n),
    types: new Array<Uint32Array>(n),
    swapAt: new Array<number | undefined>(n),
    vehicle: new Int32Array(n),
  };
  for (let i = 0; i < n; i++) {
    const stay = stays[i]!;
    asked.start[i] = stay.start;
    asked.length[i] = stay.length;
    asked.trip[i] = stay.tripKwh;
    asked.target[i] = stay.targetKwh;
    asked.vehicleMax[i] = stay.vehicleMaxKw;
    asked.battery[i] = stay.batteryKwh;
    asked.curves[i] = stay.curve;
    asked.types[i] = unitsFor(stay.typeId);
    asked.swapAt[i] = stay.swapAt;
    asked.vehicle[i] = stay.vehicle;
  }
  return asked;
}

/**
 * First come, first served over `steps` (a cycle: a stay may run past its
 * end), in `order`. `weekEnd(w)`, when given, is asked as the arrivals pass
 * into a new week whether to stop after week w. Returns what each stay got.
 */
// Kept whole: first come, first served is one sweep over the arrivals with the
// units held as bits: taking, freeing and waiting share the sweep's cursor and words, and read best in one place.
// eslint-disable-next-line max-lines-per-function -- kept whole, for the reason above
function place(
  units: Unit[],
  asked: Asked,
  order: Int32Array,
  steps: number,
  dt: number,
  weekEnd?: (w: number, placed: Placed) => boolean,
): { placed: Placed; stoppedAfter: number } {
  const n = asked.start.length;
  const { start: arrival, length: asks, trip, target, vehicleMax, battery, curves, types, swapAt } = asked;
  const busy = units.map(() => new BusyTime(steps));
  const words = Math.ceil(units.length / 32);
  const placed: Placed = {
    unitOf: new Int32Array(n).fill(-1),
    waited: new Int32Array(n),
    start: arrival.slice(),
    length: asks.slice(),
  };
  // Which units are taken at the step the stays have reached (stays come in order of arrival), as bits: a quick "no" before waitFor.
  const taken = new TakenNow(units.length, steps);
  const takenNow = taken.bits;
  const week = Math.round((7 * 24) / dt);
  let current = 0;
  const ownUnit = bays(units, asked.vehicle);
  for (const index of order) {
    const arrives = arrival[index]!;
    if (weekEnd && Math.floor(arrives / week) !== current) {
      if (weekEnd(current, placed)) return { placed, stoppedAfter: current };
      current = Math.floor(arrives / week);
    }
    // A vehicle that did not drive since its last stay has nothing to put back and leaves the chargers to others.
    if (trip[index]! <= 1e-9) continue;
    const stayLength = asks[index]!;
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
        if (busy[p]!.waitFor(arrives, stayLength) !== 0) continue;
        free = p;
        const unit = units[p]!;
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
        const wait = busy[p]!.waitFor(arrives, stayLength);
        if (wait < stayLength && wait < shortestWait) {
          waiting = p;
          shortestWait = wait;
        }
      }
    if (free >= 0) free = ownUnit(free, asked.vehicle[index]!, (u) => busy[u]!.waitFor(arrives, stayLength) === 0);
    const p = free >= 0 ? free : waiting;
    if (p < 0) continue;
    const wait = free >= 0 ? 0 : shortestWait;
    const plugged = (arrives + wait) % steps;
    // Plugged in, it charges until it leaves, or until a depot hand moves it off at the group's swap time.
    const charging = Math.min(stayLength - wait, swapAfter(plugged, swapAt[index], dt * 60, Math.round(24 / dt)));
    placed.start[index] = plugged;
    placed.length[index] = charging;
    placed.waited[index] = wait;
    placed.unitOf[index] = p;
    busy[p]!.take(plugged, charging);
    // Taken from its start to its end within the cycle (a stay that waited into the next cycle is over before the stays still to come).
    if (plugged >= arrives) taken.take(p, plugged, Math.min(plugged + charging, steps));
  }
  if (weekEnd?.(current, placed)) return { placed, stoppedAfter: current };
  return { placed, stoppedAfter: -1 };
}

/**
 * Of a group's units, all alike (the same power, types and floor), which one
 * a vehicle takes changes nothing but its name, so it takes its own bay: the
 * unit it last held if that is free, else a free one no other vehicle holds
 * (else the one first in order). Where a group has a unit for every vehicle
 * that uses it, each vehicle then keeps one unit, and a week that repeats is
 * placed as the one before it (charger-weeks.ts). `free(u)`: whether unit u
 * is free for the stay. Returns the unit taken, `chosen` or another of its group.
 */
function bays(units: Unit[], vehicle: Int32Array) {
  let vehicles = 0;
  for (let i = 0; i < vehicle.length; i++) vehicles = Math.max(vehicles, vehicle[i]! + 1);
  const held = new Int32Array(vehicles).fill(-1);
  const holder = new Int32Array(units.length).fill(-1);
  // Each group's units are together in the order of power (a stable sort): each unit's group's first and last.
  const first = new Int32Array(units.length);
  const end = new Int32Array(units.length);
  for (let u = 0; u < units.length; u++)
    first[u] = u > 0 && units[u - 1]!.group === units[u]!.group ? first[u - 1]! : u;
  for (let u = units.length - 1; u >= 0; u--)
    end[u] = u + 1 < units.length && units[u + 1]!.group === units[u]!.group ? end[u + 1]! : u + 1;
  return (chosen: number, v: number, free: (u: number) => boolean): number => {
    const own = held[v]!;
    let unit = own >= first[chosen]! && own < end[chosen]! && free(own) ? own : -1;
    for (let u = first[chosen]!; unit < 0 && u < end[chosen]!; u++)
      if ((holder[u]! < 0 || held[holder[u]!] !== u) && free(u)) unit = u;
    if (unit < 0) unit = chosen;
    held[v] = unit;
    holder[unit] = v;
    return unit;
  };
}

/**
 * The stays in order of arrival, the one with the longer trip first at the
 * same step, then as listed (a counting sort by step: a comparison sort of a
 * year's stays was a fair share of preparing a plan).
 */
export function arrivalOrder(start: Int32Array, trip: Float64Array, steps: number): Int32Array {
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
