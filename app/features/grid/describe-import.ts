import type { ImportReport } from "./importers";
import { OPERATORS } from "./operators";

const reasons = (tally: Record<string, number>) =>
  Object.entries(tally)
    .map(([reason, n]) => `${n} ${reason}`)
    .join("; ");

/** The import report in words, for the CLI and the admin page. */
export function describeImport(report: ImportReport, dataDate: string): string {
  const skipped = Object.values(report.skipped).reduce((sum, n) => sum + n, 0);
  const lines = [
    `${OPERATORS[report.operator].name}: ${report.rows} ${report.rows === 1 ? "row" : "rows"} read, ${report.accepted} ${report.accepted === 1 ? "substation" : "substations"} accepted (${report.withFigures} with capacity figures), ${skipped} skipped. Figures as of ${dataDate}.`,
  ];
  if (skipped > 0) lines.push(`Skipped: ${reasons(report.skipped)}.`);
  if (report.accepted > report.withFigures) lines.push(`Kept as "no data": ${reasons(report.noFigures)}.`);
  return lines.join("\n");
}
