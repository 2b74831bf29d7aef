/**
 * Why a request does not fit, and what would (issue 50): the most vehicles the hub could take in the window asked for,
 * and the nearest window (arrival and departure moved together, by whole hours, within the opening) that takes them
 * all. Each answer is the engine's check of the hub's week; a handful of checks at most.
 */
import type { PlanInput } from "~/features/charging-engine";
import { UserError } from "~/lib/user-error";

import { checkWeek, type Demand, type WeekCheck } from "./hub-week";
import {
  describeHours,
  hhmm,
  hoursOf,
  visitsOf,
  windowProblems,
  withinOpening,
  type Opening,
  type VisitWindow,
} from "./visit-window";

/** The hours a window is moved by, nearest first (later before earlier). */
const MOVES = [1, -1, 2, -2, 3, -3, 4, -4];

export function suggestionFor(plan: PlanInput, accepted: Demand[], demand: Demand, opening: Opening): string | null {
  const fits = (d: Demand) => checkWeek(plan, [...accepted, d]).fits;
  // The most vehicles that fit: a binary search (fewer vehicles never fit worse).
  let low = 0;
  let high = demand.vehicles - 1;
  while (low < high) {
    const mid = Math.ceil((low + high) / 2);
    if (fits({ ...demand, vehicles: mid })) low = mid;
    else high = mid - 1;
  }
  const fewer = low > 0 ? `It could take ${low} vehicle${low === 1 ? "" : "s"} in that window` : null;
  let moved: VisitWindow | null = null;
  for (const hours of MOVES) {
    const shift = (m: number) => (((m + hours * 60) % 1440) + 1440) % 1440;
    const window = {
      ...demand.window,
      arriveFrom: shift(demand.window.arriveFrom),
      arriveTo: shift(demand.window.arriveTo),
      departFrom: shift(demand.window.departFrom),
      departTo: shift(demand.window.departTo),
    };
    if (windowProblems(window).length || !withinOpening(window, opening)) continue;
    if (fits({ ...demand, window })) {
      moved = window;
      break;
    }
  }
  const all = demand.vehicles === 1 ? "it" : `all ${demand.vehicles}`;
  // A window of one instant (a single visit) is said as times, not as a range.
  const span = (from: number, to: number) => (from === to ? hhmm(from) : `${hhmm(from)}–${hhmm(to)}`);
  const other = moved
    ? `${all} arriving ${span(moved.arriveFrom, moved.arriveTo)} and leaving ${span(moved.departFrom, moved.departTo)}`
    : null;
  if (fewer && other) return `${fewer}, or ${other}.`;
  if (fewer) return `${fewer}.`;
  if (other) return `It could take ${other}.`;
  return null;
}

/** The full hours that fall in a demand's own visits, in words (all of them when none does). */
export function fullWhen(fullHours: readonly number[], demand: Pick<Demand, "window">): string {
  const own = new Set(visitsOf(demand.window).flatMap(hoursOf));
  const mine = fullHours.filter((h) => own.has(h));
  return describeHours(mine.length ? mine : fullHours);
}

/** Why the hub cannot take a demand, in words: where it is full (the hours of its own visits), and what would fit. */
export function refusal(check: WeekCheck, demand: Demand, suggestion: string | null): UserError {
  const visits = visitsOf(demand.window);
  // The least that must go uncharged, whatever the plan (the maximum flow's answer: a plan's own shortfall can be more
  // than must be), and at most the visits' own energy. The contracts already taken fit without this one.
  const short = Math.min(check.leastShortKwh, demand.vehicles * visits.length * demand.energyKwh);
  const full = fullWhen(check.fullHours, demand);
  const single = demand.vehicles === 1 && visits.length === 1;
  const parts = [
    `The hub cannot take this: ${full ? `it is full ${full}` : `its connection would need ${Math.ceil(check.peakKw)} kW of ${Math.floor(check.limitKw)} kW`}${short >= 1 ? `, and at least ${Math.floor(short).toLocaleString("en-GB")} kWh of ${single ? "the visit" : "the week's visits"} would go uncharged` : ""}.`,
  ];
  if (suggestion) parts.push(suggestion);
  return new UserError(parts.join(" "), { status: 409, code: "hub-full" });
}
