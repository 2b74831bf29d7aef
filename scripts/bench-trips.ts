// A year of trips for 200 vehicles (about 300,000 rows, a Webfleet-style
// CSV with positions) through what the server does with it: read, recognise
// the columns, parse, derive the tours at the depot, check every vehicle's
// suitability, and plan the recorded days (every strategy and the charger
// sizing, as 'Plan from recorded days' does) in a plan worker with the
// server's limits. Prints each phase's time and the memory it took above a
// process holding the file, and writes them to docs/benchmarks.md.
//   npm run bench:trips
//
// The export is made in this process and written to a file; the measuring is
// done by a fresh process reading it (as the server reads an upload), so what
// making the fixture left on the heap does not hide what the import takes.
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

import {
  BACKGROUND_OLD_SPACE_MB,
  BACKGROUND_SEMI_SPACE_MB,
  configureBackground,
  stopBackground,
} from "~/lib/background/background.server";
import type { Runtime } from "~/lib/runtime.server";

import { defaultPlanInput } from "../app/features/planning/index";
import { PLAN_WORKER_LIMITS, runPlanComputation, setPlanWorkerScript } from "../app/features/planning/index.server";
import {
  previewTrips,
  readTripsFile,
  tripFiguresInBackground,
  viewChoicesSchema,
} from "../app/features/trips/index.server";
import { DEPOT, syntheticFleet, webfleetCsv } from "../tests/support/trip-exports";

const VEHICLES = 200;
const root = path.resolve(import.meta.dirname, "..");
const workerScript = path.join(root, "build/server/plan-worker.js");
const mb = (bytes: number) => `${Math.round(bytes / 1024 / 1024)} MB`;

type Figures = {
  rows: number;
  csvBytes: number;
  problems: number;
  tours: number;
  days: number;
  stepMinutes: number;
  /** The plan request from the recorded days, as JSON (what is saved with the depot). */
  requestBytes: number;
  /** Each phase's time, and the server's and the background process's high-water marks above rest by its end. */
  phases: [name: string, seconds: number, server: number, background: number][];
  total: number;
  rest: number;
  peakAboveRest: { server: number; background: number };
  /** The two processes' resident memory added, at its highest (sampled every 10 ms: this process only waits meanwhile). */
  peakTogether: number;
  /** The background process's resident memory above rest when the plan ends (it gives back what the import took once idle). */
  backgroundAtEnd: number;
  strategies: string;
};

if (process.argv[2] === "--measure") {
  process.stdout.write(JSON.stringify(await measure(process.argv[3]!)));
} else {
  const file = path.join(tmpdir(), `electrify-bench-trips-${VEHICLES}.csv`);
  if (!existsSync(file)) {
    const fleet = syntheticFleet({ vehicles: VEHICLES, days: 365, firstDay: "2025-01-06", everyDay: true, legs: 4 });
    writeFileSync(file, webfleetCsv(fleet));
  }
  // The plan runs in the server's built worker: built now, so it is this checkout's engine.
  if (spawnSync("npm", ["run", "-s", "build"], { cwd: root, stdio: ["ignore", "ignore", "inherit"] }).status !== 0)
    throw new Error("npm run build failed");
  const child = spawnSync(
    process.execPath,
    ["--expose-gc", "--import", "tsx", import.meta.filename, "--measure", file],
    {
      cwd: root,
      // The same glibc malloc settings as `npm start` (decisions 013 and 027): the plan worker runs in the server's process.
      env: { ...process.env, NODE_ENV: "production", MALLOC_ARENA_MAX: "2", MALLOC_MMAP_THRESHOLD_: "131072" },
      encoding: "utf8",
      stdio: ["ignore", "pipe", "inherit"],
      maxBuffer: 1 << 20,
    },
  );
  if (child.status !== 0) throw new Error(`the measuring process failed (exit ${child.status})`);
  report(JSON.parse(child.stdout) as Figures);
}

/** A process's resident memory now (VmRSS) or at its highest so far (VmHWM), from /proc. */
function memoryOf(pid: number, field: "VmRSS" | "VmHWM"): number {
  const line = readFileSync(`/proc/${pid}/status`, "utf8")
    .split("\n")
    .find((l) => l.startsWith(`${field}:`));
  return Number(line?.match(/(\d+)/)?.[1] ?? 0) * 1024;
}

/** This process's children (the background process, and tsx's esbuild). */
function childrenOf(parent: number): number[] {
  return readdirSync("/proc")
    .filter((name) => /^\d+$/.test(name))
    .filter((pid) => {
      try {
        const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
        return Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]) === parent;
      } catch {
        return false;
      }
    })
    .map(Number);
}

