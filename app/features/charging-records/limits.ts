/**
 * A charger's limits over time, as a schedule sent to it holds them
 * (decisions 032 and 035): what it may draw at an instant, over a stretch,
 * and how two schedules compare and combine. Pure; the live controller's
 * plan (schedule-ahead.ts), the sharing between processes (allocate.ts) and
 * the changes sent (profile-changes.ts) all read limits through these.
 */

/** A charger's limit from `from` until the next segment (the last one until the schedule's end). */
export type Segment = { from: number; kw: number };

const EPS = 1e-9;

/** A charger's limits over time: its segments, and when they end (after which its 0 W default applies). */
export type Limits = { segments: Segment[]; until: number };

/** The limit at an instant (0 before the first segment and from `until` on). */
export function limitAt(limits: Limits, at: number): number {
  if (at >= limits.until) return 0;
  let kw = 0;
  for (const segment of limits.segments) {
    if (segment.from > at) break;
    kw = segment.kw;
  }
  return kw;
}

/** The most a charger holding `limits` may draw between `from` and `to`. */
export function maxOver(limits: Limits, from: number, to: number): number {
  let kw = limitAt(limits, from);
  for (const segment of limits.segments)
    if (segment.from > from && segment.from < to && segment.from < limits.until) kw = Math.max(kw, segment.kw);
  return kw;
}

/** The energy a charger holding `limits` may take between `from` and `to` (kWh): each segment's power over its part. */
export function kwhBetween(limits: Limits, from: number, to: number): number {
  const edges = [from, ...limits.segments.map((s) => s.from).filter((t) => t > from && t < to), to];
  if (limits.until > from && limits.until < to) edges.push(limits.until);
  edges.sort((x, y) => x - y);
  let kwh = 0;
  for (let i = 0; i + 1 < edges.length; i++)
    kwh += (limitAt(limits, edges[i]!) * (edges[i + 1]! - edges[i]!)) / 3_600_000;
  return kwh;
}

const edgesOf = (a: Limits, b: Limits, at: number) =>
  [...new Set([at, a.until, b.until, ...a.segments.map((s) => s.from), ...b.segments.map((s) => s.from)])]
    .filter((t) => t >= at)
    .sort((x, y) => x - y);

/** `pick` of a and b at every instant from `at`, until the later of their ends. */
function combined(a: Limits, b: Limits, at: number, pick: (x: number, y: number) => number, until: number): Limits {
  const segments: Segment[] = [];
  for (const from of edgesOf(a, b, at)) {
    if (from >= until) break;
    const kw = pick(limitAt(a, from), limitAt(b, from));
    if (!segments.length || segments[segments.length - 1]!.kw !== kw) segments.push({ from, kw });
  }
  return { segments, until };
}

/** min(a, b) at every instant from `at` (for a change that lowers a limit somewhere and raises it elsewhere). */
export const lowerOf = (a: Limits, b: Limits, at: number): Limits =>
  combined(a, b, at, Math.min, Math.min(a.until, b.until));

/** max(a, b) at every instant from `at`: what a charger may draw while it changes from one to the other. */
export const upperOf = (a: Limits, b: Limits, at: number): Limits =>
  combined(a, b, at, Math.max, Math.max(a.until, b.until));

/** Whether `next` is nowhere above `previous` from `at` on: such a change may go out at once. */
export function nowhereHigher(next: Limits, previous: Limits, at: number): boolean {
  return edgesOf(next, previous, at).every((t) => limitAt(next, t) <= limitAt(previous, t) + EPS);
}

/**
 * Whether two limits differ anywhere from `at` on by `byKw` or more (or at all where `next` is lower); raises
 * only before `raisesBefore` (a schedule is sent again long before a raise far ahead comes round).
 */
export function differ(next: Limits, previous: Limits, at: number, byKw: number, raisesBefore = Infinity): boolean {
  return edgesOf(next, previous, at).some((t) => {
    const change = limitAt(next, t) - limitAt(previous, t);
    return change < -EPS || (change >= byKw && t < raisesBefore);
  });
}

/** The next stretch from `at` in which a charger holding `limits` may charge (above 0), with the most it may draw then; null when none. */
export function nextCharging(limits: Limits, at: number): { from: number; to: number; kw: number } | null {
  const edges = [at, ...limits.segments.map((s) => s.from).filter((t) => t > at && t < limits.until)];
  let from = NaN;
  let most = 0;
  for (const t of edges) {
    const kw = limitAt(limits, t);
    if (kw > EPS) {
      if (Number.isNaN(from)) from = t;
      most = Math.max(most, kw);
    } else if (!Number.isNaN(from)) return { from, to: t, kw: most };
  }
  return Number.isNaN(from) ? null : { from, to: limits.until, kw: most };
}
