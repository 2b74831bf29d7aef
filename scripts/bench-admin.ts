// The admin submissions page on 10,000 seeded depots (with photo records), on
// SQLite and on PostgreSQL: the production build under autocannon (50
// connections, 20 s per page), measured from a separate process on this
// machine. Prints requests/s and latency percentiles and writes them to
// docs/benchmarks.md.
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import autocannon from "autocannon";

import { signIn, stopServerProcess, waitForHealthy } from "../tests/support/app-server";
import { freePort } from "../tests/support/free-port";
import { startThrowawayPostgres, type ThrowawayPostgres } from "../tests/support/throwaway-postgres";

const DEPOTS = Number(process.env.BENCH_DEPOTS ?? 10_000);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 20);
const root = path.resolve(import.meta.dirname, "..");
const node = process.execPath;
const ADMIN = { email: "bench-admin@consultancy.example", password: "bench-admin-password" };

const PAGES = [
  { label: "first page", path: "/admin" },
  { label: "search 'bristol'", path: "/admin?q=bristol" },
  { label: "filter approved, page 3", path: "/admin?status=approved&page=3" },
];

type Result = {
  engine: string;
  label: string;
  serviceMs: number;
  requests: number;
  rps: number;
  p50: number;
  p90: number;
  p99: number;
  errors: number;
};

async function measure(engine: "sqlite" | "postgres"): Promise<Result[]> {
  let postgres: ThrowawayPostgres | undefined;
  const dataDir = mkdtempSync(path.join(tmpdir(), `electrify-bench-admin-${engine}-`));
  let server: ChildProcess | undefined;
  try {
    if (engine === "postgres") postgres = await startThrowawayPostgres({ durable: true });
    const env = {
      ...process.env,
      NODE_ENV: "production",
      MALLOC_ARENA_MAX: "2",
      MALLOC_MMAP_THRESHOLD_: "131072",
      DATA_DIR: dataDir,
      LOG_LEVEL: "warn",
      ...(postgres ? { DATABASE_URL: postgres.url } : {}),
    };
    const seeded = spawnSync(
      node,
      [path.join(root, "node_modules/tsx/dist/cli.mjs"), "app/cli/main.ts", "demo:seed", "--depots", String(DEPOTS)],
      { cwd: root, env, encoding: "utf8" },
    );
    if (seeded.status !== 0) throw new Error(seeded.stderr);
    console.log(`[${engine}] ${seeded.stdout.trim()}`);

    const port = await freePort();
    const url = `http://localhost:${port}`;
    server = spawn(node, ["server.js"], {
      cwd: root,
      env: {
        ...env,
        PORT: String(port),
        HOST: "127.0.0.1",
        APP_URL: url,
        ADMIN_EMAIL: ADMIN.email,
        ADMIN_PASSWORD: ADMIN.password,
      },
      stdio: ["ignore", "inherit", "inherit"],
    });
    await waitForHealthy(url, server);
    // Signing in as the admin fails loudly (signIn throws) rather than measuring the sign-in page.
    const cookie = await signIn({ url }, ADMIN.email, ADMIN.password);

    const results: Result[] = [];
    for (const page of PAGES) {
      const check = await fetch(`${url}${page.path}`, { headers: { cookie }, redirect: "manual" });
      const html = await check.text();
      if (check.status !== 200 || !html.includes("Depot Submissions"))
        throw new Error(`${page.path} answered ${check.status}`);
      // One connection first: the time one request takes with no queue (also the warm-up).
      const single = await autocannon({ url: `${url}${page.path}`, connections: 1, duration: 5, headers: { cookie } });
      const run = await autocannon({
        url: `${url}${page.path}`,
        connections: CONNECTIONS,
        duration: SECONDS,
        headers: { cookie },
      });
      const result = {
        engine,
        label: page.label,
        serviceMs: single.latency.average,
        requests: run.requests.total,
        rps: run.requests.average,
        p50: run.latency.p50,
        p90: run.latency.p90,
        p99: run.latency.p99,
        errors: run.errors + run.timeouts + run.non2xx,
      };
      console.log(
        `[${engine}] ${page.label}: alone ${result.serviceMs} ms; under load ${result.rps.toFixed(0)} req/s, p50 ${result.p50} ms, p99 ${result.p99} ms, errors ${result.errors}`,
      );
      results.push(result);
    }
    return results;
  } finally {
    await stopServerProcess(server);
    postgres?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

function targetVerdict(all: Result[]): string {
  const first = all.find((r) => r.engine === "sqlite" && r.label === "first page")!;
  if (first.p99 < 100) return "Met.";
  return `Not met: with ${CONNECTIONS} connections always waiting, a request queues behind the others, so latency is about ${CONNECTIONS} × the time of one request (${first.serviceMs.toFixed(1)} ms alone → ${first.p50} ms median). A p99 under 100 ms at ${CONNECTIONS} connections needs about ${Math.ceil((CONNECTIONS * 1000) / 100)} pages/s; one Node process rendering this page reaches ${first.rps.toFixed(0)}/s here. See decision 015 for what was done and what would close the gap.`;
}

if (!existsSync(path.join(root, "build/server/index.js")))
  spawnSync("npm", ["run", "build", "--silent"], { cwd: root, stdio: "inherit" });
const results = [...(await measure("sqlite")), ...(await measure("postgres"))];
const report = [
  "### Admin submissions page (`npm run bench:admin`)",
  "",
  `Measured ${new Date().toISOString().slice(0, 10)}: ${DEPOTS.toLocaleString("en-GB")} seeded depots (about two photo records each, \`npm run seed:demo -- --depots ${DEPOTS}\`), production build, one signed-in admin; autocannon with ${CONNECTIONS} connections for ${SECONDS} s per page, run from a separate process on the same 2-core machine (so the load tool takes CPU from the server). Each request renders the whole page on the server: session check, the submissions query (count and a page of 25; a search reads the rows once, with a window count) and the activity list. PostgreSQL is a local cluster with default durability.`,
  "",
  `| engine | page | one request alone (mean, 1 connection) | requests/s at ${CONNECTIONS} | p50 | p90 | p99 | errors |`,
  "|---|---|---|---|---|---|---|---|",
  ...results.map(
    (r) =>
      `| ${r.engine} | ${r.label} | ${r.serviceMs.toFixed(1)} ms | ${r.rps.toFixed(0)} | ${r.p50} ms | ${r.p90} ms | ${r.p99} ms | ${r.errors} |`,
  ),
  "",
  `Target: p99 under 100 ms on SQLite for the first page. ${targetVerdict(results)}`,
].join("\n");
console.log(report);
spawnSync(node, [path.join(root, "scripts/write-benchmark.js"), "admin"], {
  input: report,
  stdio: ["pipe", "inherit", "inherit"],
});
if (results.some((r) => r.errors > 0)) process.exitCode = 1;
