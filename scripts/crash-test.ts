// Crash test (`npm run test:crash`, SQLite): while 20 clients submit surveys
// with photos, the production server is killed with SIGKILL at random moments
// 10 times and restarted. Afterwards every survey the server acknowledged is
// there with all its photos (records and files), no photo file is left that
// no survey refers to (the start-up clean-up removes what a kill leaves), and
// the database passes SQLite's integrity check. Prints what it did; exits 1
// on any failure. Needs a production build (`npm run build`). CRASH_PROCESSES=2
// runs the server with two serving processes (WEB_CONCURRENCY): the kill hits
// the first process, and its serving processes go with it. CRASH_KILL=serving
// kills the serving process instead, under the supervisor that `npm start`
// runs (decision 028): the supervisor starts another at once, which cleans up
// after the one killed; the server itself is never restarted.
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { DatabaseSync } from "node:sqlite";
import { pino } from "pino";
import sharp from "sharp";

import { createUser } from "../app/features/users/index.server";
import { loadEnv } from "../app/lib/env.server";
import { openRuntime } from "../app/lib/runtime.server";
import { signIn, waitForHealthy } from "../tests/support/app-server";
import { freePort } from "../tests/support/free-port";
import { alive, servingProcesses } from "../tests/support/processes";

const KILLS = 10;
const CLIENTS = 20;
const PROCESSES = process.env.CRASH_PROCESSES ?? "1";
const KILL_SERVING = process.env.CRASH_KILL === "serving";
const root = path.resolve(import.meta.dirname, "..");
if (!existsSync(path.join(root, "build/server/index.js")))
  throw new Error("No production build: run `npm run build` first.");

const dataDir = mkdtempSync(path.join(tmpdir(), "electrify-crash-"));
const env = loadEnv({ DATA_DIR: dataDir, LOG_LEVEL: "silent", NODE_ENV: "production" });
{
  const runtime = await openRuntime(env, pino({ level: "silent" }));
  // One account per client, as real hauliers have (an account holds at most 250 depots).
  for (let n = 0; n < CLIENTS; n++)
    await createUser(runtime, { email: `crash-${n}@fleet.example`, password: "crash-password" });
  await runtime.database.destroy();
}

let seed = 20261122;
const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
const photos = await Promise.all(
  [0, 1, 2].map((n) =>
    sharp({ create: { width: 900 + n * 50, height: 600, channels: 3, background: { r: 40 * n, g: 120, b: 60 } } })
      .jpeg()
      .toBuffer(),
  ),
);

const port = await freePort();
const url = `http://127.0.0.1:${port}`;
let server: ChildProcess | null = null;
let serverLog = "";

