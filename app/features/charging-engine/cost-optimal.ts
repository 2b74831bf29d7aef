import { chainAfter, chainFrom, fullDepartures, type Chain } from "./chain";
import { balancedPower, speedLimitedCaps } from "./curve";
import { clearSchedule, emptySchedule, type Schedule } from "./schedule";
import type { Stay, Vehicle } from "./stays";

const EPS = 1e-9;

/**
 * Each stay's energy goes into the cheapest steps of its stay (earliest
 * departure first), within the connection. With a charging curve, the limits
 * come from a speed the stay charges at most at (speedLimitedCaps): the
 * fastest, the balanced one and one between are tried, and the stay keeps
 * whichever delivers most, then costs least. State of charge carries from
 * stay to stay: after a pass, stays that left short make the next stay's
 * need larger, and the pass runs again (at most `maxRounds` times).
 */
export function costOptimal(
  stays: Stay[],
  vehicles: Vehicle[],
  steps: number,
  dt: number,
  headroom: number[],
  price: number[],
  maxRounds: number,
  schedule: Schedule = emptySchedule(stays),
): { schedule: Schedule; chain: Chain } {
  let chain = chainFrom(stays, fullDepartures(stays));
  // One schedule, written again by each round (a year of a fleet's is some 20 MB).
  for (let round = 0; round < maxRounds; round++) {
    pass(stays, chain, steps, dt, headroom, price, schedule);
    if (round === maxRounds - 1) break;
    const next = chainAfter(stays, vehicles, chain, schedule, dt);
    const changed = next.needKwh.some((kwh, i) => Math.abs(kwh - chain.needKwh[i]!) > 1e-6);
    if (!changed) break;
    chain = next;
  }
  return { schedule, chain };
}

/** One pass over the stays, written into `schedule` (cleared first). */
function pass(
  stays: Stay[],
  chain: Chain,
  steps: number,
  dt: number,
  headroom: number[],
  price: number[],
  schedule: Schedule,
): void {
  clearSchedule(schedule);
  const load = new Array<number>(steps).fill(0);
  const ranks = priceRanks(price);
  const order = stays
    .map((_, i) => i)
    .sort((a, b) => stays[a]!.start + stays[a]!.length - (stays[b]!.start + stays[b]!.length));
  // Scratch rows, reused from stay to stay: the limits at a speed, the best fill so far and the one being tried.
  let longest = 0;
  for (const s of stays) longest = Math.max(longest, s.length);
  const caps = new Float64Array(longest);
  const offsets = new Int32Array(longest);
  const counts = new Int32Array(ranks.count + 1);
  let bestKw = new Float64Array(longest);
  let optionKw = new Float64Array(longest);
  for (const i of order) {
    const s = stays[i]!;
    const need = chain.needKwh[i]!;
    if (!s.charger || need <= EPS) continue;
    cheapestFirst(s.start, s.length, ranks, steps, offsets, counts);
    const arrival = chain.arrivalKwh[i]!;
    const speeds = [s.capKw];
    if (s.curve) {
      const balanced = balancedPower(s, arrival, need, s.length, dt);
      speeds.push(balanced, Math.sqrt(balanced * s.capKw));
    }
    let bestDelivered = -Infinity;
    let bestCost = Infinity;
    for (const speed of speeds) {
      speedLimitedCaps(s, arrival, s.targetKwh, s.length, dt, speed, caps);
      optionKw.fill(0, 0, s.length);
      let remaining = need;
      let cost = 0;
      for (let n = 0; n < s.length && remaining > EPS; n++) {
        const k = offsets[n]!;
        const t = (s.start + k) % steps;
        const p = Math.min(caps[k]!, remaining / dt, Math.max(0, headroom[t]! - load[t]!));
        if (p <= EPS) continue;
        optionKw[k] = p;
        remaining -= p * dt;
        cost += p * price[t]!;
      }
      const deliveredKwh = need - remaining;
      if (deliveredKwh > bestDelivered + 1e-6 || (deliveredKwh > bestDelivered - 1e-6 && cost < bestCost - 1e-9)) {
        const kept = bestKw;
        bestKw = optionKw;
        optionKw = kept;
        bestDelivered = deliveredKwh;
        bestCost = cost;
      }
    }
    const row = schedule[i]!;
    for (let k = 0; k < s.length; k++) {
      const p = bestKw[k]!;
      row[k] = p;
      load[(s.start + k) % steps]! += p;
    }
  }
}

/** Each step's price as its rank among the tariff's few distinct prices (0 the cheapest), and how many there are. */
function priceRanks(price: number[]): { rank: Int32Array; count: number } {
  const distinct = [...new Set(price)].sort((a, b) => a - b);
  const index = new Map(distinct.map((p, r) => [p, r]));
  return { rank: Int32Array.from(price, (p) => index.get(p)!), count: distinct.length };
}

/**
 * A stay's offsets cheapest first, earlier first at equal prices: a counting
 * sort on the price ranks (a year's plan sorts tens of thousands of stays,
 * several times; a tariff has a handful of prices), written into `offsets`
 * (`next` is the sort's scratch).
 */
function cheapestFirst(
  start: number,
  length: number,
  ranks: { rank: Int32Array; count: number },
  steps: number,
  offsets: Int32Array,
  next: Int32Array,
): void {
  next.fill(0);
  for (let k = 0; k < length; k++) next[ranks.rank[(start + k) % steps]! + 1]! += 1;
  for (let r = 1; r <= ranks.count; r++) next[r]! += next[r - 1]!;
  for (let k = 0; k < length; k++) offsets[next[ranks.rank[(start + k) % steps]!]!++] = k;
}
