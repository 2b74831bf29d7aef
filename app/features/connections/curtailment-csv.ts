import { DateTime } from "luxon";

import { parseCsvRows } from "~/lib/csv";
import { UK_ZONE } from "~/lib/uk-dates";
import { UserError } from "~/lib/user-error";

import { clock, type CurtailmentEvent } from "./offer-shape";

/**
 * A flexible connection's curtailment record, as a network operator's export gives it: rows of `start,end,kva` —
 * when the non-firm part was cut and by how much (blank: all of it). Times carry their zone (`Z` or an offset such
 * as `+01:00`): a time without one is refused rather than guessed, as an hour either side of a clock change would
 * be wrong. Repeated or overlapping events, an end not after its start, or a cut above the non-firm part are
 * refused with their lines, and nothing is kept.
 */
export const CURTAILMENT_CSV_EXAMPLE = [
  "start,end,kva",
  "2025-12-01T16:30:00Z,2025-12-01T19:00:00Z,500",
  "2026-01-14T17:00:00Z,2026-01-14T18:30:00Z,",
].join("\n");

export const MAX_CURTAILMENT_EVENTS = 20_000;
/** A single event longer than this is more likely a typing error than a cut. */
const MAX_EVENT_DAYS = 7;
const ZONED = /(Z|[+-]\d{2}:?\d{2})$/i;

function instant(text: string): DateTime | null {
  const trimmed = text.trim();
  if (!ZONED.test(trimmed)) return null;
  const time = DateTime.fromISO(trimmed, { setZone: true });
  return time.isValid ? time.toUTC() : null;
}

export function parseCurtailmentCsv(text: string, nonFirmKva: number): CurtailmentEvent[] {
  const rows = parseCsvRows(text, { maxRows: MAX_CURTAILMENT_EVENTS + 1 }).map((cells, index) => ({
    cells,
    line: index + 1,
  }));
  const body = rows.length > 0 && /^start$/i.test(rows[0]!.cells[0]?.trim() ?? "") ? rows.slice(1) : rows;
  const problems: string[] = [];
  const events: (CurtailmentEvent & { line: number; from: number; to: number })[] = [];
  for (const { cells, line } of body) {
    const [startText = "", endText = "", kvaText = ""] = cells;
    const start = instant(startText);
    const end = instant(endText);
    const kva = kvaText.trim() === "" ? nonFirmKva : Number(kvaText);
    if (!start || !end) {
      const which = start ? endText : startText;
      problems.push(
        ZONED.test(which.trim())
          ? `Line ${line}: "${which}" is not a date and time.`
          : `Line ${line}: give each time with its zone, as 2025-12-01T16:30:00Z or 2025-07-01T17:00:00+01:00.`,
      );
    } else if (end <= start) problems.push(`Line ${line}: the end is not after the start.`);
    else if (end.diff(start, "days").days > MAX_EVENT_DAYS)
      problems.push(`Line ${line}: an event of more than ${MAX_EVENT_DAYS} days; check its dates.`);
    else if (!Number.isFinite(kva) || kva <= 0) problems.push(`Line ${line}: the kVA cut must be a number above 0.`);
    else if (kva > nonFirmKva + 1e-9)
      problems.push(
        `Line ${line}: cuts ${kva.toLocaleString("en-GB")} kVA, more than the non-firm ${nonFirmKva.toLocaleString("en-GB")} kVA.`,
      );
    else
      events.push({ line, start: start.toISO()!, end: end.toISO()!, kva, from: start.toMillis(), to: end.toMillis() });
  }
  events.sort((a, b) => a.from - b.from || a.line - b.line);
  for (let i = 1; i < events.length; i++) {
    const [before, event] = [events[i - 1]!, events[i]!];
    if (event.from === before.from && event.to === before.to)
      problems.push(`Line ${event.line} repeats line ${before.line}.`);
    else if (event.from < before.to) problems.push(`Line ${event.line} overlaps line ${before.line}.`);
  }
  if (problems.length > 0)
    throw new UserError(`The curtailment record was not taken. ${problems.slice(0, 6).join(" ")}`);
  if (events.length === 0) throw new UserError("The curtailment record has no events.");
  return events.map(({ start, end, kva }) => ({ start, end, kva }));
}

/**
 * A record made from an estimate: `hours` a year of the non-firm part cut from `from` to `to` (minutes after
 * midnight, UK time), as whole windows on winter weekdays (November to March, when networks are most loaded) spread
 * evenly from 1 November of `winterOf`. A planner's estimate, said so wherever it is shown.
 */
export function estimatedCurtailment(
  estimate: { hoursPerYear: number; from: number; to: number },
  nonFirmKva: number,
  winterOf: number,
): CurtailmentEvent[] {
  const windowHours = (estimate.to - estimate.from) / 60;
  if (!(windowHours > 0)) throw new UserError(`The window ${clock(estimate.from)}–${clock(estimate.to)} is empty.`);
  const weekdays: DateTime[] = [];
  for (
    let day = DateTime.fromObject({ year: winterOf, month: 11, day: 1 }, { zone: UK_ZONE });
    day.month >= 11 || day.month <= 3;
    day = day.plus({ days: 1 })
  )
    if (day.weekday <= 5) weekdays.push(day);
  const windows = Math.min(weekdays.length, Math.ceil(estimate.hoursPerYear / windowHours - 1e-9));
  return Array.from({ length: windows }, (_, i) => {
    const day = weekdays[Math.floor((i * weekdays.length) / windows)]!;
    return {
      start: day.plus({ minutes: estimate.from }).toUTC().toISO()!,
      end: day.plus({ minutes: estimate.to }).toUTC().toISO()!,
      kva: nonFirmKva,
    };
  });
}
