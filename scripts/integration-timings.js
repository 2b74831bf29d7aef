// Writes tests/setup/integration-timings.json from the last integration run's report (tmp/reports), so the
// sequencer (tests/setup/slow-first-sequencer.ts) starts the longest files first.
import { readFileSync, writeFileSync } from "node:fs";

const report = JSON.parse(readFileSync("tmp/reports/vitest-integration.json", "utf8"));
const timings = Object.fromEntries(
  report.testResults
    .map((file) => [file.name.split("/tests/integration/")[1], Math.round((file.endTime - file.startTime) / 1000)])
    .sort((a, b) => b[1] - a[1]),
);
writeFileSync("tests/setup/integration-timings.json", `${JSON.stringify(timings, null, 1)}\n`);
console.log(
  `${Object.keys(timings).length} files timed, ${Object.values(timings).reduce((a, b) => a + b, 0)} s in all`,
);
