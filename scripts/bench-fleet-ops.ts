// Fleet operations at scale (issue 59): 1,000 simulated chargers (1.6J and 2.0.1 alternating, 5 depots of 200 under
// a 200 kW site limit each) under live control while vehicles come and go, and meanwhile: every charger sent the
// company's 10,000-tag local list, a firmware rollout to all of them in waves (first wave 50, then doubling, each
// wave once the last installed and came back), the list changed by 100 tags (differential), and a log fetched from
// 50. Prints time to every charger's list and to every charger Installed, messages a second, the chargers' answer
// times p50/p99 in each phase, the site limits held, and memory per charger; writes them to docs/benchmarks.md.
//   npm run bench:fleet-ops [-- --chargers 1000 --tags 10000]
import { spawn, spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { pino } from "pino";
import { UNSAFE_decodeViaTurboStream as decodeViaTurboStream } from "react-router";

import { loadEnv } from "~/lib/env.server";
import { openRuntime } from "~/lib/runtime.server";

import { signIn, waitForHealthy } from "../tests/support/app-server";
import { freePort } from "../tests/support/free-port";
import { setUpFleet } from "./bench-support/fleet-setup";
import { SimCharger } from "./charger-simulator/sim-charger";
import { addUpkeep, type Upkeep } from "./charger-simulator/sim-upkeep";

const { values } = parseArgs({
  options: { chargers: { type: "string", default: "1000" }, tags: { type: "string", default: "10000" } },
});
const CHARGERS = Number(values.chargers);
const TAGS = Number(values.tags);
const PER_DEPOT = Math.min(200, CHARGERS);
const LIMIT_KW = 200;
const CHANGED = 100;
const LOGS = Math.min(50, CHARGERS);
const root = path.resolve(import.meta.dirname, "..");
const quantile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
const rssMb = (pid: number) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))![1]) / 1024;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const dataDir = mkdtempSync(path.join(tmpdir(), "electrify-bench-fleet-"));
const env = { DATA_DIR: dataDir };
const fleet = await setUpFleet(env, { chargers: CHARGERS, perDepot: PER_DEPOT, limitKw: LIMIT_KW, tags: TAGS });
const port = await freePort();
const url = `http://127.0.0.1:${port}`;
const server = spawn(process.execPath, ["server.js"], {
  cwd: root,
  env: {
    PATH: process.env.PATH,
    NODE_ENV: "production",
    HOST: "127.0.0.1",
    PORT: String(port),
    APP_URL: url,
    LOG_LEVEL: "warn",
    FTP_PORT: "off",
    OCPP_TLS_PORT: "off",
    // BENCH_PROFILE=<dir>: the serving processes write V8 CPU profiles there (where the time goes).
    ...(process.env.BENCH_PROFILE ? { NODE_OPTIONS: `--cpu-prof --cpu-prof-dir=${process.env.BENCH_PROFILE}` } : {}),
    ...env,
  },
  stdio: ["ignore", "inherit", "inherit"],
});
await waitForHealthy(url, server, 60_000);
const cookie = await signIn({ url }, fleet.email, fleet.password);
const runtime = await openRuntime(loadEnv({ ...env, LOG_LEVEL: "silent" }), pino({ level: "silent" }));

/** A page's form, as the browser sends it; throws with the page's message when refused. */
async function post(pathname: string, body: FormData | URLSearchParams) {
  const answer = await fetch(`${url}${pathname}.data`, { method: "POST", headers: { origin: url, cookie }, body });
  const data = ((await decodeViaTurboStream(answer.body!, globalThis)).value as { data?: { ok?: boolean } }).data;
  if (!data?.ok) throw new Error(`${pathname}: ${JSON.stringify(data)}`);
}

