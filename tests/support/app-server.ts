import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

import type { Fault } from "~/lib/faults.server";

import { freePort } from "./free-port";

const root = path.resolve(import.meta.dirname, "../..");

export type AppServer = {
  url: string;
  /** The supervisor (`node server.js`); the serving processes are its children. */
  process: ChildProcess;
  output: () => string;
  /** Every fault the server's processes recorded so far (unhandled errors, serving processes that died). */
  faults: () => Fault[];
  /** Sends SIGTERM and resolves with the exit code. */
  stop: () => Promise<number | null>;
};

/**
 * Servers whose faults fail the test during which they were recorded
 * (tests/setup/fail-on-server-faults.ts), with how many were already seen.
 */
export const watchedServers = new Map<AppServer, number>();

/** Faults recorded since the last call, across every watched server, as lines to report. */
export function takeNewFaults(): string[] {
  const found: string[] = [];
  for (const [server, seen] of watchedServers) {
    const faults = server.faults();
    for (const fault of faults.slice(seen))
      found.push(
        `${server.url}: ${fault.role} ${fault.pid} (${fault.origin}) ${fault.name}: ${fault.message}\n${fault.stack ?? ""}`,
      );
    watchedServers.set(server, faults.length);
  }
  return found;
}

function readFaults(file: string): Fault[] {
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch {
    return [];
  }
  // A line still being written is read next time.
  return text
    .slice(0, text.lastIndexOf("\n") + 1)
    .split("\n")
    .filter(Boolean)
    .map((line) => JSON.parse(line) as Fault);
}

/**
 * Runs the production build (`node server.js`: the supervisor and its
 * serving process) on a free loopback port with the given environment. Its
 * processes record every unhandled error, and every serving process that
 * dies, in a fault log; the test during which one is recorded fails, unless
 * `expectFaults` (a test that kills processes on purpose, and checks what
 * it expects with `faults()`).
 */
export async function startAppServer(
  env: Record<string, string | undefined>,
  options: { untilHealthy?: boolean; expectFaults?: boolean } = {},
): Promise<AppServer> {
  const untilHealthy = options.untilHealthy ?? true;
  const faultLog = path.join(mkdtempSync(path.join(tmpdir(), "electrify-faults-")), "faults.jsonl");
  if (!existsSync(path.join(root, "build/server/index.js"))) {
    throw new Error("No production build: run `npm run build` before the integration tests (npm test does).");
  }
  const port = await freePort();
  const url = `http://localhost:${port}`;
  let output = "";
  const child = spawn(process.execPath, ["server.js"], {
    cwd: root,
    env: {
      PATH: process.env.PATH,
      NODE_ENV: "production",
      HOST: "127.0.0.1",
      PORT: String(port),
      APP_URL: url,
      LOG_LEVEL: "warn",
      FAULT_LOG: faultLog,
      // No FTP or TLS listener unless a test asks for one (on a port of its own): servers side by side would race for
      // the defaults.
      FTP_PORT: "off",
      OCPP_TLS_PORT: "off",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));

  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The server exited with ${child.exitCode}:\n${output}`);
    try {
      // Ready when healthy; or, for tests of an unhealthy server, as soon as it answers at all.
      const health = await fetch(`${url}/healthz`);
      if (health.ok || !untilHealthy) break;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  if (Date.now() >= deadline) {
    child.kill("SIGKILL");
    throw new Error(`The server did not answer /healthz within 30 s:\n${output}`);
  }
  const server: AppServer = {
    url,
    process: child,
    output: () => output,
    faults: () => readFaults(faultLog),
    stop: async () => {
      if (child.exitCode === null) child.kill("SIGTERM");
      return exited;
    },
  };
  if (!options.expectFaults) watchedServers.set(server, 0);
  return server;
}

/** Signs in through the /auth form action, as a browser without JavaScript would, and returns the cookie header. */
export async function signIn(server: Pick<AppServer, "url">, email: string, password: string): Promise<string> {
  const response = await fetch(`${server.url}/auth`, {
    method: "POST",
    redirect: "manual",
    headers: { origin: server.url, "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ email, password }),
  });
  if (response.status !== 302)
    throw new Error(`Sign-in as ${email} failed with ${response.status}: ${await response.text()}`);
  return response.headers
    .getSetCookie()
    .filter((cookie) => cookie.startsWith("electrify.session_token="))
    .map((cookie) => cookie.split(";")[0])
    .join("; ");
}

/** Waits until a server process answers /healthz with 200 (for scripts that start their own servers). */
export async function waitForHealthy(url: string, child: ChildProcess, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${url}/healthz`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`The server did not answer /healthz within ${timeoutMs / 1000} s`);
}

/** Stops a server process the caller started (SIGTERM, then waits for it to exit); nothing if it already exited. */
export async function stopServerProcess(child: ChildProcess | undefined): Promise<void> {
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.kill("SIGTERM");
  await exited;
}
