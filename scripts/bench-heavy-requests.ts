// Heavy requests against everyone else (`npm run bench:heavy`): page latency for
// a signed-in reader while one client sends the heaviest requests the product
// takes (issue 17, finding 6). On the production build, one serving process,
// the embedded defaults. Scenarios, each for BENCH_SECONDS (default 15):
//   pages alone;
//   + an admin importing a 20,000-substation network file, over and over;
//   + 8 charging-plan PDF reports at a time;
//   + 4 bodies of 13 MB with 1.3 million fields to the depot workspace at a time.
// Prints p50/p95/p99 page latency and the heavy requests' statuses, and writes them to docs/benchmarks.md.
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { pino } from "pino";

import { defaultPlanInput } from "../app/features/planning/index";
import { startPlanRun } from "../app/features/planning/index.server";
import { createUser } from "../app/features/users/index.server";
import { loadEnv } from "../app/lib/env.server";
import { openRuntime } from "../app/lib/runtime.server";
import { signIn, stopServerProcess, waitForHealthy } from "../tests/support/app-server";
import { insertDepot } from "../tests/support/depots";
import { freePort } from "../tests/support/free-port";

const SECONDS = Number(process.env.BENCH_SECONDS ?? 15);
const root = path.resolve(import.meta.dirname, "..");
const percentile = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]! : 0;

const NGED_HEADER =
  "Network Reference ID,Substation Name,Asset Type,Latitude,Longitude,Upstream Voltage,Downstream Voltage,Firm Capacity of Substation (MVA),Measured Peak Demand (MVA),Demand Headroom (MVA),Demand Headroom RAG";
const gridFile = `${NGED_HEADER}\n${Array.from({ length: 20_000 }, (_, i) => `${i},Site ${i},Primary,${50 + (i % 300) / 100},${-3 + (i % 200) / 100},33,11,20,5,15,Green`).join("\n")}\n`;
const floodBody = `intent=run-plan&${"a=1&".repeat(1_300_000)}`;

type Heavy = {
  label: string;
  concurrency: number;
  send: (url: string, cookies: Cookies, depotId: number) => Promise<number>;
};
type Cookies = { admin: string; haulier: string };

const HEAVY: Heavy[] = [
  { label: "pages alone", concurrency: 0, send: async () => 0 },
  {
    label: "+ network imports of 20,000 substations (1 at a time)",
    concurrency: 1,
    send: async (url, cookies) => {
      const form = new FormData();
      form.set("operator", "nged");
      form.set("replaceMost", "on");
      form.set("file", new Blob([gridFile], { type: "text/csv" }), "bench.csv");
      const response = await fetch(`${url}/admin/grid-data`, {
        method: "POST",
        redirect: "manual",
        headers: { origin: url, cookie: cookies.admin },
        body: form,
      });
      await response.arrayBuffer();
      return response.status;
    },
  },
  {
    label: "+ PDF reports (8 at a time)",
    concurrency: 8,
    send: async (url, cookies, depotId) => {
      const response = await fetch(`${url}/electrify/depots/${depotId}/report`, {
        headers: { cookie: cookies.haulier },
      });
      await response.arrayBuffer();
      return response.status;
    },
  },
  {
    label: "+ 13 MB bodies of 1.3 M fields (4 at a time)",
    concurrency: 4,
    send: async (url, cookies, depotId) => {
      const response = await fetch(`${url}/electrify/depots/${depotId}/plan`, {
        method: "POST",
        headers: { origin: url, cookie: cookies.haulier, "content-type": "application/x-www-form-urlencoded" },
        body: floodBody,
      });
      await response.arrayBuffer();
      return response.status;
    },
  },
];

/** The heavy client, in a process of its own so its work (building and sending 13 MB bodies) does not delay the reader's measurements. */
async function heavyClient(): Promise<void> {
  const { index, url, cookies, depotId, until } = JSON.parse(process.env.BENCH_HEAVY_CLIENT!) as {
    index: number;
    url: string;
    cookies: Cookies;
    depotId: number;
    until: number;
  };
  const heavy = HEAVY[index]!;
  const statuses: Record<string, number> = {};
  await Promise.all(
    Array.from({ length: heavy.concurrency }, async () => {
      while (Date.now() < until) {
        const status = await heavy.send(url, cookies, depotId).catch(() => -1);
        statuses[status] = (statuses[status] ?? 0) + 1;
      }
    }),
  );
  process.stdout.write(JSON.stringify(statuses));
}

function runHeavyClient(
  index: number,
  url: string,
  cookies: Cookies,
  depotId: number,
  until: number,
): Promise<Record<string, number>> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [path.join(root, "node_modules/tsx/dist/cli.mjs"), import.meta.filename], {
      cwd: root,
      env: { ...process.env, BENCH_HEAVY_CLIENT: JSON.stringify({ index, url, cookies, depotId, until }) },
      stdio: ["ignore", "pipe", "inherit"],
    });
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.on("error", reject);
    child.on("exit", (code) =>
      code === 0
        ? resolve(JSON.parse(output || "{}") as Record<string, number>)
        : reject(new Error(`heavy client exited with ${code}`)),
    );
  });
}