async function start() {
  // Killing a serving process leaves the supervisor running, which starts another.
  if (KILL_SERVING && server && server.exitCode === null) return waitForHealthy(url, server);
  server = spawn(process.execPath, ["server.js"], {
    cwd: root,
    env: {
      PATH: process.env.PATH,
      NODE_ENV: "production",
      HOST: "127.0.0.1",
      PORT: String(port),
      APP_URL: url,
      DATA_DIR: dataDir,
      LOG_LEVEL: "warn",
      SIGN_IN_RATE_LIMIT_MAX: "1000",
      WEB_CONCURRENCY: PROCESSES,
      // Not what this test is about, and three of them run side by side: no FTP or TLS listener for chargers.
      FTP_PORT: "off",
      OCPP_TLS_PORT: "off",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  server.stdout?.on("data", (chunk: Buffer) => (serverLog += chunk.toString()));
  server.stderr?.on("data", (chunk: Buffer) => (serverLog += chunk.toString()));
  try {
    await waitForHealthy(url, server);
  } catch (error) {
    // Not left running behind a failed test (a run starved of CPU left one, and its serving process, going on): asked
    // to stop as a deployment would, so the supervisor takes its serving process with it.
    server.kill("SIGTERM");
    throw new Error(`The server did not start:\n${serverLog}`, { cause: error });
  }
}

async function kill() {
  if (KILL_SERVING) {
    const [serving] = servingProcesses(server!.pid!);
    if (!serving) throw new Error(`No serving process under the supervisor:\n${serverLog}`);
    process.kill(serving, "SIGKILL");
    while (alive(serving)) await new Promise((resolve) => setTimeout(resolve, 10));
    return;
  }
  const child = server!;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.kill("SIGKILL");
  await exited;
}

await start();
const cookies = await Promise.all(
  Array.from({ length: CLIENTS }, (_, n) => signIn({ url }, `crash-${n}@fleet.example`, "crash-password")),
);

type Ack = { depotId: number; name: string; photos: number };
const acknowledged: Ack[] = [];
let attempts = 0;
let failures = 0;
let running = true;

async function client(n: number) {
  while (running) {
    const count = 1 + Math.floor(random() * 3);
    const name = `Crash Yard ${n}-${attempts++}`;
    const form = new FormData();
    for (const [key, value] of Object.entries({
      depotName: name,
      depotAddress: "1 Crash Road",
      numberOfEVs: "3",
      latitude: "51.5",
      longitude: "-2.6",
      idempotencyKey: crypto.randomUUID(),
    }))
      form.set(key, value);
    const fields = ["photo_proposed_charging_area", "photo_electrical_panel", "photo_point_of_connection"];
    for (let p = 0; p < count; p++)
      form.append(fields[p]!, new Blob([new Uint8Array(photos[p]!)], { type: "image/jpeg" }), `${p}.jpg`);
    try {
      const response = await fetch(`${url}/surveys`, {
        method: "POST",
        headers: { origin: url, cookie: cookies[n]!, accept: "application/json" },
        body: form,
        signal: AbortSignal.timeout(20_000),
      });
      const body = (await response.json()) as { ok: boolean; depotId?: number };
      if (response.status === 200 && body.ok && body.depotId)
        acknowledged.push({ depotId: body.depotId, name, photos: count });
      else failures++;
    } catch {
      // The server was killed under this request: not acknowledged, so nothing is promised.
      failures++;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}

const clients = Array.from({ length: CLIENTS }, (_, n) => client(n));
for (let round = 1; round <= KILLS; round++) {
  await new Promise((resolve) => setTimeout(resolve, 800 + random() * 2500));
  await kill();
  console.log(`kill ${round}: ${acknowledged.length} surveys acknowledged so far`);
  await start();
}
await new Promise((resolve) => setTimeout(resolve, 1500));
running = false;
await Promise.all(clients);
// A last clean stop and start: the start-up clean-up runs on what the last kill left (killing a serving process:
// its replacement's clean-up, which runs once it listens).
await kill();
await start();
if (KILL_SERVING) await new Promise((resolve) => setTimeout(resolve, 2000));
const stopped = new Promise((resolve) => server!.once("exit", resolve));
server!.kill("SIGTERM");
await stopped;

// Check everything against the database and the files on disk.
const runtime = await openRuntime(env, pino({ level: "silent" }));
const problems: string[] = [];
try {
  for (const ack of acknowledged) {
    const depot = await runtime.database.db
      .selectFrom("depots")
      .select(["id", "depot_name"])
      .where("id", "=", ack.depotId)
      .executeTakeFirst();
    if (!depot || depot.depot_name !== ack.name) {
      problems.push(`acknowledged survey ${ack.name} (depot ${ack.depotId}) is missing`);
      continue;
    }
    const rows = await runtime.database.db
      .selectFrom("survey_photos")
      .select(["storage_key", "thumbnail_key"])
      .where("depot_id", "=", ack.depotId)
      .execute();
    if (rows.length !== ack.photos) problems.push(`${ack.name}: ${rows.length} of ${ack.photos} photos`);
    for (const row of rows) {
      for (const key of [row.storage_key, row.thumbnail_key]) {
        const file = await runtime.storage.read(key);
        if (!file || file.bytes === 0) problems.push(`${ack.name}: file ${key} missing`);
        file?.stream.destroy();
      }
    }
  }
  const referenced = new Set(
    (await runtime.database.db.selectFrom("survey_photos").select(["storage_key", "thumbnail_key"]).execute()).flatMap(
      (r) => [r.storage_key, r.thumbnail_key],
    ),
  );
  const files = await runtime.storage.list("surveys/");
  const orphans = files.filter((file) => !referenced.has(file.key));
  if (orphans.length > 0) problems.push(`${orphans.length} photo files no survey refers to, e.g. ${orphans[0]!.key}`);
  const depots = await runtime.database.db
    .selectFrom("depots")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .executeTakeFirstOrThrow();
  const removed = (serverLog.match(/"removed":(\d+)/g) ?? []).reduce(
    (sum, match) => sum + Number(match.split(":")[1]),
    0,
  );
  console.log(
    `\n${KILLS} SIGKILLs ${KILL_SERVING ? "of the serving process " : ""}under ${CLIENTS} clients (${PROCESSES} serving process${PROCESSES === "1" ? "" : "es"}): ${attempts} submissions tried, ${acknowledged.length} acknowledged, ${failures} cut off or refused (most while the server was down); ${Number(depots.n)} depots and ${files.length} photo files on disk; ${removed} orphaned files removed at start-up.`,
  );
} finally {
  await runtime.database.destroy();
}
const sqlite = new DatabaseSync(path.join(dataDir, "electrify.sqlite"), { readOnly: true });
const integrity = (sqlite.prepare("pragma integrity_check").get() as { integrity_check: string }).integrity_check;
sqlite.close();
if (integrity !== "ok") problems.push(`integrity check: ${integrity}`);
console.log(
  `Integrity check: ${integrity}. Every acknowledged survey with all its photos: ${problems.length === 0 ? "yes" : "NO"}.`,
);
for (const problem of problems.slice(0, 20)) console.log(`  - ${problem}`);
process.exit(problems.length === 0 && acknowledged.length > 0 ? 0 : 1);
