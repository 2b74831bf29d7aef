// Box Charge under load: 1,000 simulated chargers (5 depots of 200, each with a 200 kW site limit for 200 × 22 kW)
// on one serving process, plugging vehicles in and out and sending meter values every 10 s for two minutes; then the
// same on PostgreSQL with two serving processes. Prints messages a second, the chargers' answer times, the live
// controller's recomputation time for a 200-charger depot, the highest load any depot's simulated meters drew against
// its limit, and memory per connected charger; writes them to docs/benchmarks.md. Then a serving process is killed
// under load (2,000 chargers, PostgreSQL, two processes: bench-support/serving-process-loss.ts), its own section.
//   npm run bench:ocpp [-- --seconds 120 --chargers 1000 --kill-chargers 2000 --only kill|sqlite|postgres]
import { spawn, spawnSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";

import { waitForHealthy } from "../tests/support/app-server";
import { freePort } from "../tests/support/free-port";
import { servingProcesses } from "../tests/support/processes";
import { startThrowawayPostgres } from "../tests/support/throwaway-postgres";
import { setUpFleet } from "./bench-support/fleet-setup";
import {
  checkAcknowledged,
  deliverLikeACharger,
  killOneServingProcess,
  type Acknowledged,
} from "./bench-support/serving-process-loss";
import { SimCharger } from "./charger-simulator/sim-charger";

const { values } = parseArgs({
  options: {
    seconds: { type: "string", default: "120" },
    chargers: { type: "string", default: "1000" },
    "kill-chargers": { type: "string", default: "2000" },
    /** Only the run in which a serving process is killed (`--only kill`), or only SQLite's or PostgreSQL's load run (`--only sqlite`, `--only postgres`: printed, not written). */
    only: { type: "string", default: "" },
  },
});
const LOAD_SECONDS = Number(values.seconds);
/** The run in which a serving process is killed: its chargers, how long it runs, and when the kill comes. */
const KILL = { chargers: Number(values["kill-chargers"]), seconds: 100, at: 20, latest: 60 };
const COUNT = Number(values.chargers);
const PER_DEPOT = 200;
const LIMIT_KW = 200;
const root = path.resolve(import.meta.dirname, "..");
const quantile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
const met = (ok: boolean) => (ok ? "met" : "NOT met");
const rssMb = (pid: number) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))![1]) / 1024;

/** Each depot's draw at this instant (kW). */
const peakKwAt = (sims: SimCharger[], depots: number, now: number) =>
  Array.from({ length: depots }, (_, d) =>
    sims.slice(d * PER_DEPOT, (d + 1) * PER_DEPOT).reduce((sum, s) => sum + s.drawingNowW(now) / 1000, 0),
  );

type Run = { label: string; databaseUrl?: string; processes: number; kill?: boolean };

