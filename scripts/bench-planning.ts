// The charging-plan engine on a large depot: one year at 15-minute steps for
// 200 vehicles in 10 groups sharing 40 chargers, each strategy timed on its
// own (median of 3 runs, preparation included), with the memory it needed.
// Writes the figures to docs/benchmarks.md.
//
// Run bundled (`npm run bench:planning`), as the product runs the engine (the
// server build), not through tsx: tsx keeps every function's name by calling a
// helper each time a closure is made, which cost the engine's hot loops up to a
// third of their time (decision 036).
import { spawnSync } from "node:child_process";
import path from "node:path";

import { BENCH_INPUT, mixedFleet } from "../app/features/charging-engine/fixtures";
import { planCharging, planStrategy, prepare, sizeChargers, STRATEGIES } from "../app/features/charging-engine/index";
import { planInputSchema } from "../app/features/planning/index";

// The package root (npm runs scripts there; the bundle lives in build/bench/).
const root = process.cwd();
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;

const checked = planInputSchema.safeParse(BENCH_INPUT);
if (!checked.success) throw new Error(`bench input refused: ${checked.error.issues.map((i) => i.message).join("; ")}`);

const rows: string[] = [];
let slowest = 0;
let sizingSeconds: number;
const WITH_BATTERY = {
  ...BENCH_INPUT,
  site: { ...BENCH_INPUT.site, battery: { capacityKwh: 1000, powerKw: 500, roundTripEfficiency: 0.9 } },
};
const runs = [
  ...STRATEGIES.map((strategy) => ({ strategy, label: strategy, input: BENCH_INPUT })),
  { strategy: "peak-shaving" as const, label: "peak-shaving + 1 MWh / 500 kW site battery", input: WITH_BATTERY },
];
for (const { strategy, label, input } of runs) {
  const times: number[] = [];
  let rssPeak = 0;
  let result!: ReturnType<typeof planCharging>["strategies"][number];
  for (let run = 0; run < 3; run++) {
    const before = process.memoryUsage().rss;
    const started = performance.now();
    result = planCharging(input, [strategy]).strategies[0]!;
    times.push(performance.now() - started);
    rssPeak = Math.max(rssPeak, process.memoryUsage().rss - before);
  }
  const shortKwh = result.vehicles.reduce((sum, v) => sum + v.shortfallKwh, 0);
  const short = result.vehicles.filter((v) => v.shortfallKwh > 1e-6).length;
  slowest = Math.max(slowest, median(times));
  rows.push(
    `| ${label} | ${(median(times) / 1000).toFixed(2)} s | ${mb(process.memoryUsage().heapUsed)} heap, +${mb(Math.max(0, rssPeak))} RSS | ${result.peakKw.toFixed(0)} kW${result.peakLowerBoundKw !== null ? ` (bound ${result.peakLowerBoundKw.toFixed(0)} kW)` : ""} | £${Math.round(result.cost.totalPounds).toLocaleString("en-GB")} | ${short} (${Math.round(shortKwh).toLocaleString("en-GB")} kWh) |`,
  );
  console.log(rows.at(-1));
}

// Sizing: the fewest chargers for the fleet, checked with peak shaving (the engine run again with them).
{
  const times: number[] = [];
  let sized!: ReturnType<typeof sizeChargers>;
  for (let run = 0; run < 3; run++) {
    const started = performance.now();
    sized = sizeChargers(BENCH_INPUT, undefined, ["peak-shaving"]);
    times.push(performance.now() - started);
  }
  const check = sized.strategies[0]!;
  sizingSeconds = median(times) / 1000;
  rows.push(
    `| sizing: fewest chargers, checked under peak shaving | ${sizingSeconds.toFixed(2)} s | ${mb(process.memoryUsage().heapUsed)} heap | ${check.peakKw.toFixed(0)} kW with ${sized.chargers.map((c) => `${c.count} × ${c.powerKw} kW`).join(" + ")} | £${Math.round(check.totalPounds).toLocaleString("en-GB")} | ${check.vehiclesShort} |`,
  );
  console.log(rows.at(-1));
}

