/**
 * When a contract's vehicles visit a hub (issue 50): on some days of the week, arriving within one window and leaving
 * within another. Times are minutes after midnight on a quarter-hour; a departure at or before the arrival window's
 * end is the next morning (an overnight visit). The check plans the worst case the contract allows: each vehicle
 * arriving at the end of its arrival window and leaving at the start of its departure window (the shortest stay).
 * Browser-safe: the form mirrors these rules, the server decides with them.
 */
import { z } from "zod";

export const DAY_NAMES = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"] as const;
export const WEEK_MINUTES = 7 * 1440;
/** The shortest stay a contract may plan for (a charger is hardly worth a shorter one). */
export const SHORTEST_STAY_MINUTES = 30;

export type VisitWindow = {
  days: number[];
  arriveFrom: number;
  arriveTo: number;
  departFrom: number;
  departTo: number;
};

/** "HH:MM" on a quarter hour, to minutes after midnight ("24:00" is not a time; an overnight visit wraps). */
export const quarterHour = z
  .string()
  .trim()
  .regex(/^([01]\d|2[0-3]):(00|15|30|45)$/, "Give a time on the quarter hour, as HH:MM (24-hour).")
  .transform((value) => Number(value.slice(0, 2)) * 60 + Number(value.slice(3, 5)));

export const hhmm = (minutes: number) =>
  `${String(Math.floor((minutes % 1440) / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;

/** Minutes from `from` forward to `to` on the clock (0 to 1,439). */
const forward = (from: number, to: number) => (((to - from) % 1440) + 1440) % 1440;

/** The window's shortest stay (minutes): from the latest arrival to the earliest departure, overnight if it wraps. */
export function shortestStay(w: Pick<VisitWindow, "arriveTo" | "departFrom">): number {
  const stay = forward(w.arriveTo, w.departFrom);
  return stay === 0 ? 1440 : stay;
}

/** What is wrong with a window, by field, or nothing: the rules every contract and booking keeps. */
export function windowProblems(w: VisitWindow): { field: keyof VisitWindow; message: string }[] {
  const problems: { field: keyof VisitWindow; message: string }[] = [];
  if (w.days.length === 0) problems.push({ field: "days", message: "Choose at least one day of the week." });
  const arriving = forward(w.arriveFrom, w.arriveTo);
  const departing = forward(w.departFrom, w.departTo);
  // Each window is at most 12 hours, so which end comes first is never in doubt.
  if (arriving > 12 * 60) problems.push({ field: "arriveTo", message: "The arrival window can be at most 12 hours." });
  if (departing > 12 * 60)
    problems.push({ field: "departTo", message: "The departure window can be at most 12 hours." });
  const stay = shortestStay(w);
  // The departure window must start after the arrival window ends (a vehicle leaves after it comes), within a day.
  if (forward(w.arriveFrom, w.departFrom) < arriving || stay < SHORTEST_STAY_MINUTES)
    problems.push({
      field: "departFrom",
      message: `Departures must start at least ${SHORTEST_STAY_MINUTES} minutes after the last arrival.`,
    });
  else if (stay + departing > 24 * 60)
    problems.push({ field: "departTo", message: "A visit must end within a day of its arrival." });
  return problems;
}

/**
 * Each visit of one vehicle in the week, as [arrival, departure) in minutes from Monday 00:00 (the departure may pass
 * the week's end: the week repeats).
 */
export function visitsOf(w: VisitWindow): { arrive: number; leave: number }[] {
  const stay = shortestStay(w);
  return [...new Set(w.days)]
    .sort((a, b) => a - b)
    .map((day) => ({ arrive: day * 1440 + w.arriveTo, leave: day * 1440 + w.arriveTo + stay }));
}

/** The hours of the week (0 = Monday 00:00–01:00) a visit's stay covers in part. */
export function hoursOf(visit: { arrive: number; leave: number }): number[] {
  const hours: number[] = [];
  for (let h = Math.floor(visit.arrive / 60); h * 60 < visit.leave; h++) hours.push(h % 168);
  return hours;
}

/** When a hub is open: on these days, from and to (to <= from runs past midnight; from = to is all day). */
export type Opening = { days: number[]; from: number; to: number };

/** Whether every visit of the window falls within the hub's opening (a visit from its first arrival to its last departure). */
export function withinOpening(w: VisitWindow, opening: Opening): boolean {
  const allDay = opening.from === opening.to;
  if (allDay && opening.days.length === 7) return true;
  const open = allDay ? 1440 : forward(opening.from, opening.to);
  const visit = forward(w.arriveFrom, w.arriveTo) + shortestStay(w) + forward(w.departFrom, w.departTo);
  return w.days.every((day) => {
    // The opening that starts on the visit's day, or (an overnight one) the day before.
    const starts = [day, (day + 6) % 7].filter((d) => opening.days.includes(d));
    return starts.some((d) => {
      const from = d * 1440 + opening.from;
      let arrive = day * 1440 + w.arriveFrom;
      if (arrive < from) arrive += d === day ? 0 : WEEK_MINUTES;
      return arrive >= from && arrive + visit <= from + open;
    });
  });
}

/** Hours of the week as runs: "Mon 18:00–Tue 06:00, Sat 09:00–10:00". */
export function describeHours(hours: readonly number[]): string {
  const set = new Set(hours);
  const runs: [number, number][] = [];
  for (let h = 0; h < 168; h++)
    if (set.has(h) && !set.has((h + 167) % 168)) {
      let end = h;
      while (set.has((end + 1) % 168) && end - h < 167) end++;
      runs.push([h, end + 1]);
    }
  if (!runs.length && set.size === 168) return "all week";
  const day = (hour: number) => DAY_NAMES[Math.floor(hour / 24) % 7];
  const at = (hour: number) => `${day(hour)} ${hhmm((hour % 24) * 60)}`;
  // The end's day is said only when it is another day ("Tue 06:00–07:00", "Sun 23:00–Mon 02:00").
  return runs
    .map(([from, to]) => `${at(from)}–${day(to - 1) === day(from) && to % 24 !== 0 ? hhmm((to % 24) * 60) : at(to)}`)
    .join(", ");
}

/** "Mon–Fri, arriving 18:00–19:00, leaving 05:00–06:00" */
export function describeWindow(w: VisitWindow): string {
  const days = [...w.days].sort((a, b) => a - b);
  const run = days.length > 2 && days.every((d, i) => i === 0 || d === days[i - 1]! + 1);
  const dayText = run
    ? `${DAY_NAMES[days[0]!]}–${DAY_NAMES[days[days.length - 1]!]}`
    : days.map((d) => DAY_NAMES[d]).join(", ");
  return `${dayText}, arriving ${hhmm(w.arriveFrom)}–${hhmm(w.arriveTo)}, leaving ${hhmm(w.departFrom)}–${hhmm(w.departTo)}`;
}