async function run({ label, databaseUrl, processes, kill = false }: Run) {
  const CHARGERS = kill ? KILL.chargers : COUNT;
  const SECONDS = kill ? KILL.seconds : LOAD_SECONDS;
  const dataDir = mkdtempSync(path.join(tmpdir(), "electrify-bench-ocpp-"));
  const stallsDir = mkdtempSync(path.join(tmpdir(), "electrify-bench-stalls-"));
  const env = { DATA_DIR: dataDir, ...(databaseUrl ? { DATABASE_URL: databaseUrl, AUTH_SECRET: "b".repeat(64) } : {}) };
  // Depots of PER_DEPOT chargers under LIMIT_KW each, every charger's vehicle named at its depot (only a depot's own
  // vehicles charge there, decision 057): the same company the fleet operations bench uses.
  const { chargers } = await setUpFleet(env, {
    chargers: CHARGERS,
    perDepot: PER_DEPOT,
    limitKw: LIMIT_KW,
    tags: CHARGERS,
  });

  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  let output = "";
  const server = spawn(process.execPath, ["server.js"], {
    cwd: root,
    env: {
      PATH: process.env.PATH,
      NODE_ENV: "production",
      HOST: "127.0.0.1",
      PORT: String(port),
      APP_URL: url,
      LOG_LEVEL: "debug",
      WEB_CONCURRENCY: String(processes),
      // Each serving process records when its event loop was held (loop-stalls.mjs); BENCH_PROFILE=<dir>: the
      // server's processes write V8 CPU profiles there too (where the time goes).
      NODE_OPTIONS: [
        `--import ${path.join(root, "scripts/bench-support/loop-stalls.mjs")}`,
        ...(process.env.BENCH_PROFILE ? [`--cpu-prof --cpu-prof-dir=${process.env.BENCH_PROFILE}`] : []),
      ].join(" "),
      BENCH_STALLS_DIR: stallsDir,
      ...env,
    },
    stdio: ["ignore", "pipe", "inherit"],
  });
  server.stdout.on("data", (chunk: Buffer) => {
    // Only the controller's lines are kept: the rest (every request at debug) is not needed.
    for (const line of chunk.toString().split("\n"))
      if (line.includes("smart charging recomputed")) output += `${line}\n`;
  });
  await waitForHealthy(url, server, 60_000);
  const pids = servingProcesses(server.pid!);
  const rssBefore = pids.reduce((sum, pid) => sum + rssMb(pid), 0);

  const latencies: number[] = [];
  let failures = 0;
  const acknowledged: Acknowledged = { transactions: [], readings: [], resent: 0, replayed: 0, replayedAsNew: 0 };
  const sims = chargers.map(({ identity, password }, i) => {
    const sim = new SimCharger(
      `ws://127.0.0.1:${port}/ocpp`,
      identity,
      password,
      i % 2 ? "ocpp1.6" : "ocpp2.0.1",
      22,
      false,
    );
    // Where a process is killed, the chargers deliver transaction messages again once reconnected, as OCPP asks.
    const bare = sim.client.call.bind(sim.client);
    const call = kill ? deliverLikeACharger(sim, acknowledged, bare) : bare;
    sim.client.call = async (method: unknown, params?: unknown, options?: Record<string, unknown>) => {
      const started = performance.now();
      try {
        return await call(method, params, options);
      } catch (error) {
        failures++;
        throw error;
      } finally {
        latencies.push(performance.now() - started);
      }
    };
    return sim;
  });
  const connectStarted = performance.now();
  for (let i = 0; i < sims.length; i += 50) await Promise.all(sims.slice(i, i + 50).map((s) => s.boot()));
  const connectSeconds = (performance.now() - connectStarted) / 1000;
  await new Promise((r) => setTimeout(r, 3000));
  const rssAfter = pids.reduce((sum, pid) => sum + rssMb(pid), 0);
  latencies.length = 0;

  const depots = CHARGERS / PER_DEPOT;
  const peakKw = new Array<number>(depots).fill(0);
  const started = performance.now();
  const loadFrom = Date.now();
  let tick = 0;
  // The kill's run: a charger still delivering an earlier message (waiting to reconnect) does nothing new meanwhile,
  // and the second goes on without it.
  const busy = new Set<SimCharger>();
  const inFlight = new Set<Promise<unknown>>();
  let killing: ReturnType<typeof killOneServingProcess> | null = null;
  let storm = null as Awaited<ReturnType<typeof killOneServingProcess>> | null;
  let stormPeakKw = 0;
  let drawingAtKill = 0;
  let killedAfter = 0;
  while (performance.now() - started < SECONDS * 1000) {
    tick++;
    const second = performance.now();
    // Killed once a depot draws near its limit (so the limit is at stake while chargers come back), at the latest at
    // KILL.latest.
    if (kill && !killing && second - started > KILL.at * 1000) {
      const drawing = Math.max(...peakKwAt(sims, depots, Date.now()));
      if (drawing >= 0.9 * LIMIT_KW || second - started > KILL.latest * 1000) {
        drawingAtKill = drawing;
        killedAfter = (second - started) / 1000;
        killing = killOneServingProcess(pids[0]!, sims).then((found) => (storm = found));
      }
    }
    const work = sims.map(async (sim, i) => {
      if (busy.has(sim)) return;
      busy.add(sim);
      try {
        // Each charger keeps its own clock: its second starts at its own offset, so the depot's messages arrive
        // spread over the second as real chargers' do, not all in the same millisecond.
        await new Promise((r) => setTimeout(r, (i * 997) % 1000));
        try {
          // An evening's arrivals compressed into two minutes: every second one idle charger in 120 gets a vehicle
          // (about two thirds of them by the end), and one charging vehicle in 600 leaves.
          if (!sim.plugged && Math.random() < 1 / 120)
            await sim.plugIn({
              tag: `g1-${i}`,
              batteryKwh: 75,
              socKwh: 20 + Math.random() * 30,
              targetKwh: 67.5,
              maxKw: 22,
            });
          else if (sim.plugged && Math.random() < 1 / 600) await sim.unplug();
          sim.charge(1);
          if (tick % 10 === i % 10) await sim.report();
        } catch {
          // counted in failures
        }
      } finally {
        busy.delete(sim);
      }
    });
    const all = Promise.all(work);
    if (kill) {
      inFlight.add(all);
      void all.then(() => inFlight.delete(all));
      await Promise.race([all, new Promise((r) => setTimeout(r, 1000))]);
    } else await all;
    // What the depot's chargers draw at this instant (each at the limit its profiles set now), sampled every second.
    const now = Date.now();
    for (let d = 0; d < depots; d++)
      peakKw[d] = Math.max(
        peakKw[d]!,
        sims.slice(d * PER_DEPOT, (d + 1) * PER_DEPOT).reduce((sum, s) => sum + s.drawingNowW(now) / 1000, 0),
      );
    if (killing && !storm) stormPeakKw = Math.max(stormPeakKw, ...peakKwAt(sims, depots, now));
    await new Promise((r) => setTimeout(r, Math.max(0, 1000 - (performance.now() - second))));
  }
  const elapsed = (performance.now() - started) / 1000;
  const loadUntil = Date.now();
  // What the chargers were still delivering is given its time to arrive before they stop.
  await Promise.race([Promise.all(inFlight), new Promise((r) => setTimeout(r, 30_000))]);
  await killing;
  const messages = latencies.length;
  await Promise.all(sims.map((s) => s.close().catch(() => undefined)));
  server.kill("SIGTERM");
  await new Promise((r) => server.once("exit", r));
  const held = loopHeld(stallsDir, loadFrom, loadUntil);
  const kept = kill && databaseUrl ? await checkAcknowledged(databaseUrl, acknowledged) : null;

  const recomputes = output
    .split("\n")
    .filter(Boolean)
    .map((line) => JSON.parse(line) as { sessions: number; computedMs: number; waitedMs: number; ms: number })
    .filter((r) => r.sessions >= 20);
  const computed = recomputes.map((r) => r.computedMs).sort((a, b) => a - b);
  const whole = recomputes.map((r) => r.ms).sort((a, b) => a - b);
  const waited = recomputes.map((r) => r.waitedMs).sort((a, b) => a - b);
  const sorted = [...latencies].sort((a, b) => a - b);
  const sessions = recomputes.reduce((m, r) => Math.max(m, r.sessions), 0);
  const row = `| ${label} | ${CHARGERS} (connected in ${connectSeconds.toFixed(1)} s) | ${(messages / elapsed).toFixed(0)} | ${quantile(sorted, 0.5).toFixed(1)} / ${quantile(sorted, 0.99).toFixed(1)} ms | ${failures} | ${quantile(computed, 0.5).toFixed(0)} / ${quantile(computed, 0.99).toFixed(0)} ms (${recomputes.length} runs, up to ${sessions} sessions); waiting for the depot's lock ${quantile(waited, 0.5).toFixed(0)} / ${quantile(waited, 0.99).toFixed(0)} ms; with sending ${quantile(whole, 0.5).toFixed(0)} / ${quantile(whole, 0.99).toFixed(0)} ms | ${Math.max(...peakKw).toFixed(1)} kW of ${LIMIT_KW} | ${(((rssAfter - rssBefore) * 1024) / CHARGERS).toFixed(0)} kB | ${held} |`;
  console.log(row);
  return {
    row,
    lost: storm && kept ? { ...storm, ...kept, stormPeakKw, drawingAtKill, killedAfter, chargers: CHARGERS } : null,
    answerP99: quantile(sorted, 0.99),
    recomputeP99: quantile(computed, 0.99),
    peakKw: Math.max(...peakKw),
  };
}