// Issue 31's mixed fleet (the one measured against SpiceEV 1.1.0): chargers' lowest power 0, then the default.
// Timed as the product runs a plan (no per-stay sessions: the plan worker and the sizing keep only the figures),
// from the plan input (preparation included) and on a depot already prepared (the strategy alone: what SpiceEV's
// simulate step does with a scenario it was given); departures short are counted on a separate run with sessions.
const mixedRows: string[] = [];
const mixedTimes = new Map<string, number>();
for (const [label, minKw] of [
  ["lowest power 0", 0],
  ["default lowest power (6 A per phase)", undefined],
] as const) {
  const input = mixedFleet(minKw);
  for (const strategy of STRATEGIES) {
    const runs = strategy === "uncontrolled" || strategy === "balanced" ? 9 : 3;
    const whole: number[] = [];
    const alone: number[] = [];
    for (let run = 0; run < runs; run++) {
      let started = performance.now();
      planCharging(input, [strategy], { sessions: false });
      whole.push(performance.now() - started);
      const prepared = prepare(input);
      started = performance.now();
      planStrategy(input, prepared, strategy, { sessions: false });
      alone.push(performance.now() - started);
    }
    const plan = planCharging(input, [strategy]);
    const result = plan.strategies[0]!;
    let short = 0;
    let shortKwh = 0;
    for (const session of result.sessions) {
      let got = (session.arrivalSocPct / 100) * session.batteryKwh;
      for (const kw of session.kw) got += kw * plan.stepHours;
      if (got < session.targetKwh - 1e-6) {
        short++;
        shortKwh += session.targetKwh - got;
      }
    }
    mixedTimes.set(`${strategy}|${minKw}`, median(whole));
    const bound = result.peakLowerBoundKw !== null ? ` (bound ${result.peakLowerBoundKw.toFixed(1)} kW)` : "";
    mixedRows.push(
      `| ${strategy}, ${label} | ${median(whole).toFixed(0)} ms | ${median(alone).toFixed(0)} ms | ${result.peakKw.toFixed(1)} kW${bound} | ${short.toLocaleString("en-GB")} of ${result.sessions.length.toLocaleString("en-GB")} (${shortKwh.toFixed(1)} kWh) |`,
    );
    console.log(mixedRows.at(-1));
  }
}
// The same fleet on a 400 kVA connection, which uncontrolled charging meets (its unmanaged peak is 443 kW) and balanced
// never does (122 kW): a simulated cycle that met the connection is run whole, since sharing a bound connection can
// settle into a state that repeats only over the whole cycle (decision 044), so uncontrolled is the slower here. SpiceEV
// generates such fleets on smaller connections too; the aim (1,000 times SpiceEV) holds for both.
const boundRows: string[] = [];
{
  const fleet = mixedFleet(0);
  const input = { ...fleet, site: { ...fleet.site, connectionKva: 400 } };
  for (const strategy of ["uncontrolled", "balanced"] as const) {
    const whole: number[] = [];
    for (let run = 0; run < 9; run++) {
      const started = performance.now();
      planCharging(input, [strategy], { sessions: false });
      whole.push(performance.now() - started);
    }
    const result = planCharging(input, [strategy], { sessions: false }).strategies[0]!;
    mixedTimes.set(`${strategy}|bound`, median(whole));
    boundRows.push(
      `| ${strategy}, 400 kVA connection | ${median(whole).toFixed(0)} ms | ${result.peakKw.toFixed(1)} kW |`,
    );
    console.log(boundRows.at(-1));
  }
}
// Each strategy's figures on the fleet, at both lowest powers and (the simulated ones) on the bound connection.
const met = (strategy: string, below: number) =>
  [0, undefined, "bound"].every((key) => (mixedTimes.get(`${strategy}|${key}`) ?? 0) < below) ? "met" : "NOT met";

