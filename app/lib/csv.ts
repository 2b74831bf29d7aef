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

function quoteProblem(code: string): string {
  if (code === "MissingQuotes") return "a quoted field is never closed";
  if (code === "InvalidQuotes") return "a quote is out of place in a field";
  return "its quotes do not match";
}
