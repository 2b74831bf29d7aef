import { Readable } from "node:stream";
import ExcelJS from "exceljs";

import { CSV_TOO_LONG, eachCsvRow } from "~/lib/csv";
import { UserError } from "~/lib/user-error";

import { MAX_TRIP_ROWS, MAX_XLSX_MB } from "./limits";

export { MAX_TRIP_FILE_MB, MAX_TRIP_ROWS } from "./limits";

/** A trip export as text cells: the header row, then each row with its line (or sheet row) number in the file. */
export type TripTable = { headers: string[]; rows: { line: number; cells: string[] }[] };

const XLSX_MAGIC = [0x50, 0x4b, 0x03, 0x04];

/** Where a reading sends the file: its header row, then each non-empty row with its row number in the file. */
export type RowSink = { headers: (cells: string[]) => void; row: (line: number, cells: string[]) => void };

/**
 * Reads a CSV (papaparse, through lib/csv) or an XLSX workbook's first sheet
 * (exceljs) into text cells, row by row, so a year of trips is never held as
 * a table of strings. Dates in a workbook are written out as the clock time
 * they show (an Excel date has no time zone), for the trip parser to read as
 * UK local time like a CSV's. Empty rows are skipped; row numbers stay the
 * file's, so a problem can be found in the file.
 */
export async function readTripRows(bytes: Uint8Array, fileName: string, sink: RowSink): Promise<void> {
  const isXlsx = XLSX_MAGIC.every((byte, i) => bytes[i] === byte);
  if (isXlsx) return readXlsx(bytes, sink);
  if (/\.xlsx?$/i.test(fileName)) throw new UserError("The workbook could not be read: save it as .xlsx or .csv.");
  readCsv(new TextDecoder("utf-8").decode(bytes), sink);
}

/** The whole file as a table (tests, and files known to be small). */
export async function readTripTable(bytes: Uint8Array, fileName: string): Promise<TripTable> {
  const table: TripTable = { headers: [], rows: [] };
  await readTripRows(bytes, fileName, {
    headers: (cells) => (table.headers = cells),
    row: (line, cells) => table.rows.push({ line, cells }),
  });
  return table;
}

const blank = (cells: string[]) => cells.every((cell) => cell.trim() === "");

function readCsv(text: string, sink: RowSink): void {
  let seenHeaders = false;
  try {
    // Blank lines kept, so a record's place is its row number as a spreadsheet shows the file.
    eachCsvRow(
      text,
      (cells, index) => {
        if (blank(cells)) return;
        if (!seenHeaders) {
          seenHeaders = true;
          sink.headers(cells.map((h) => h.trim()));
        } else sink.row(index + 1, cells);
      },
      { maxRows: MAX_TRIP_ROWS + 1, keepBlankLines: true },
    );
  } catch (error) {
    if (error instanceof UserError && error.code === CSV_TOO_LONG)
      throw new UserError(`The file has more than ${MAX_TRIP_ROWS.toLocaleString("en-GB")} trips; split it by date.`);
    throw error;
  }
}

/**
 * The first sheet, streamed row by row (exceljs's WorkbookReader) and stopped
 * at the row limit, so a workbook that unpacks to far more than its file size
 * is refused before it is held in memory.
 */
async function readXlsx(bytes: Uint8Array, sink: RowSink): Promise<void> {
  if (bytes.length > MAX_XLSX_MB * 1024 * 1024)
    throw new UserError(`The workbook is larger than ${MAX_XLSX_MB} MB: save it as .csv, or split it by date.`);
  let seenHeaders = false;
  let rows = 0;
  try {
    const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from(Buffer.from(bytes)), {
      worksheets: "emit",
      sharedStrings: "cache",
      // Styles tell a date cell from a number.
      styles: "cache",
      hyperlinks: "ignore",
      entries: "ignore",
    });
    for await (const sheet of reader) {
      for await (const row of sheet) {
        const values = (row.values as unknown[]).slice(1).map(cellText);
        if (blank(values)) continue;
        if (!seenHeaders) {
          seenHeaders = true;
          sink.headers(values.map((v) => v.trim()));
        } else if (++rows > MAX_TRIP_ROWS)
          throw new UserError(
            `The sheet has more than ${MAX_TRIP_ROWS.toLocaleString("en-GB")} trips; split it by date.`,
          );
        else sink.row(row.number, values);
      }
      break;
    }
  } catch (error) {
    if (error instanceof UserError) throw error;
    throw new UserError("The workbook could not be read: it is damaged, or not an .xlsx file.");
  }
}

function cellText(value: unknown): string {
  if (value === null || value === undefined) return "";
  if (value instanceof Date) {
    // The wall-clock time the cell shows (exceljs reads Excel's zone-less serial as UTC).
    const pad = (n: number) => String(n).padStart(2, "0");
    return `${value.getUTCFullYear()}-${pad(value.getUTCMonth() + 1)}-${pad(value.getUTCDate())} ${pad(value.getUTCHours())}:${pad(value.getUTCMinutes())}:${pad(value.getUTCSeconds())}`;
  }
  if (typeof value === "object") {
    const v = value as { result?: unknown; text?: unknown; richText?: { text: string }[] };
    if (v.richText) return v.richText.map((part) => part.text).join("");
    if (v.text !== undefined) return String(v.text);
    if (v.result !== undefined) return cellText(v.result);
    return "";
  }
  return String(value);
}
