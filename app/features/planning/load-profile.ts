import type { LoadProfile } from "~/features/charging-engine";
import { parseCsvRows } from "~/lib/csv";
import { UserError } from "~/lib/user-error";

const MAX_ROWS = 366 * 24 * 12; // a year at 5-minute readings

function kwFrom(cell: string | undefined, row: number): number {
  const value = Number(String(cell ?? "").trim());
  if (String(cell ?? "").trim() === "" || !Number.isFinite(value))
    throw new UserError(`Row ${row}: "${String(cell ?? "").slice(0, 40)}" is not a number of kW`);
  if (value < 0) throw new UserError(`Row ${row}: the load cannot be negative`);
  if (value > 1_000_000) throw new UserError(`Row ${row}: ${value} kW is not a building's load`);
  return value;
}

export function parseLoadProfile(text: string): LoadProfile {
  // One more than MAX_ROWS for a header row. A file CSV cannot read is a UserError already.
  const rows = parseCsvRows(text, { maxRows: MAX_ROWS + 1 }).filter((row) => row.some((cell) => cell.trim() !== ""));
  // A header row is any first row whose last cell is not a number.
  const body = rows.length > 0 && !Number.isFinite(Number(rows[0]!.at(-1)?.trim())) ? rows.slice(1) : rows;
  if (body.length === 0) throw new UserError("The file has no rows of load values");
  if (body.length > MAX_ROWS)
    throw new UserError(`The file has ${body.length} rows; at most ${MAX_ROWS} (a year of 5-minute readings) are read`);
  const firstCell = body[0]![0]!.trim();
  const timestamped = body[0]!.length >= 2 && Number.isNaN(Number(firstCell)) && !Number.isNaN(Date.parse(firstCell));
  if (!timestamped) {
    if (body.length !== 24) throw new UserError(`A typical day needs 24 hourly values; the file has ${body.length}`);
    return { kind: "daily", hourlyKw: body.map((row, i) => kwFrom(row.at(-1), i + 1)) };
  }
  const times = body.map((row, i) => {
    const time = Date.parse(row[0]!.trim());
    if (Number.isNaN(time)) throw new UserError(`Row ${i + 1}: "${row[0]!.slice(0, 40)}" is not a date and time`);
    return time;
  });
  if (times.length < 2) throw new UserError("A series needs at least two readings");
  const interval = times[1]! - times[0]!;
  if (interval <= 0 || interval % 60_000 !== 0)
    throw new UserError("Readings must be in time order, a whole number of minutes apart");
  for (let i = 2; i < times.length; i++) {
    if (times[i]! - times[i - 1]! !== interval)
      throw new UserError(`Row ${i + 1}: readings must be evenly spaced (${interval / 60_000} minutes apart)`);
  }
  return {
    kind: "series",
    start: new Date(times[0]!).toISOString(),
    intervalMinutes: interval / 60_000,
    kw: body.map((row, i) => kwFrom(row[1], i + 1)),
  };
}