/**
 * Everything the server does with the export, timed, as the built server
 * does it: the reading, tours and suitability in the lower-priority
 * background process, the plan in a plan worker with its limits. Memory is
 * each process's high-water mark (VmHWM) above where it was at rest.
 */
async function measure(file: string): Promise<Figures> {
  // Where previewTrips keeps the upload while the background process reads it (a server's $DATA_DIR/tmp).
  const deps = { env: { DATA_DIR: mkdtempSync(path.join(tmpdir(), "electrify-bench-trips-")) } } as Pick<
    Runtime,
    "env"
  >;
  configureBackground({ script: path.join(root, "build/server/background-process.js") });
  setPlanWorkerScript(workerScript);
  // Started (and its modules loaded) before the clock starts, as in a running server.
  await previewTrips(
    deps,
    new File(["Vehicle,Start,End,Distance\nA,2026-01-05 08:00,2026-01-05 09:00,1\n"], "warm-up.csv"),
  );
  const background = childrenOf(process.pid).find((pid) =>
    readFileSync(`/proc/${pid}/cmdline`, "utf8").includes("background-process.js"),
  );
  if (!background) throw new Error("the background process did not start");
  // The server holds an upload as a File (readForm), and writes it to a temporary file for the background process.
  const upload = new File([readFileSync(file)], "trips.csv");
  global.gc?.();
  const rest = { server: memoryOf(process.pid, "VmRSS"), background: memoryOf(background, "VmRSS") };
  let peakTogether = 0;
  const sampler = setInterval(() => {
    const together = memoryOf(process.pid, "VmRSS") - rest.server + memoryOf(background, "VmRSS") - rest.background;
    peakTogether = Math.max(peakTogether, together);
  }, 10);
  const phases: Figures["phases"] = [];
  let clock = performance.now();
  const lap = (name: string) => {
    const now = performance.now();
    phases.push([
      name,
      (now - clock) / 1000,
      memoryOf(process.pid, "VmHWM") - rest.server,
      memoryOf(background, "VmHWM") - rest.background,
    ]);
    clock = now;
  };
  const started = clock;
  // The mapping step's preview (the whole file is read to count its rows), then the import, read and parsed row by row, the trips encoded for storing.
  const preview = await previewTrips(deps, upload);
  lap("preview");
  // (importTrips writes the upload to a temporary file as previewTrips did, then stores what this gives.)
  const read = await readTripsFile(
    { path: file, fileName: "trips.csv" },
    {
      mapping: preview.mapping,
      distanceUnit: "km",
      anonymiseDrivers: false,
      replaceVehicleIds: false,
    },
  );
  lap("import");
  // The Trips tab: tours at the depot and every vehicle's suitability, from the stored record.
  const stored = { fileName: "trips.csv", importedAt: new Date().toISOString(), ...read };
  const base = defaultPlanInput({ vehicles: VEHICLES, chargers: [{ name: "AC 22 kW", powerKw: 22, count: 120 }] });
  const choices = viewChoicesSchema.parse({ type: "van", radiusM: "500" });
  const { view } = await tripFiguresInBackground(stored, DEPOT, base, choices, null);
  lap("tours and suitability");
  // "Plan from recorded days": the plan request from the record, then the plan in a worker.
  // (The request is checked where it is made, in the background process; the server writes it to the database as JSON, as startCheckedPlanRun does.)
  const { inputs } = await tripFiguresInBackground(stored, DEPOT, base, choices, "recorded");
  const input = inputs!;
  const requestBytes = JSON.stringify(input).length;
  const plan = await runPlanComputation(input, () => {}, { owner: "bench", key: "bench" });
  lap("plan");
  const backgroundAtEnd = memoryOf(background, "VmRSS") - rest.background;
  clearInterval(sampler);
  await stopBackground();
  const peaks = phases.at(-1)!;
  return {
    rows: read.summary.rowsRead,
    problems: read.summary.problemCount,
    tours: input.vehicles.reduce((sum, group) => sum + (group.trips?.length ?? 0), 0),
    csvBytes: upload.size,
    days: view.period!.days,
    stepMinutes: input.horizon.stepMinutes,
    requestBytes,
    phases,
    total: (performance.now() - started) / 1000,
    rest: rest.server,
    peakAboveRest: { server: peaks[2], background: peaks[3] },
    peakTogether,
    backgroundAtEnd,
    strategies: plan.strategies.map((s) => `${s.strategy} ${Math.round(s.peakKw)} kW`).join(", "),
  };
}