const vehicles = BENCH_INPUT.vehicles.reduce((sum, g) => sum + g.count, 0);
const chargers = BENCH_INPUT.chargers.reduce((sum, g) => sum + g.count, 0);
const report = [
  "### Charging plan engine (`npm run bench:planning`)",
  "",
  `Measured ${new Date().toISOString().slice(0, 10)}: one year (365 days) at 15-minute steps (35,040 steps) for ${vehicles} vehicles in ${BENCH_INPUT.vehicles.length} groups (vans, rigids and artics on day, early, late and night shifts) sharing ${chargers} chargers (the trucks with tapering charging curves), a 2,000 kVA connection, a daily building profile and the red/amber/green tariff. Each strategy on its own, preparation included (expanding duty to charging sessions, giving each a charger), median of 3 runs, one Node ${process.versions.node} process on this 2-core machine, the engine bundled as the server build bundles it (decision 036). Memory: heap in use after the run and the growth of the process's resident memory. Vehicles short: vehicles that leave at least once under their target; here most of them for want of a free charger (200 vehicles share 40, and a vehicle keeps its charger until it leaves, decision 017), which is what the plan tells such a depot. Since decision 023 the engine follows each curve at the charge reached, carries each vehicle's charge from stay to stay, keeps chargers at or above their lowest power (6 A per phase on AC, 5 kW on DC) and gives peak shaving's lower bound beside its peak. Before it (2026-11-22, same fleet): uncontrolled 0.57 s, 1,782 kW; balanced 0.63 s, 545 kW; cost-optimal 0.62 s, 1,900 kW; peak shaving 0.78 s, 419 kW; with the battery 0.86 s, 357 kW — lower peaks that real chargers could not run (no floors) and curves cut short.`,
  "",
  "| strategy | wall time | memory | site peak | year's cost | vehicles short |",
  "|---|---|---|---|---|---|",
  ...rows,
  "",
  `Targets: every strategy under 2 s, peak shaving with its lower bound included: ${slowest < 2000 ? "met" : "NOT met"}; sizing the chargers (200 vehicles, a year at 15 minutes, checked under peak shaving) under 5 s: ${sizingSeconds < 5 ? "met" : "NOT met"}.`,
  "",
  "Issue 31's mixed fleet (app/features/charging-engine/fixtures/mixed-fleet.ts, a fixed seed): 100 vehicles, 60 vans on 60 × 11 kW AC and 40 cars on 40 × 22 kW AC, each on a shift of its own (about 540 trips a week), 52 weeks at 15 minutes, a 1,000 kW connection, no building load. Whole plan: from the plan input, preparation included (median of 9 runs for the simulated strategies, 3 for the planned ones); strategy alone: on a depot already prepared (expanding duty into stays and giving each a charger is SpiceEV's scenario generation, not its simulation). Both without per-stay sessions, as the plan worker and the sizing run them. Departures short: stays that end under their target. Before decision 030 (2026-11-24, same machine, sessions included): uncontrolled 367 ms, balanced 561 ms (lowest power 0) and 388 ms (default); peak shaving 1.1 s and 3.5 s; cost-optimal 0.56 s.",
  "",
  "| strategy, chargers' lowest power | whole plan | strategy alone | site peak | departures short |",
  "|---|---|---|---|---|",
  ...mixedRows,
  "",
  "The mixed fleet (lowest power 0) on a 400 kVA connection, which uncontrolled charging meets: a simulated cycle that met the connection runs whole, not as one repeated week (decision 045).",
  "",
  "| strategy | whole plan | site peak |",
  "|---|---|---|",
  ...boundRows,
  "",
  `Targets (issue 31, 1,000× SpiceEV 1.1.0's 35.8 s and 73.9 s on this fleet): uncontrolled under 36 ms, whole plan: ${met("uncontrolled", 36)}; balanced under 74 ms, whole plan: ${met("balanced", 74)}; peak shaving under 1 s: ${met("peak-shaving", 1000)}; cost-optimal under 1 s: ${met("cost-optimal", 1000)}; sizing (200 vehicles, a year) under 2 s: ${sizingSeconds < 2 ? "met" : "NOT met"}.`,
].join("\n");
console.log(report);
spawnSync(process.execPath, [path.join(root, "scripts/write-benchmark.js"), "planning"], {
  input: report,
  stdio: ["pipe", "inherit", "inherit"],
});
if (slowest >= 2000 || sizingSeconds >= 5) process.exitCode = 1;
