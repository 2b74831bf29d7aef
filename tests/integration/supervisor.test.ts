import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { createUser } from "~/features/users/index.server";
import type { Fault } from "~/lib/faults.server";

import { signIn, startAppServer, type AppServer } from "../support/app-server";
import { freePort } from "../support/free-port";
import { makePhoto } from "../support/images";
import { childrenOf } from "../support/processes";
import { createTestDatabase } from "../support/test-database";
import { openTestRuntime } from "../support/test-runtime";

/**
 * `npm start` runs its serving process under a supervisor (server/supervisor.ts):
 * a serving process that dies for any reason is replaced at once and its
 * cause logged; one that dies in a loop is restarted with a growing delay.
 */
const root = path.resolve(import.meta.dirname, "../..");

describe("the supervisor on the embedded defaults", () => {
  let server: AppServer;
  let cookie = "";

  beforeAll(async () => {
    const database = await createTestDatabase("sqlite");
    const seed = await openTestRuntime(database);
    await createUser(seed, { email: "yard@haulier.example", password: "yard-password" });
    await seed.database.destroy();
    // Killing the serving process is the point here: its death is recorded, and checked below.
    server = await startAppServer({ DATA_DIR: database.dataDir, LOG_LEVEL: "info" }, { expectFaults: true });
    cookie = await signIn(server, "yard@haulier.example", "yard-password");
  });
  afterAll(async () => {
    await server?.stop();
  });

  it("answers again after the serving process is killed, and keeps a survey acknowledged before", async () => {
    const form = new FormData();
    for (const [name, value] of Object.entries({
      depotName: "Kill Nine Yard",
      depotAddress: "9 Signal Road",
      latitude: "51.45",
      longitude: "-2.58",
      idempotencyKey: crypto.randomUUID(),
    }))
      form.set(name, value);
    const photo = readFileSync(await makePhoto(mkdtempSync(path.join(tmpdir(), "kill-")), "area.jpg"));
    form.append("photo_proposed_charging_area", new Blob([new Uint8Array(photo)], { type: "image/jpeg" }), "area.jpg");
    const submitted = await fetch(`${server.url}/surveys`, {
      method: "POST",
      headers: { origin: server.url, cookie, accept: "application/json" },
      body: form,
    });
    expect(submitted.status).toBe(200);
    const { depotId } = (await submitted.json()) as { depotId: number };

    const [serving] = childrenOf(server.process.pid!);
    expect(serving).toBeDefined();
    process.kill(serving!, "SIGKILL");
    const killed = Date.now();
    let back = 0;
    while (Date.now() - killed < 10_000) {
      try {
        const home = await fetch(`${server.url}/`);
        await home.arrayBuffer();
        if (home.status === 200) {
          back = Date.now() - killed;
          break;
        }
      } catch {
        // refused while no serving process listens
      }
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    // It answers again (within the loop's 10 s): how soon is a figure, measured by `npm run bench:restart` on a
    // quiet machine (target 3 s), where a timed assertion here failed whenever anything else ran beside it.
    expect(back).toBeGreaterThan(0);
    console.log(`a page answered again ${back} ms after the serving process was killed`);
    expect(childrenOf(server.process.pid!)).not.toContain(serving);

    // The acknowledged survey, with its photo, and the session outlived the process.
    const depot = await fetch(`${server.url}/depots/${depotId}`, { headers: { cookie } });
    expect(depot.status).toBe(200);
    expect(await depot.text()).toContain("Kill Nine Yard");
    const deaths = server.faults();
    expect(deaths).toHaveLength(1);
    expect(deaths[0]).toMatchObject({
      role: "serving process",
      origin: "exit",
      pid: serving,
      message: "exited with SIGKILL",
    });
    expect(server.output()).toContain("a serving process stopped unexpectedly; starting another");
  });
});

/** The real supervisor over a stand-in serving process that can be made to fail (tests/support/supervised-fault.ts). */
async function startStandIn(env: Record<string, string> = {}) {
  const port = await freePort();
  const faultLog = path.join(mkdtempSync(path.join(tmpdir(), "electrify-supervised-")), "faults.jsonl");
  let output = "";
  const child = spawn(process.execPath, ["--import", "tsx", "tests/support/supervised-fault.ts"], {
    cwd: root,
    env: { PATH: process.env.PATH, LOG_LEVEL: "info", PORT: String(port), FAULT_LOG: faultLog, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const get = async (pathname: string) => {
    try {
      // Bounded: a request cut by the crash it causes must not hold the test (a CI run waited 60 s on one).
      return await (await fetch(`http://127.0.0.1:${port}${pathname}`, { signal: AbortSignal.timeout(3_000) })).text();
    } catch {
      return null;
    }
  };
  const logLines = () =>
    output
      .split("\n")
      .filter((line) => line.startsWith("{"))
      .map((line) => JSON.parse(line) as Record<string, unknown>);
  const faults = () =>
    readFileSync(faultLog, "utf8")
      .split("\n")
      .filter(Boolean)
      .map((line) => JSON.parse(line) as Fault);
  const deadline = Date.now() + 20_000;
  while ((await get("/")) === null) {
    if (Date.now() > deadline) throw new Error(`The stand-in did not start:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return {
    get,
    logLines,
    faults,
    stop: async () => {
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGTERM");
      // The supervisor stops its serving processes first; if that ever hangs, the test says so rather than waiting.
      const late = setTimeout(() => child.kill("SIGKILL"), 10_000);
      await exited;
      clearTimeout(late);
    },
  };
}

describe("the supervisor with a serving process that fails", () => {
  it("replaces a process stopped by an unhandled error at once and logs the cause", async () => {
    const standIn = await startStandIn();
    try {
      const first = await standIn.get("/");
      await standIn.get("/boom");
      const deadline = Date.now() + 5_000;
      let now = first;
      while ((now === first || now === null) && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 25));
        now = await standIn.get("/");
      }
      expect(now).not.toBe(first);
      expect(now).not.toBeNull();
      const stopped = standIn
        .logLines()
        .find((line) => line.msg === "a serving process stopped unexpectedly; starting another");
      expect(stopped).toMatchObject({
        servingPid: Number(first),
        code: 1,
        restartInMs: 0,
        cause: { origin: "uncaughtException", name: "TypeError", message: "a fault nothing handled" },
      });
      expect(standIn.faults().map((fault) => [fault.role, fault.origin, fault.message])).toEqual([
        ["serving process", "uncaughtException", "a fault nothing handled"],
        ["serving process", "exit", "exited with code 1 after uncaughtException: a fault nothing handled"],
      ]);
    } finally {
      await standIn.stop();
    }
  });

  it("backs off when the replacements die as they start: at once, then 0.5 s, 1 s, 2 s", async () => {
    const standIn = await startStandIn({ DIE_ON_RESTART: "1" });
    try {
      await standIn.get("/boom");
      const delays = () =>
        standIn
          .logLines()
          .filter((line) => line.msg === "a serving process stopped unexpectedly; starting another")
          .map((line) => line.restartInMs);
      const deadline = Date.now() + 15_000;
      while (delays().length < 5 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
      expect(delays().slice(0, 5)).toEqual([0, 500, 1000, 2000, 4000]);
    } finally {
      await standIn.stop();
    }
  }, 30_000);
});