const rows: Awaited<ReturnType<typeof run>>[] = [];
let lost: NonNullable<Awaited<ReturnType<typeof run>>["lost"]> | null = null;
if (values.only !== "kill") {
  if (values.only !== "postgres") rows.push(await run({ label: "SQLite, 1 serving process", processes: 1 }));
  if (values.only === "sqlite") {
    console.log(JSON.stringify(rows[0]));
    process.exit(0);
  }
  const pg = await startThrowawayPostgres();
  try {
    rows.push(await run({ label: "PostgreSQL, 2 serving processes", databaseUrl: pg.url, processes: 2 }));
  } finally {
    pg.stop();
  }
  if (values.only === "postgres") {
    console.log(JSON.stringify(rows[0]));
    process.exit(0);
  }
}
// The kill on a database of its own (the runs' chargers are the same identities).
const pgKill = await startThrowawayPostgres();
try {
  lost = (await run({ label: "PostgreSQL, one of 2 killed", databaseUrl: pgKill.url, processes: 2, kill: true })).lost;
} finally {
  pgKill.stop();
}
console.log(lostReport(lost).join("\n"));
spawnSync(process.execPath, [path.join(root, "scripts/write-benchmark.js"), "ocpp-loss"], {
  input: [
    "### A serving process lost under load (`npm run bench:ocpp`, alone: `-- --only kill`)",
    "",
    `Measured ${new Date().toISOString().slice(0, 10)} on this 2-core machine.`,
    "",
    ...lostReport(lost),
  ].join("\n"),
  stdio: ["pipe", "inherit", "inherit"],
});
if (values.only === "kill") process.exit(0);
const report = [
  "### Box Charge under load (`npm run bench:ocpp`)",
  "",
  `Measured ${new Date().toISOString().slice(0, 10)} on this 2-core machine, the chargers simulated in the bench's own process (ocpp-rpc clients, 1.6J and 2.0.1 alternating): ${COUNT} chargers in depots of ${PER_DEPOT}, each depot's plan giving a ${LIMIT_KW} kW site limit for ${PER_DEPOT} × 22 kW, for ${LOAD_SECONDS} s: every second one idle charger in 120 gets a vehicle and one charging vehicle in 600 leaves (an evening's arrivals in two minutes); meter values every 10 s; each charger's second starts at its own offset (its clock is its own, so the messages come spread over each second, not in one burst); the simulated chargers do not check schemas themselves (the server does). Answer times are the chargers' (each call to its answer, the client on the same machine). Recomputation: the live controller reading a depot and sharing its limit, without the time it waited for the depot's lock while another process decided for it (shown apart; with sending: the whole, until every changed profile is answered), runs with at least 20 sessions. Peak: the most any depot's simulated chargers drew at one instant, sampled every second (each at the least of its maximum, the vehicle's and the limit its profiles set then).`,
  "",
  "| run | chargers | messages/s | answer p50 / p99 | failed calls | recomputation p50 / p99 | peak against limit | memory per charger | event loop held |",
  "|---|---|---|---|---|---|---|---|---|",
  ...rows.map((r) => r.row),
  "",
  `Targets (issue 32): answer p99 under 100 ms: ${met(rows.every((r) => r.answerP99 < 100))}; recomputation for a 200-charger depot under 50 ms: ${met(rows.every((r) => r.recomputeP99 < 50))}; the site limit never exceeded: ${met(rows.every((r) => r.peakKw <= LIMIT_KW + 1e-9))}.`,
].join("\n");
spawnSync(process.execPath, [path.join(root, "scripts/write-benchmark.js"), "ocpp"], {
  input: report,
  stdio: ["pipe", "inherit", "inherit"],
});
process.exit(0);

