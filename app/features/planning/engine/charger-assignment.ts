import { fastestKwh } from "./curve";
import { chargerMinimumKw, swapAfter, unitName, type Stay } from "./stays";
import { StepQueue } from "./step-queue";
import type { ChargerGroup } from "./types";

/**
 * Chargers: a vehicle keeps the charger it plugs into until it leaves; first
 * come, first served (one that did not drive does not plug in). Of the compatible units free on arrival it takes the
 * least powerful that can put back its trip in the stay (so a van does not
 * hold a 150 kW unit a truck will need), or the most powerful when none can;
 * with none free, the one that frees up first (it is plugged in then).
 */
export function assignChargers(chargers: ChargerGroup[], stays: Stay[], steps: number, dt: number) {
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