function report(f: Figures) {
  const n = (x: number) => x.toLocaleString("en-GB");
  const both = f.peakAboveRest.server + f.peakAboveRest.background;
  console.log(
    `${n(f.rows)} rows (${mb(f.csvBytes)} CSV), ${f.problems} unreadable, ${n(f.tours)} tours, ${f.days} days at ${f.stepMinutes} min; plan request ${mb(f.requestBytes)} of JSON`,
  );
  for (const [name, seconds, server, background] of f.phases)
    console.log(
      `  ${name.padEnd(22)} ${seconds.toFixed(2)} s; most above rest so far: server ${mb(server)}, background ${mb(background)}`,
    );
  console.log(`  total                  ${f.total.toFixed(2)} s (target 10 s)`);
  console.log(
    `  peak memory            both processes together ${mb(f.peakTogether)} above rest at most (target 300 MB); each at its own peak: server ${mb(f.peakAboveRest.server)}, background ${mb(f.peakAboveRest.background)} (${mb(both)} added)`,
  );
  console.log(
    `  background at the end   ${mb(f.backgroundAtEnd)} above rest (its own peak was ${mb(f.peakAboveRest.background)})`,
  );
  console.log(`  plan: ${f.strategies}`);
  const figures = [
    "### A year of trip exports (`npm run bench:trips`)",
    "",
    `Measured ${new Date().toISOString().slice(0, 10)} on this machine (2 cores, Node ${process.versions.node}): ${n(f.rows)} rows of a Webfleet-style CSV (${mb(f.csvBytes)}), ${VEHICLES} vehicles over a year, as the built server handles them: the mapping step's preview and the import (read and parsed row by row, the trips encoded for storing), the Trips tab's ${n(f.tours)} tours and every vehicle's suitability, all in the lower-priority background process (${BACKGROUND_SEMI_SPACE_MB} MB semi-space, ${BACKGROUND_OLD_SPACE_MB} MB old generation), which reads the upload from a temporary file; then "Plan from recorded days": its request (${mb(f.requestBytes)} as JSON) made and checked in the background process and written as JSON as the server saves it, and the plan (${f.days} days at ${f.stepMinutes} min; every strategy, and the charger sizing checked under peak shaving) in a plan worker with its limits (${PLAN_WORKER_LIMITS.maxOldGenerationSizeMb} MB old and ${PLAN_WORKER_LIMITS.maxYoungGenerationSizeMb} MB young generation). Memory is resident memory above where each process was at rest (the server holding the file): the two processes' added together, sampled every 10 ms (the measuring process only waits while they work), and each process's own high-water mark (VmHWM) by the end of each phase. Targets: under 10 s end to end, under 300 MB.`,
    "",
    "| Phase | Seconds | Server, most above rest so far | Background process, most above rest so far |",
    "| --- | --- | --- | --- |",
    ...f.phases.map(
      ([name, seconds, server, background]) =>
        `| ${name} | ${seconds.toFixed(2)} | ${mb(server)} | ${mb(background)} |`,
    ),
    `| **total** | **${f.total.toFixed(2)}** | **${mb(f.peakAboveRest.server)}** | **${mb(f.peakAboveRest.background)}** |`,
    "",
    `Both processes together, at most: **${mb(f.peakTogether)}** above rest. The background process, at its own peak ${mb(f.peakAboveRest.background)} during the import, was ${mb(f.backgroundAtEnd)} above rest when the plan ended: once idle it gives back what a large task took (decision 027).`,
    "",
    `Targets: 10 s ${f.total < 10 ? "met" : "NOT met"}; 300 MB ${f.peakTogether < 300 * 1024 * 1024 ? "met" : "NOT met"} (${mb(f.peakTogether)} together at most; each process's own peak added would be ${mb(both)}). Runs vary by about a second and 50 MB; decision 027 gives the range over eight runs. Before decision 027 (same fleet, 2026-11-23): total 8.8–10.1 s, 520–570 MB together (the background process kept 150 MB after the import, the server's thread parsed the plan request, the engine made 3.9 GB of garbage). Before decision 026 (same fleet, 2026-11-23): plan 8.9 s, total 10.2–10.4 s, and 472 MB above rest measured in a process whose heap the fixture had already grown (so the import's share was hidden). The engine prepared the stays once per strategy and copied plan-wide arrays for every group of overlapping stays; the import held the file as a table of strings and the trips as objects, on the server's main thread; the worker's 4 GB heap limit let V8 put off collecting.`,
  ].join("\n");
  spawnSync(process.execPath, [path.join(import.meta.dirname, "write-benchmark.js"), "trips"], {
    input: figures,
    stdio: ["pipe", "inherit", "inherit"],
  });
}
