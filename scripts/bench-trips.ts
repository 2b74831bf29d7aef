// A year of trips for 200 vehicles (about 300,000 rows, a Webfleet-style
// CSV with positions) through what the server does with it: read, recognise
// the columns, parse, derive the tours at the depot, check every vehicle's
// suitability, and plan the recorded days (every strategy and the charger
// sizing, as 'Plan from recorded days' does). Prints each phase's time and
// the process's peak memory, and writes them to docs/benchmarks.md.
//   npm run bench:trips
import { spawnSync } from "node:child_process";
import path from "node:path";

import { computePlan } from "~/features/planning/compute-plan";
import { defaultPlanInput } from "~/features/planning/plan-defaults";
import { planInputSchema } from "~/features/planning/plan-input";
import { recogniseColumns } from "~/features/trips/columns";
import { parseTrips } from "~/features/trips/parse-trips";
import { readTripTable } from "~/features/trips/read-table.server";
import { periodOf, recordedPlan } from "~/features/trips/recorded-plan";
import { DEFAULT_SETTINGS, suitabilityOf } from "~/features/trips/suitability";
import { toursFrom } from "~/features/trips/tours";

import { DEPOT, syntheticFleet, webfleetCsv } from "../tests/support/trip-exports";

const VEHICLES = 200;
let peakRss = 0;
const sample = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage().rss)), 20);
const mb = (bytes: number) => `${Math.round(bytes / 1024 / 1024)} MB`;

const fleet = syntheticFleet({ vehicles: VEHICLES, days: 365, firstDay: "2025-01-06", everyDay: true, legs: 4 });
const bytes = new TextEncoder().encode(webfleetCsv(fleet));
fleet.length = 0;
global.gc?.();
const baseline = process.memoryUsage().rss;
peakRss = baseline;

const phases: [string, number, number][] = [];
let clock = performance.now();
// Each phase's time, and the peak resident memory up to its end.
const lap = (name: string) => {
  const now = performance.now();
  peakRss = Math.max(peakRss, process.memoryUsage().rss);
  phases.push([name, (now - clock) / 1000, peakRss]);
  clock = now;
};
const started = clock;
const table = await readTripTable(bytes, "trips.csv");
lap("read");
const { trips, problems } = parseTrips(table.rows, {
  mapping: recogniseColumns(table.headers),
  distanceUnit: "km",
  anonymise: { drivers: false, vehicles: "keep" },
});
lap("parse");
const days = toursFrom(trips, { kind: "radius", radiusM: 500, depot: DEPOT });
const period = periodOf(days)!;
lap("tours");
const base = defaultPlanInput({ vehicles: VEHICLES, chargers: [{ name: "AC 22 kW", powerKw: 22, count: 120 }] });
for (const v of days) suitabilityOf(v, base.vehicleTypes[0]!, DEFAULT_SETTINGS, period.days, null);
lap("suitability");
const inputs = planInputSchema.parse(recordedPlan(base, days, { typeId: "van", settings: DEFAULT_SETTINGS, period }));
const plan = computePlan(inputs, () => {});
lap("plan");
const total = (performance.now() - started) / 1000;
clearInterval(sample);
peakRss = Math.max(peakRss, process.memoryUsage().rss);

const tours = days.reduce((sum, v) => sum + v.tours.length, 0);
console.log(
  `${table.rows.length.toLocaleString("en-GB")} rows (${mb(bytes.length)} CSV), ${problems.length} unreadable, ${tours.toLocaleString("en-GB")} tours, ${period.days} days at ${inputs.horizon.stepMinutes} min`,
);
for (const [name, seconds, rss] of phases)
  console.log(`  ${name.padEnd(12)} ${seconds.toFixed(2)} s, peak ${mb(rss - baseline)} above rest by its end`);
console.log(`  total        ${total.toFixed(2)} s (target 10 s)`);
console.log(
  `  peak memory  ${mb(peakRss)} resident, ${mb(peakRss - baseline)} above the process at rest (target 300 MB)`,
);
console.log(`  plan: ${plan.strategies.map((s) => `${s.strategy} ${Math.round(s.peakKw)} kW`).join(", ")}`);

const figures = [
  "### A year of trip exports (`npm run bench:trips`)",
  "",
  `Measured ${new Date().toISOString().slice(0, 10)} on this machine (2 cores): ${table.rows.length.toLocaleString("en-GB")} rows of a Webfleet-style CSV (${mb(bytes.length)}), ${VEHICLES} vehicles over a year, read, parsed, turned into ${tours.toLocaleString("en-GB")} tours, checked for suitability and planned on the recorded days (${period.days} days at ${inputs.horizon.stepMinutes} min; every strategy, and the charger sizing checked under peak shaving). Targets: under 10 s end to end, under 300 MB.`,
  "",
  "| Phase | Seconds | Peak memory above rest by its end |",
  "| --- | --- | --- |",
  ...phases.map(([name, seconds, rss]) => `| ${name} | ${seconds.toFixed(2)} | ${mb(rss - baseline)} |`),
  `| **total** | **${total.toFixed(2)}** | ${mb(peakRss - baseline)} |`,
  "",
  "Reading the export and working out tours and suitability take about a second and 50 MB. The plan of a year of 200 vehicles (at 30-minute steps: records longer than a quarter are planned half-hourly, as sites are metered) is the engine's own cost, four strategies and the sizing: about 9 s and close to 500 MB at its peak, most of it the engine's typed arrays for 73,000 stays. So the 300 MB target is met by the import and not by the year-long plan, and the 10 s target only just; the plan runs in the background with its progress on the page.",
  "",
  `Peak resident memory ${mb(peakRss)} (${mb(peakRss - baseline)} above the process holding the file).`,
].join("\n");
spawnSync(process.execPath, [path.join(import.meta.dirname, "write-benchmark.js"), "trips"], {
  input: figures,
  stdio: ["pipe", "inherit", "inherit"],
});