// The chargers: each call timed, each with its upkeep.
const latencies: number[] = [];
let failures = 0;
let messages = 0;
const sims = fleet.chargers.map(({ identity, password }, i) => {
  const sim = new SimCharger(
    `ws://127.0.0.1:${port}/ocpp`,
    identity,
    password,
    i % 2 ? "ocpp1.6" : "ocpp2.0.1",
    22,
    false,
  );
  const call = sim.client.call.bind(sim.client);
  sim.client.call = async (method: unknown, params?: unknown, options?: Record<string, unknown>) => {
    const started = performance.now();
    messages++;
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
const upkeep: Upkeep[] = sims.map((sim) => addUpkeep(sim, (firmware) => sim.reboot(firmware)));
const pid = server.pid!;
const rssBefore = rssMb(pid);
let connectSeconds = 0;

const depots = fleet.depotIds.length;
const peakKw = new Array<number>(depots).fill(0);
type Phase = {
  name: string;
  seconds: number;
  perSecond: number;
  p50: number;
  p99: number;
  listMessages: number;
  peakKw: number;
  withoutLimit: number;
};
const phases: Phase[] = [];
/** Runs `start`, then waits until `done`, timing it and the chargers' answers meanwhile. */
async function phase(name: string, start: () => Promise<void>, done: () => boolean, limitS = 900) {
  latencies.length = 0;
  peakKw.fill(0);
  const sentBefore = messages;
  const listBefore = upkeep.reduce((n, u) => n + u.listMessages, 0);
  const started = performance.now();
  await start();
  while (!done() && performance.now() - started < limitS * 1000) await sleep(250);
  const seconds = (performance.now() - started) / 1000;
  const sorted = [...latencies].sort((a, b) => a - b);
  const listMessages = upkeep.reduce((n, u) => n + u.listMessages, 0) - listBefore;
  phases.push({
    name: done() ? name : `${name} (NOT finished in ${limitS} s)`,
    seconds,
    perSecond: (messages - sentBefore + listMessages) / seconds,
    p50: quantile(sorted, 0.5),
    p99: quantile(sorted, 0.99),
    listMessages,
    peakKw: Math.max(...peakKw),
    // Chargers holding no limit at all (no default profile): one plugged in would draw its full power.
    withoutLimit: sims.filter((sim) => sim.limitW() === null).length,
  });
  console.log(JSON.stringify(phases.at(-1)));
}

// From the first connection: every charger connects (50 at a time) and is sent the whole list.
await phase(
  `${CHARGERS} chargers connect and each holds the ${TAGS}-tag list`,
  async () => {
    const connectStarted = performance.now();
    for (let i = 0; i < sims.length; i += 50) await Promise.all(sims.slice(i, i + 50).map((s) => s.boot()));
    connectSeconds = (performance.now() - connectStarted) / 1000;
  },
  () => upkeep.every((u) => u.listSize === TAGS),
);
const rssAfter = rssMb(pid);

// Vehicles come and go the whole time; each depot's draw sampled every second against its limit.
let live = true;
const liveLoop = (async () => {
  for (let tick = 1; live; tick++) {
    const second = performance.now();
    await Promise.all(
      sims.map(async (sim, i) => {
        await sleep((i * 997) % 1000);
        try {
          if (!sim.plugged && Math.random() < 1 / 120)
            await sim.plugIn({ tag: `g1-${i}`, batteryKwh: 75, socKwh: 30, targetKwh: 67.5, maxKw: 22 });
          sim.charge(1);
          if (tick % 10 === i % 10) await sim.report();
        } catch {
          // counted in failures
        }
      }),
    );
    const now = Date.now();
    for (let d = 0; d < depots; d++)
      peakKw[d] = Math.max(
        peakKw[d]!,
        sims.slice(d * PER_DEPOT, (d + 1) * PER_DEPOT).reduce((sum, s) => sum + s.drawingNowW(now) / 1000, 0),
      );
    await sleep(Math.max(0, 1000 - (performance.now() - second)));
  }
})();

// Before any operation, vehicles plug in until some depot draws close to its limit: every phase after it then runs
// with the limit binding, so "held" means something.
await phase(
  "vehicles plug in until a depot draws 90 % of its limit",
  async () => undefined,
  () => Math.max(...peakKw) >= LIMIT_KW * 0.9,
  300,
);

await phase(
  "firmware to every charger, in waves",
  async () => {
    const form = new FormData();
    form.set("intent", "upload-image");
    form.set("version", "sim-2");
    form.set("model", "Simulated AC");
    form.set("image", new Blob(["sim-2\n"]), "sim-2.bin");
    await post(`/electrify/operations/${fleet.depotIds[0]}/firmware`, form);
    const image = await runtime.database.db.selectFrom("firmware_images").select("id").executeTakeFirstOrThrow();
    for (const depotId of fleet.depotIds)
      await post(
        `/electrify/operations/${depotId}/firmware`,
        new URLSearchParams({
          intent: "start-rollout",
          imageId: String(image.id),
          model: "Simulated AC",
          firstWave: "50",
          whileCharging: "on",
        }),
      );
  },
  () => upkeep.every((u) => u.installedAt !== null),
);

console.log(JSON.stringify({ tagsPhaseStartsAt: Date.now() }));
await phase(
  `${CHANGED} tags removed (differential lists)`,
  async () => {
    const tags = await runtime.database.db
      .selectFrom("vehicle_tags")
      .select(["id", "depot_id"])
      .where("group_id", "is", null)
      .orderBy("id")
      .limit(CHANGED)
      .execute();
    for (const tag of tags)
      await post(
        `/electrify/operations/${tag.depot_id}`,
        new URLSearchParams({ intent: "remove-tag", tagId: String(tag.id) }),
      );
  },
  () => upkeep.every((u) => u.listSize === TAGS - CHANGED),
);

await phase(
  `a log fetched from ${LOGS}`,
  async () => {
    for (let i = 0; i < LOGS; i++) {
      const charger = await runtime.database.db
        .selectFrom("charge_points")
        .select(["id", "depot_id"])
        .where("identity", "=", sims[i]!.identity)
        .executeTakeFirstOrThrow();
      await post(
        `/electrify/operations/${charger.depot_id}/chargers/${charger.id}`,
        new URLSearchParams({
          intent: "fetch-logs",
          kind: sims[i]!.protocol === "ocpp1.6" ? "diagnostics" : "log",
          transport: "https",
        }),
      );
    }
  },
  () => upkeep.slice(0, LOGS).every((u) => u.uploadedAt !== null),
);

live = false;
await liveLoop;
await Promise.all(sims.map((s) => s.close().catch(() => undefined)));
server.kill("SIGTERM");
await new Promise((r) => server.once("exit", r));
await runtime.database.destroy();

const peak = Math.max(...phases.map((p) => p.peakKw));
const table = phases.map(
  (p) =>
    `| ${p.name} | ${p.seconds.toFixed(1)} s | ${p.perSecond.toFixed(0)} | ${p.listMessages} | ${p.p50.toFixed(1)} / ${p.p99.toFixed(1)} ms | ${p.peakKw.toFixed(1)} kW | ${p.withoutLimit} |`,
);
const report = [
  "### Fleet operations at scale (`npm run bench:fleet-ops`)",
  "",
  `Measured ${new Date().toISOString().slice(0, 10)} on this 2-core machine, one serving process on SQLite, the chargers simulated in the bench's own process (ocpp-rpc clients, 1.6J and 2.0.1 alternating, each taking ${500} list entries a message): ${CHARGERS} chargers in depots of ${PER_DEPOT}, each depot's plan giving a ${LIMIT_KW} kW site limit, connected in ${connectSeconds.toFixed(1)} s; vehicles plug in throughout (one idle charger in 120 a second) and charge under live control, with meter values every 10 s. Each phase runs while that goes on. Messages a second count every call the chargers made and every list message they were sent; answer times are the chargers' calls (each call to its answer). The rollout is started on each depot's Firmware page (first wave 50, then doubling; "while charging" ticked, since vehicles charge throughout), the tags are removed one by one on the Operations page, and the logs are asked for on the chargers' pages, over HTTPS.`,
  "",
  "| phase | time | messages/s | list messages | answer p50 / p99 | peak draw of any depot | chargers holding no limit at its end |",
  "|---|---|---|---|---|---|---|",
  ...table,
  "",
  `Failed calls: ${failures}. Peak draw against the limit: ${peak.toFixed(1)} kW of ${LIMIT_KW} (any depot, sampled every second). Memory: ${(((rssAfter - rssBefore) * 1024) / CHARGERS).toFixed(0)} kB per connected charger holding its list (the serving process's RSS before and after).`,
  "",
  `Targets (issue 59): answer p99 under 100 ms during the rollout: ${phases[2] && phases[2].p99 < 100 ? "met" : "NOT met"}; the site limit held: ${peak <= LIMIT_KW + 1e-9 ? "met" : "NOT met"}.`,
].join("\n");
console.log(report);
spawnSync(process.execPath, [path.join(root, "scripts/write-benchmark.js"), "fleet-ops"], {
  input: report,
  stdio: ["pipe", "inherit", "inherit"],
});
process.exit(0);
