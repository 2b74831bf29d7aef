/**
 * The plan ahead's second pass (decision 052). Cheapest-first, earliest
 * departure first (schedule-ahead.ts) is the planning engine's rule and is
 * exact where every vehicle's stay starts now; with vehicles due back it can
 * leave one short while the site has room in a slot of its stay that it cannot
 * use (its charger is at its power there, or the room is in a slot before it
 * arrives that a vehicle already in could have taken). Here each short
 * vehicle, in the order the first pass served them, takes room by moving
 * others: an augmenting path of a maximum flow from the vehicles to the slots,
 * in energy, where a vehicle that gives up a slot to it takes the same energy
 * in another slot of its own stay. So no vehicle's energy falls, the slots
 * stay within their room and the chargers within their power, and when it is
 * done no vehicle is short while a slot of its stay could still have charged
 * it (no augmenting path is left, so the flow is a maximum).
 *
 * The cost of a path is the price of the one slot whose room it uses (every
 * other slot on it gains and loses the same energy), so each path goes to the
 * cheapest slot with room the vehicle can reach, the earliest of equals.
 */

/** A slot of the plan ahead as this pass reads it (schedule-ahead.ts's Slot): when, and its price. */
type Slot = { from: number; to: number; pence: number };

/** A known vehicle in the plan: its power per slot (kW, changed in place), its stay as slot indices [first, end), its power and what it still lacks (kWh). */
export type Filling = { row: Float64Array; maxKw: number; first: number; end: number; leftKwh: number };

const HOUR = 3_600_000;
/** Below a milliwatt-hour a path is not worth moving anyone for. */
const EPS = 1e-9;

/** Moves charge between vehicles so the short ones (in the order given) take the room left in `room` (kW per slot, changed in place). */
export function fillRoom(slots: readonly Slot[], room: number[], vehicles: Filling[]): void {
  const hours = slots.map((s) => (s.to - s.from) / HOUR);
  // Who is here in each slot: a slot's charge can be handed on only among them.
  const here: number[][] = slots.map(() => []);
  vehicles.forEach((v, i) => {
    for (let s = v.first; s < v.end; s++) here[s]!.push(i);
  });
  const viaSlot = new Int32Array(vehicles.length);
  const viaVehicle = new Int32Array(slots.length);
  for (let start = 0; start < vehicles.length; start++) {
    const short = vehicles[start]!;
    while (short.leftKwh > EPS) {
      const end = cheapestReachable(start, slots, hours, room, vehicles, here, viaSlot, viaVehicle);
      if (end < 0) break;
      if (!augment(start, end, hours, room, vehicles, viaSlot, viaVehicle)) break;
    }
  }
}

/**
 * A breadth-first search of the residual network from vehicle `start`: vehicle → slot where it is below its power,
 * slot → vehicle that charges there (it could hand that charge on). Returns the cheapest slot reached with room (the
 * earliest of equals), or -1; the search's tree is left in viaSlot (the slot a vehicle was reached from) and viaVehicle
 * (the vehicle a slot was reached from).
 */
function cheapestReachable(
  start: number,
  slots: readonly Slot[],
  hours: number[],
  room: number[],
  vehicles: Filling[],
  here: number[][],
  viaSlot: Int32Array,
  viaVehicle: Int32Array,
): number {
  viaSlot.fill(-2);
  viaVehicle.fill(-2);
  viaSlot[start] = -1;
  const queue = [start];
  let best = -1;
  for (let q = 0; q < queue.length; q++) {
    const v = vehicles[queue[q]!]!;
    for (let s = v.first; s < v.end; s++) {
      if (viaVehicle[s] !== -2 || (v.maxKw - v.row[s]!) * hours[s]! <= EPS) continue;
      viaVehicle[s] = queue[q]!;
      if (
        room[s]! * hours[s]! > EPS &&
        (best < 0 || slots[s]!.pence < slots[best]!.pence || (slots[s]!.pence === slots[best]!.pence && s < best))
      )
        best = s;
      for (const other of here[s]!)
        if (viaSlot[other] === -2 && vehicles[other]!.row[s]! * hours[s]! > EPS) {
          viaSlot[other] = s;
          queue.push(other);
        }
    }
  }
  return best;
}

/** Sends what the path to `end` can carry: the short vehicle gains it, each vehicle on the way moves it from one slot to another. */
function augment(
  start: number,
  end: number,
  hours: number[],
  room: number[],
  vehicles: Filling[],
  viaSlot: Int32Array,
  viaVehicle: Int32Array,
): boolean {
  let kwh = Math.min(vehicles[start]!.leftKwh, room[end]! * hours[end]!);
  // Walk back from the slot with room: each slot was reached from a vehicle below its power there, and (unless that is
  // the short one) that vehicle from a slot it charges in.
  for (let s = end; ;) {
    const v = viaVehicle[s]!;
    const vehicle = vehicles[v]!;
    kwh = Math.min(kwh, (vehicle.maxKw - vehicle.row[s]!) * hours[s]!);
    if (v === start) break;
    s = viaSlot[v]!;
    kwh = Math.min(kwh, vehicle.row[s]! * hours[s]!);
  }
  if (kwh <= EPS) return false;
  room[end] = Math.max(0, room[end]! - kwh / hours[end]!);
  for (let s = end; ;) {
    const v = viaVehicle[s]!;
    const vehicle = vehicles[v]!;
    vehicle.row[s] = Math.min(vehicle.maxKw, vehicle.row[s]! + kwh / hours[s]!);
    if (v === start) break;
    s = viaSlot[v]!;
    vehicle.row[s] = Math.max(0, vehicle.row[s]! - kwh / hours[s]!);
  }
  vehicles[start]!.leftKwh -= kwh;
  return true;
}