/**
 * How often and how long the serving processes' event loops were held during the load (loop-stalls.mjs): a charger
 * whose message arrives then waits that long, whatever its own message costs.
 */
function loopHeld(dir: string, from: number, until: number): string {
  const stalls = readdirSync(dir)
    .flatMap((file) => JSON.parse(readFileSync(path.join(dir, file), "utf8")) as { at: number; ms: number }[])
    .filter((s) => s.at >= from && s.at <= until)
    .map((s) => s.ms)
    .sort((a, b) => b - a);
  if (!stalls.length) return "never 150 ms or more";
  return `${stalls.length} times 150 ms or more, the longest ${stalls.slice(0, 3).join(", ")} ms`;
}

/** The serving process killed under load (issue 61, item 3): what happened, and the targets. */
function lostReport(found: typeof lost): string[] {
  if (!found) return ["A serving process killed under load: the run did not complete."];
  return [
    `**A serving process killed under load** (issue 61): ${found.chargers} chargers on PostgreSQL with two serving processes, plugging vehicles in and out and reporting as in "Box Charge under load" for ${KILL.seconds} s. Once a depot draws 90 % of its limit (after ${KILL.at} s, at the latest at ${KILL.latest} s) one serving process is killed with SIGKILL (the supervisor starts another): here after ${found.killedAfter.toFixed(0)} s, the busiest depot drawing ${found.drawingAtKill.toFixed(1)} kW. The chargers reconnect by themselves (ocpp-rpc's back-off) and send again, once connected, any transaction message that got no answer, as OCPP asks of a charger; then every transaction and meter value the server answered is looked for in the database.`,
    "",
    `- chargers that lost their connection: ${found.dropped}; the last connected again ${found.lastBackSeconds.toFixed(1)} s after the kill (target 30 s): ${met(found.stillOut === 0 && found.lastBackSeconds <= 30)}${found.stillOut ? ` (${found.stillOut} not back within 120 s)` : ""}`,
    `- acknowledged transactions missing: ${found.lostTransactions} of ${found.transactions}; acknowledged meter values missing: ${found.lostReadings} of ${found.readings} (target 0): ${met(found.lostTransactions === 0 && found.lostReadings === 0)}`,
    `- transactions counted twice: ${found.doubledTransactions} (target 0), with ${found.resent} transaction messages sent again after reconnecting unanswered, and ${found.replayed} starts already answered sent again (as by a charger whose answer was lost with its connection; ${found.replayedAsNew} answered as a new transaction): ${met(found.doubledTransactions === 0 && found.replayedAsNew === 0)}`,
    `- the most any depot drew from the kill until every charger was back: ${found.stormPeakKw.toFixed(1)} kW of ${LIMIT_KW} (target: within the limit): ${met(found.stormPeakKw <= LIMIT_KW + 1e-9)}`,
  ];
}
