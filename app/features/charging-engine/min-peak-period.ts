/**
 * A plan made of weeks that repeat (the same duty every week, the same
 * building load) has a lowest peak that one week alone already gives: any
 * plan for the whole cycle, averaged over its weeks shifted onto each other,
 * is a plan too (every limit holds for the average) with a peak no higher,
 * and it repeats week by week. So the week is solved on its own, cycling
 * onto itself, and its schedule repeated: the same lowest peak, exactly,
 * from a flow a fifty-second the size for a year (decision 044).
 */

type Stay = { start: number; length: number; key: string };

export type RepeatingPart = {
  /** The stays that start in the first period (indices into the stays), to be solved with `steps` of the period. */
  group: number[];
  steps: number;
  building: number[];
  /** The connection's most at each step of the period over the cycle's periods, and its least (the same array where it repeats). */
  limit: number[];
  limitLeast: number[];
  /** How many periods the cycle holds. */
  times: number;
  /** Each later stay, with the stay of the first period whose schedule it repeats. */
  copies: [number, number][];
};

/**
 * The shortest period (a day, then a week) that the group and the building
 * both repeat in, or null: every stay has its like (same key) one period
 * later, as many times over, the building's load and the connection's limit
 * are the same one period later, and no stay is longer than the period (it would overlap itself).
 */
export function repeatingPart(
  group: number[],
  stays: Stay[],
  site: { steps: number; dt: number; building: number[]; limit: number[] },
): RepeatingPart | null {
  const perDay = Math.round(24 / site.dt);
  for (const period of [perDay, 7 * perDay]) {
    if (period >= site.steps || site.steps % period !== 0) continue;
    const part = repeatsEvery(period, group, stays, site.steps, site.building, site.limit);
    if (part) return part;
  }
  return null;
}

function repeatsEvery(
  period: number,
  group: number[],
  stays: Stay[],
  steps: number,
  building: number[],
  limit: number[],
): RepeatingPart | null {
  for (let t = 0; t + period < steps; t++) if (building[t] !== building[t + period]) return null;
  // The limit need not repeat (minimumPeak solves the period on its most and its least): each step's across periods.
  const most = limit.slice(0, period);
  let least = most;
  for (let t = period; t < steps; t++)
    if (limit[t] !== limit[t % period]) {
      if (least === most) least = most.slice();
      most[t % period] = Math.max(most[t % period]!, limit[t]!);
      least[t % period] = Math.min(least[t % period]!, limit[t]!);
    }
  // Each key as a number, and each (start, key) as start × keys + key: a year asks this of some 28,000 stays.
  const ids = new Map<string, number>();
  const keyOf = new Int32Array(group.length);
  group.forEach((i, n) => {
    let id = ids.get(stays[i]!.key);
    if (id === undefined) ids.set(stays[i]!.key, (id = ids.size));
    keyOf[n] = id;
  });
  const keys = ids.size;
  const count = new Map<number, number>();
  for (let n = 0; n < group.length; n++) {
    const s = stays[group[n]!]!;
    if (s.length > period) return null;
    const at = s.start * keys + keyOf[n]!;
    count.set(at, (count.get(at) ?? 0) + 1);
  }
  const first = new Map<number, number>();
  const part: RepeatingPart = {
    group: [],
    steps: period,
    building: building.slice(0, period),
    limit: most,
    limitLeast: least,
    times: steps / period,
    copies: [],
  };
  for (let n = 0; n < group.length; n++) {
    const s = stays[group[n]!]!;
    const at = s.start * keys + keyOf[n]!;
    if (count.get(((s.start + period) % steps) * keys + keyOf[n]!) !== count.get(at)) return null;
    if (s.start < period) {
      part.group.push(group[n]!);
      if (!first.has(at)) first.set(at, group[n]!);
    }
  }
  for (let n = 0; n < group.length; n++) {
    const s = stays[group[n]!]!;
    if (s.start >= period) part.copies.push([group[n]!, first.get((s.start % period) * keys + keyOf[n]!)!]);
  }
  return part;
}
