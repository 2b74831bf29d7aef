// 20 concurrent survey submissions, each with four ~5 MB photos, against the
// production build on SQLite. Prints throughput, latency percentiles and the
// server's peak memory (VmHWM), checks that every acknowledged survey and
// photo is stored, and writes the figures to docs/benchmarks.md.
import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { DatabaseSync } from "node:sqlite";
import sharp from "sharp";

const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 20);
const PHOTOS_PER_SURVEY = 4;
const root = path.resolve(import.meta.dirname, "..");
const node = process.execPath;

const freePort = () =>
  new Promise((resolve) => {
    const server = createServer().listen(0, "127.0.0.1", () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });

/** A noisy 12-megapixel JPEG of at least 5 MB, like a phone photo. */
async function phonePhoto(seed) {
  const width = 4000;
  const height = 3000;
  const raw = Buffer.alloc(width * height * 3);
  let state = seed * 2654435761;
  for (let i = 0; i < raw.length; i++) {
    state = (state * 1103515245 + 12345) >>> 0;
    raw[i] = ((i % (width * 3)) / 12 + (state >>> 24) / 3) & 255;
  }
  for (let quality = 80; ; quality += 4) {
    const jpeg = await sharp(raw, { raw: { width, height, channels: 3 } })
      .jpeg({ quality })
      .toBuffer();
    if (jpeg.length >= 5 * 1024 * 1024 || quality >= 100) return jpeg;
  }
}

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

if (!existsSync(path.join(root, "build/server/index.js")))
  spawnSync("npm", ["run", "build", "--silent"], { cwd: root, stdio: "inherit" });
const dataDir = mkdtempSync(path.join(tmpdir(), "electrify-bench-surveys-"));
// The same environment as `npm start`, including its glibc malloc settings (decisions 013 and 027).
const env = {
  ...process.env,
  NODE_ENV: "production",
  MALLOC_ARENA_MAX: "2",
  MALLOC_MMAP_THRESHOLD_: "131072",
  DATA_DIR: dataDir,
  LOG_LEVEL: "warn",
  SIGN_IN_RATE_LIMIT_MAX: "1000",
};
const created = spawnSync(
  node,
  [
    path.join(root, "node_modules/tsx/dist/cli.mjs"),
    "app/cli/main.ts",
    "user:create",
    "--email",
    "bench@haulier.example",
    "--password",
    "bench-password",
  ],
  { cwd: root, env, encoding: "utf8" },
);
if (created.status !== 0) throw new Error(created.stderr);

const port = await freePort();
const url = `http://localhost:${port}`;
const server = spawn(node, ["server.js"], {
  cwd: root,
  env: { ...env, PORT: String(port), HOST: "127.0.0.1", APP_URL: url },
  stdio: "inherit",
});
try {
  for (let i = 0; i < 300; i++) {
    try {
      if ((await fetch(`${url}/healthz`)).ok) break;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  const signIn = await fetch(`${url}/auth`, {
    method: "POST",
    redirect: "manual",
    headers: { origin: url, "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ email: "bench@haulier.example", password: "bench-password" }),
  });
  const cookie = signIn.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  const photos = await Promise.all(Array.from({ length: PHOTOS_PER_SURVEY }, (_, i) => phonePhoto(i + 1)));
  const photoMb = photos.reduce((sum, p) => sum + p.length, 0) / PHOTOS_PER_SURVEY / 1024 / 1024;
  // `node server.js` is the supervisor (decision 028); the serving process is its child, and the one measured.
  const serving = readdirSync("/proc")
    .filter((entry) => /^\d+$/.test(entry))
    .find((entry) => {
      try {
        const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
        const parent = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
        return parent === server.pid && readFileSync(`/proc/${entry}/cmdline`, "utf8").includes("server.js");
      } catch {
        return false;
      }
    });
  if (!serving) throw new Error("no serving process under the supervisor");
  const rssBefore = Number(readFileSync(`/proc/${serving}/status`, "utf8").match(/VmRSS:\s+(\d+)/)[1]) / 1024;

  const fields = [
    "photo_proposed_charging_area",
    "photo_electrical_panel",
    "photo_point_of_connection",
    "photo_cable_run",
  ];
  const submit = async (index) => {
    const form = new FormData();
    form.set("depotName", `Bench Depot ${index}`);
    form.set("depotAddress", `${index} Benchmark Road`);
    form.set("numberOfEVs", String(index));
    form.set("latitude", "51.5");
    form.set("longitude", "-2.6");
    form.set("idempotencyKey", crypto.randomUUID());
    photos.forEach((photo, i) => form.append(fields[i], new Blob([photo], { type: "image/jpeg" }), `photo-${i}.jpg`));
    const started = performance.now();
    const response = await fetch(`${url}/surveys`, {
      method: "POST",
      headers: { origin: url, cookie, accept: "application/json" },
      body: form,
    });
    const body = await response.json();
    return { ms: performance.now() - started, status: response.status, ok: body.ok === true };
  };

  const started = performance.now();
  const results = await Promise.all(Array.from({ length: CONCURRENCY }, (_, i) => submit(i + 1)));
  const wallSeconds = (performance.now() - started) / 1000;
  const peakMb = Number(readFileSync(`/proc/${serving}/status`, "utf8").match(/VmHWM:\s+(\d+)/)[1]) / 1024;

  const database = new DatabaseSync(path.join(dataDir, "electrify.sqlite"), { readOnly: true });
  const depots = database.prepare("select count(*) as n from depots").get().n;
  const photoRows = database.prepare("select storage_key, thumbnail_key from survey_photos").all();
  database.close();
  const filesPresent = photoRows.every(
    (row) =>
      existsSync(path.join(dataDir, "files", row.storage_key)) &&
      existsSync(path.join(dataDir, "files", row.thumbnail_key)),
  );
  const acknowledged = results.filter((r) => r.ok).length;
  const latencies = results.map((r) => r.ms).sort((a, b) => a - b);

  const report = [
    "### Survey submissions (`npm run bench:surveys`)",
    "",
    `Measured ${new Date().toISOString().slice(0, 10)}: ${CONCURRENCY} concurrent submissions, each with ${PHOTOS_PER_SURVEY} photos of ${photoMb.toFixed(1)} MB (4000×3000 JPEG), against the production build on SQLite, client and server on this 2-core machine.`,
    "",
    "| measure | value |",
    "|---|---|",
    `| acknowledged (200, ok) | ${acknowledged} of ${CONCURRENCY} |`,
    `| throughput | ${(acknowledged / wallSeconds).toFixed(2)} surveys/s, ${((acknowledged * PHOTOS_PER_SURVEY * photoMb) / wallSeconds).toFixed(1)} MB/s of photos |`,
    `| latency p50 / p95 / max | ${(percentile(latencies, 50) / 1000).toFixed(1)} s / ${(percentile(latencies, 95) / 1000).toFixed(1)} s / ${(latencies.at(-1) / 1000).toFixed(1)} s |`,
    `| server RSS before → peak (VmHWM) | ${rssBefore.toFixed(0)} MB → ${peakMb.toFixed(0)} MB (target: peak under 400 MB) |`,
    `| stored afterwards | ${depots} depots, ${photoRows.length} photo records, all files present: ${filesPresent ? "yes" : "NO"} |`,
  ].join("\n");
  console.log(report);
  spawnSync(node, [path.join(root, "scripts/write-benchmark.js"), "surveys"], {
    input: report,
    stdio: ["pipe", "inherit", "inherit"],
  });
  if (
    acknowledged !== CONCURRENCY ||
    depots !== acknowledged ||
    photoRows.length !== acknowledged * PHOTOS_PER_SURVEY ||
    !filesPresent
  )
    process.exitCode = 1;
} finally {
  server.kill("SIGTERM");
  await new Promise((resolve) => server.once("exit", resolve));
  rmSync(dataDir, { recursive: true, force: true });
}
