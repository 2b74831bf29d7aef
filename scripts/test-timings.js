// Writes tests/setup/test-timings.json from the last run's reports (tmp/reports, as `npm test` leaves them), so the
// sequencer (tests/setup/longest-first-sequencer.ts) starts the longest unit and integration files first.
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";

const timings = ["vitest-unit.json", "vitest-integration.json"]
  .flatMap((report) => JSON.parse(readFileSync(path.join("tmp/reports", report), "utf8")).testResults)
  .map((file) => [path.relative(process.cwd(), file.name), Math.round((file.endTime - file.startTime) / 100) / 10])
  .sort((a, b) => b[1] - a[1]);
writeFileSync("tests/setup/test-timings.json", `${JSON.stringify(Object.fromEntries(timings), null, 2)}\n`);
console.log(`${timings.length} files timed, ${Math.round(timings.reduce((sum, [, s]) => sum + s, 0))} s in all`);
