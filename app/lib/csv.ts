import type { Readable } from "node:stream";
import Papa from "papaparse";

import { UserError } from "~/lib/user-error";

/** The code of the UserError for a file with more rows than the caller takes (`maxRows`). */
export const CSV_TOO_LONG = "csv-too-long";

/**
 * Every CSV the product reads goes through here (papaparse, in the browser and
 * on the server): RFC 4180 quoting, CRLF or LF, a byte-order mark, and a
 * broken quote reported with its line instead of silently merging the rest of
 * the file into one field. At most `maxRows` rows are read; a longer file is
 * refused rather than parsed to the end. Either refusal is a UserError whose
 * message names the line to look at.
 */
export function parseCsvRows(text: string, options: { maxRows: number; keepBlankLines?: boolean }): string[][] {
  const result = Papa.parse<string[]>(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text, {
    header: false,
    delimiter: ",",
    // Kept, a blank line is a row of one empty cell, so a row's index is its row in a spreadsheet.
    skipEmptyLines: options.keepBlankLines ? false : "greedy",
    // One row more than allowed tells a file that is too long from one that fits exactly.
    preview: options.maxRows + 1,
  });
  const broken = result.errors.find((error) => error.type === "Quotes");
  if (broken) {
    const row = typeof broken.row === "number" ? ` in row ${broken.row + 1}` : "";
    throw new UserError(`The file could not be read${row}: ${quoteProblem(broken.code)}.`);
  }
  if (result.data.length > options.maxRows)
    throw new UserError(
      `The file has more than ${options.maxRows.toLocaleString("en-GB")} rows, more than this import takes.`,
      { code: CSV_TOO_LONG },
    );
  return result.data;
}

/**
 * The same reading as parseCsvRows, one row at a time (papaparse's `step`),
 * from a stream of text: for files too large to hold as a string, let alone
 * a table (a year of trips is 300,000 rows). `onRow` gets each row and its
 * index (0-based, blank lines counted when kept); an error it throws stops
 * the reading and rejects. A byte-order mark is dropped.
 */
export function eachCsvRow(
  text: Readable,
  onRow: (cells: string[], index: number) => void,
  options: { maxRows: number; keepBlankLines?: boolean },
): Promise<void> {
  let index = 0;
  let failure: unknown = null;
  return new Promise((resolve, reject) => {
    const settle = () => (failure ? reject(failure) : resolve());
    text.on("error", (error) => {
      failure ??= new UserError("The file could not be read to its end.", { cause: error });
      settle();
    });
    Papa.parse<string[], Readable>(text, {
      header: false,
      delimiter: ",",
      skipEmptyLines: options.keepBlankLines ? false : "greedy",
      step: (result, parser) => {
        const broken = result.errors.find((error) => error.type === "Quotes");
        if (broken)
          failure = new UserError(`The file could not be read in row ${index + 1}: ${quoteProblem(broken.code)}.`);
        else if (index >= options.maxRows)
          failure = new UserError(
            `The file has more than ${options.maxRows.toLocaleString("en-GB")} rows, more than this import takes.`,
            { code: CSV_TOO_LONG },
          );
        else
          try {
            const cells = result.data;
            if (index === 0 && cells[0]?.charCodeAt(0) === 0xfeff) cells[0] = cells[0].slice(1);
            onRow(cells, index++);
          } catch (error) {
            failure = error;
          }
        if (failure) {
          parser.abort();
          text.destroy();
          settle();
        }
      },
      complete: settle,
    });
  });
}

function quoteProblem(code: string): string {
  if (code === "MissingQuotes") return "a quoted field is never closed";
  if (code === "InvalidQuotes") return "a quote is out of place in a field";
  return "its quotes do not match";
}

/** One CSV field: quoted when needed, and never read as a formula by a spreadsheet. */
export function csvField(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return "";
  let text = String(value);
  if (typeof value === "string" && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** Rows as a CSV file for spreadsheets: a byte-order mark (Excel reads UTF-8 then), CRLF line ends. */
export function csvFile(rows: readonly (readonly (string | number | null | undefined)[])[]): string {
  return `\uFEFF${rows.map((row) => row.map(csvField).join(",")).join("\r\n")}\r\n`;
}
