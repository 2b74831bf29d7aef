// Nearest-substation lookup for 1,000 depots against every substation of both
// real files (NGED and UKPN): builds the index, times the lookups (median of
// 7 runs), checks them against a search of every substation, and writes the
// figures to docs/benchmarks.md.
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";

import { createNearestIndex, distanceKm, parseNged, parseUkpn } from "../app/features/grid/index";
import { gridDataDir, NGED_FILE, UKPN_FILE } from "../tests/support/grid-files";

const DEPOTS = 1000;
const root = path.resolve(import.meta.dirname, "..");
const points = [
  ...parseNged(readFileSync(path.join(gridDataDir(), NGED_FILE), "utf8")).records,
  ...parseUkpn(readFileSync(path.join(gridDataDir(), UKPN_FILE), "utf8")).records,
];

let seed = 20261122;
const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
// Depots spread over England and Wales (both operators' areas and beyond).
const depots = Array.from({ length: DEPOTS }, () => ({
  latitude: 50 + random() * 4.5,
  longitude: -5.5 + random() * 7.3,
}));

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

const buildTimes: number[] = [];
const lookupTimes: number[] = [];
let index = createNearestIndex(points);
for (let run = 0; run < 7; run++) {
  let started = performance.now();
  index = createNearestIndex(points);
  buildTimes.push(performance.now() - started);
  started = performance.now();
  for (const depot of depots) index.nearest(depot.latitude, depot.longitude);
  lookupTimes.push(performance.now() - started);
}
const bruteStarted = performance.now();
let mismatches = 0;
for (const depot of depots) {
  let best = Infinity;
  for (const p of points) best = Math.min(best, distanceKm(depot.latitude, depot.longitude, p.latitude, p.longitude));
  if (Math.abs(index.nearest(depot.latitude, depot.longitude)!.km - best) > 1e-9) mismatches++;
}
const bruteMs = performance.now() - bruteStarted;

const report = [
  "### Nearest substation (`npm run bench:nearest`)",
  "",
  `Measured ${new Date().toISOString().slice(0, 10)}: ${DEPOTS.toLocaleString("en-GB")} depots spread over England and Wales against all ${points.length.toLocaleString("en-GB")} substations of both real files (NGED 1,087 + UKPN 1,507), great-circle distance, median of 7 runs, Node ${process.versions.node} on this 2-core machine.`,
  "",
  "| measure | value |",
  "|---|---|",
  `| build the index (0.25° cells) | ${median(buildTimes).toFixed(2)} ms |`,
  `| ${DEPOTS} lookups | ${median(lookupTimes).toFixed(2)} ms in total (target: under 50 ms) |`,
  `| for comparison: checking every substation for each depot | ${bruteMs.toFixed(0)} ms |`,
  `| answers that differ from checking every substation | ${mismatches} |`,
].join("\n");
console.log(report);
spawnSync(process.execPath, [path.join(root, "scripts/write-benchmark.js"), "nearest"], {
  input: report,
  stdio: ["pipe", "inherit", "inherit"],
});
if (mismatches > 0 || median(lookupTimes) >= 50) process.exitCode = 1;
