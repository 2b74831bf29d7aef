import { createReadStream } from "node:fs";
import { open } from "node:fs/promises";
import { Readable } from "node:stream";

import { CSV_TOO_LONG, eachCsvRow } from "~/lib/csv";
import { UserError } from "~/lib/user-error";

import { MAX_TRIP_ROWS, MAX_XLSX_MB } from "./limits";

/** A trip export as text cells: the header row, then each row with its line (or sheet row) number in the file. */
export type TripTable = { headers: string[]; rows: { line: number; cells: string[] }[] };

const XLSX_MAGIC = [0x50, 0x4b, 0x03, 0x04];

/** Where a reading sends the file: its header row, then each non-empty row with its row number in the file. */
export type RowSink = { headers: (cells: string[]) => void; row: (line: number, cells: string[]) => void };

/** A trip export: a file on disk (an upload, as the server passes it to the background process) or its bytes (tests). */
export type TripSource = { fileName: string } & ({ path: string } | { bytes: Uint8Array });

/**
 * Reads a CSV (papaparse, through lib/csv) or an XLSX workbook's first sheet
 * (exceljs) into text cells, row by row from a stream, so a year of trips is
 * never held as a string or a table. Dates in a workbook are written out as
 * the clock time they show (an Excel date has no time zone), for the trip
 * parser to read as UK local time like a CSV's. Empty rows are skipped; row
 * numbers stay the file's, so a problem can be found in the file.
 */
export async function readTripRows(source: TripSource, sink: RowSink): Promise<void> {
  const { head, size } = await headOf(source);
  // Read as bytes for a workbook, as text for a CSV (decoded as it is read, a character split across chunks kept whole).
  const open = (encoding?: "utf8") =>
    "path" in source
      ? createReadStream(source.path, { highWaterMark: 1 << 20, encoding })
      : Readable.from([encoding ? new TextDecoder().decode(source.bytes) : Buffer.from(source.bytes)]);
  if (XLSX_MAGIC.every((byte, i) => head[i] === byte)) return readXlsx(open(), size, sink);
  if (/\.xlsx?$/i.test(source.fileName))
    throw new UserError("The workbook could not be read: save it as .xlsx or .csv.");
  await readCsv(open("utf8"), sink);
}

/** The first bytes (to tell a workbook) and the size of a source. */
async function headOf(source: TripSource): Promise<{ head: Uint8Array; size: number }> {
  if ("bytes" in source) return { head: source.bytes.subarray(0, 4), size: source.bytes.length };
  const file = await open(source.path);
  try {
    const head = new Uint8Array(4);
    await file.read(head, 0, 4, 0);
    return { head, size: (await file.stat()).size };
  } finally {
    await file.close();
  }
}

/** The whole file as a table (tests, and files known to be small). */
export async function readTripTable(bytes: Uint8Array, fileName: string): Promise<TripTable> {
  const table: TripTable = { headers: [], rows: [] };
  await readTripRows(
    { bytes, fileName },
    {
      headers: (cells) => (table.headers = cells),
      row: (line, cells) => table.rows.push({ line, cells }),
    },
  );
  return table;
}

const blank = (cells: string[]) => cells.every((cell) => cell.trim() === "");

async function readCsv(text: Readable, sink: RowSink): Promise<void> {
  let seenHeaders = false;
  try {
    // Blank lines kept, so a record's place is its row number as a spreadsheet shows the file.
    await eachCsvRow(
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
async function readXlsx(file: Readable, size: number, sink: RowSink): Promise<void> {
  if (size > MAX_XLSX_MB * 1024 * 1024)
    throw new UserError(`The workbook is larger than ${MAX_XLSX_MB} MB: save it as .csv, or split it by date.`);
  // Loaded when a workbook comes: some 0.4 s of every server start otherwise (decision 040).
  const { default: ExcelJS } = await import("exceljs");
  let seenHeaders = false;
  let rows = 0;
  try {
    const reader = new ExcelJS.stream.xlsx.WorkbookReader(file, {
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
