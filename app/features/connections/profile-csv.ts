import { parseCsvRows } from "~/lib/csv";
import { UserError } from "~/lib/user-error";

import {
  clock,
  DAY_TYPES,
  HALF_HOURS,
  MAX_OFFER_KVA,
  SEASONS,
  type DayType,
  type ProfileGrid,
  type Season,
} from "./offer-shape";

/**
 * A profiled connection's capacity, as a network operator's offer states it: rows of
 * `season,days,from,to,kva` — e.g. `winter,weekdays,16:00,20:00,300` — where season is `all`, `winter` or `summer`,
 * days are `all`, `weekdays` or `weekends`, and times are on the half hour (`24:00` ends the day). Each season's
 * day types must be covered from 00:00 to 24:00 with no gap and no overlap, at no negative capacity: anything else is
 * refused with the lines to look at, and nothing is kept.
 */
export const PROFILE_CSV_EXAMPLE = [
  "season,days,from,to,kva",
  "all,weekdays,00:00,16:00,800",
  "all,weekdays,16:00,20:00,300",
  "all,weekdays,20:00,24:00,800",
  "all,weekends,00:00,24:00,800",
].join("\n");

const MAX_ROWS = 400;
const SEASON_WORDS: Record<string, Season[]> = { all: ["winter", "summer"], winter: ["winter"], summer: ["summer"] };
const DAY_WORDS: Record<string, DayType[]> = {
  all: ["weekday", "weekend"],
  weekdays: ["weekday"],
  weekday: ["weekday"],
  weekends: ["weekend"],
  weekend: ["weekend"],
};
const DAY_NAMES: Record<DayType, string> = { weekday: "weekdays", weekend: "weekends" };

type Band = { line: number; from: number; to: number; kva: number };

/** The minute of a "HH:MM" on the half hour, or null. */
function minuteOf(text: string): number | null {
  const match = /^(\d{1,2}):(\d{2})$/.exec(text.trim());
  if (!match) return null;
  const minute = Number(match[1]) * 60 + Number(match[2]);
  return Number(match[2]) % 30 === 0 && minute <= 1440 ? minute : null;
}

export function parseProfileCsv(text: string): ProfileGrid {
  const rows = parseCsvRows(text, { maxRows: MAX_ROWS }).map((cells, index) => ({ cells, line: index + 1 }));
  const body =
    rows.length > 0 && !/^(all|winter|summer)$/i.test(rows[0]!.cells[0]?.trim() ?? "") ? rows.slice(1) : rows;
  if (body.length === 0) throw new UserError("The profile has no rows: give season, days, from, to and kVA on each.");
  const problems: string[] = [];
  const bands = new Map<string, Band[]>();
  for (const { cells, line } of body) {
    if (cells.length < 5) {
      problems.push(`Line ${line}: give season, days, from, to and kVA.`);
      continue;
    }
    const [seasonText, daysText, fromText, toText, kvaText] = cells.map((cell) => cell.trim().toLowerCase());
    const seasons = SEASON_WORDS[seasonText!];
    const days = DAY_WORDS[daysText!];
    const from = minuteOf(fromText!);
    const to = minuteOf(toText!);
    const kva = Number(kvaText);
    if (!seasons) problems.push(`Line ${line}: the season is all, winter or summer, not "${cells[0]}".`);
    else if (!days) problems.push(`Line ${line}: the days are all, weekdays or weekends, not "${cells[1]}".`);
    else if (from === null || to === null)
      problems.push(`Line ${line}: give times on the half hour, as 16:00 or 16:30.`);
    else if (from >= to) problems.push(`Line ${line}: ${clock(from)} is not before ${clock(to)}.`);
    else if (kvaText === "" || !Number.isFinite(kva))
      problems.push(`Line ${line}: the kVA "${cells[4]}" is not a number.`);
    else if (kva < 0) problems.push(`Line ${line}: a capacity cannot be negative (${kva} kVA).`);
    else if (kva > MAX_OFFER_KVA)
      problems.push(`Line ${line}: a capacity is at most ${MAX_OFFER_KVA.toLocaleString("en-GB")} kVA.`);
    else
      for (const season of seasons)
        for (const day of days) {
          const key = `${season} ${day}`;
          bands.set(key, [...(bands.get(key) ?? []), { line, from, to, kva }]);
        }
  }
  if (problems.length === 0) problems.push(...coverage(bands));
  if (problems.length > 0) throw new UserError(`The profile was not taken. ${problems.slice(0, 6).join(" ")}`);
  const grid = {} as ProfileGrid;
  for (const season of SEASONS) {
    grid[season] = {} as Record<DayType, number[]>;
    for (const day of DAY_TYPES) {
      const values = new Array<number>(HALF_HOURS).fill(0);
      for (const band of bands.get(`${season} ${day}`)!)
        for (let h = band.from / 30; h < band.to / 30; h++) values[h] = band.kva;
      grid[season][day] = values;
    }
  }
  return grid;
}

/** Gaps and overlaps in each season's day types, named with their times and lines. */
function coverage(bands: Map<string, Band[]>): string[] {
  const problems: string[] = [];
  for (const season of SEASONS)
    for (const day of DAY_TYPES) {
      const name = `${season[0]!.toUpperCase()}${season.slice(1)} ${DAY_NAMES[day]}`;
      const list = [...(bands.get(`${season} ${day}`) ?? [])].sort((a, b) => a.from - b.from || a.line - b.line);
      if (list.length === 0) {
        problems.push(`${name}: no capacity is given (use "all" for a season or days that do not differ).`);
        continue;
      }
      let reached = 0;
      let last: Band | null = null;
      for (const band of list) {
        if (band.from > reached) problems.push(`${name}: nothing from ${clock(reached)} to ${clock(band.from)}.`);
        else if (band.from < reached && last)
          problems.push(
            `${name}: ${clock(band.from)}–${clock(band.to)} (line ${band.line}) overlaps ${clock(last.from)}–${clock(last.to)} (line ${last.line}).`,
          );
        if (band.to > reached) {
          reached = band.to;
          last = band;
        }
      }
      if (reached < 1440) problems.push(`${name}: nothing from ${clock(reached)} to 24:00.`);
    }
  return problems;
}

/** The grid as the CSV the form takes (one row per run of equal half hours), so a saved profile can be edited. */
export function profileToCsv(grid: ProfileGrid): string {
  const lines = ["season,days,from,to,kva"];
  for (const season of SEASONS)
    for (const day of DAY_TYPES) {
      const values = grid[season][day];
      let start = 0;
      for (let h = 1; h <= HALF_HOURS; h++)
        if (h === HALF_HOURS || values[h] !== values[start]) {
          lines.push(`${season},${DAY_NAMES[day]},${clock(start * 30)},${clock(h * 30)},${values[start]}`);
          start = h;
        }
    }
  return lines.join("\n");
}