async function main() {
  const dataDir = mkdtempSync(path.join(tmpdir(), "electrify-bench-heavy-"));
  const env = loadEnv({
    NODE_ENV: "production",
    DATA_DIR: dataDir,
    APP_URL: "http://localhost:3000",
    LOG_LEVEL: "silent",
  });
  const runtime = await openRuntime(env, pino({ level: "silent" }));
  await createUser(runtime, { email: "admin@bench.example", password: "bench-admin-password", role: "admin" });
  const haulier = await createUser(runtime, { email: "haulier@bench.example", password: "bench-haulier-password" });
  const depotId = await insertDepot(runtime, { user_id: haulier.id, depot_name: "Bench Yard", number_of_vehicles: 30 });
  await (
    await startPlanRun(runtime, haulier, depotId, defaultPlanInput({ vehicles: 30, chargers: [] }))
  ).finished;
  await runtime.database.destroy();

  const port = await freePort();
  const url = `http://localhost:${port}`;
  let server: ChildProcess | undefined;
  const rows: string[] = [];
  try {
    server = spawn(process.execPath, ["server.js"], {
      cwd: root,
      env: {
        ...process.env,
        NODE_ENV: "production",
        MALLOC_ARENA_MAX: "2",
        MALLOC_MMAP_THRESHOLD_: "131072",
        DATA_DIR: dataDir,
        PORT: String(port),
        HOST: "127.0.0.1",
        APP_URL: url,
        LOG_LEVEL: "warn",
        SIGN_IN_RATE_LIMIT_MAX: "1000",
      },
      stdio: ["ignore", "inherit", "inherit"],
    });
    await waitForHealthy(url, server);
    const cookies = {
      admin: await signIn({ url }, "admin@bench.example", "bench-admin-password"),
      haulier: await signIn({ url }, "haulier@bench.example", "bench-haulier-password"),
    };
    for (const heavy of HEAVY) {
      // The client process needs a moment to start: the measured window begins after it.
      const until = Date.now() + 1500 + SECONDS * 1000;
      const heavyRun =
        heavy.concurrency > 0
          ? runHeavyClient(HEAVY.indexOf(heavy), url, cookies, depotId, until)
          : Promise.resolve({});
      await new Promise((resolve) => setTimeout(resolve, 1500));
      const pages: number[] = [];
      let failed = 0;
      const reader = (async () => {
        while (Date.now() < until) {
          for (const page of ["/", "/depots", "/account"]) {
            const started = performance.now();
            const response = await fetch(`${url}${page}`, { headers: { cookie: cookies.haulier } }).catch(() => null);
            if (!response || response.status !== 200) failed++;
            await response?.arrayBuffer();
            pages.push(performance.now() - started);
          }
        }
      })();
      const [statuses] = await Promise.all([heavyRun, reader]);
      pages.sort((a, b) => a - b);
      const heavyText =
        heavy.concurrency === 0
          ? "–"
          : Object.entries(statuses)
              .map(([status, count]) => `${count} × ${status}`)
              .join(", ");
      const row = `| ${heavy.label} | ${pages.length} | ${percentile(pages, 50).toFixed(0)} | ${percentile(pages, 95).toFixed(0)} | ${percentile(pages, 99).toFixed(0)} | ${failed} | ${heavyText} |`;
      console.log(row);
      rows.push(row);
    }
  } finally {
    await stopServerProcess(server);
  }
  const section = [
    "### Heavy requests against page latency (`npm run bench:heavy`)",
    "",
    `Production build, one serving process, SQLite; one reader loading /, /depots and /account in turn while another client (a process of its own) sends the heavy requests, ${SECONDS} s per scenario; the same 2-core machine runs all three. Measured ${new Date().toISOString().slice(0, 10)}.`,
    "",
    "| scenario | pages | p50 ms | p95 ms | p99 ms | page failures | heavy requests (count × status) |",
    "| --- | ---: | ---: | ---: | ---: | ---: | --- |",
    ...rows,
    "",
  ].join("\n");
  const file = path.join(root, "docs/benchmarks.md");
  const current = readFileSync(file, "utf8");
  const marker = "### Heavy requests against page latency";
  const start = current.indexOf(marker);
  const next = start < 0 ? -1 : current.indexOf("\n### ", start + marker.length);
  const updated =
    start < 0
      ? `${current.trimEnd()}\n\n${section}`
      : `${current.slice(0, start)}${section}${next < 0 ? "" : current.slice(next + 1)}`;
  writeFileSync(file, updated);
  console.log("written to docs/benchmarks.md");
}

if (process.env.BENCH_HEAVY_CLIENT) await heavyClient();
else await main();
