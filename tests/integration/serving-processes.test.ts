import { mkdtempSync, readFileSync } from "node:fs";
import http from "node:http";
import net from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { startAppServer, type AppServer } from "../support/app-server";
import { makePhoto } from "../support/images";
import { alive, childrenOf } from "../support/processes";

/**
 * WEB_CONCURRENCY=2 on the embedded defaults (SQLite, local files): the
 * first process prepares the data and starts two serving processes on one
 * port, each with its lower-priority background process for password
 * hashing and photo decoding.
 */
const ADMIN = { email: "admin@consultancy.example", password: "admin-password-1" };

type Logged = { pid: number; msg: string; method?: string; path?: string; status?: number; userId?: string };

/** The server's complete JSON log lines so far (the last one may still be arriving). */
function logLines(server: AppServer): Logged[] {
  const output = server.output();
  return output
    .slice(0, output.lastIndexOf("\n") + 1)
    .split("\n")
    .filter((line) => line.startsWith("{"))
    .map((line) => JSON.parse(line) as Logged);
}

/** One request on a connection of its own, so that the cluster may hand it to either process. */
function request(
  server: AppServer,
  pathname: string,
  options: { method?: string; headers?: Record<string, string>; body?: string | Buffer } = {},
): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      `${server.url}${pathname}`,
      { method: options.method ?? "GET", headers: options.headers, agent: false },
      (res) => {
        let body = "";
        res.setEncoding("utf8");
        res.on("data", (chunk: string) => (body += chunk));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
      },
    );
    req.on("error", reject);
    req.end(options.body);
  });
}

async function signInOnce(server: AppServer): Promise<{ status: number; cookie: string }> {
  const response = await request(server, "/auth", {
    method: "POST",
    headers: { origin: server.url, "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(ADMIN).toString(),
  });
  const cookie = (response.headers["set-cookie"] ?? [])
    .filter((c) => c.startsWith("electrify.session_token="))
    .map((c) => c.split(";")[0])
    .join("; ");
  return { status: response.status, cookie };
}

function niceness(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  return Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[16]);
}

async function waitFor(check: () => boolean, what: string, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe("several serving processes (WEB_CONCURRENCY=2)", () => {
  let server: AppServer;
  const dataDir = mkdtempSync(path.join(tmpdir(), "electrify-processes-"));

  beforeAll(async () => {
    server = await startAppServer(
      {
        DATA_DIR: dataDir,
        WEB_CONCURRENCY: "2",
        LOG_LEVEL: "info",
        ADMIN_EMAIL: ADMIN.email,
        ADMIN_PASSWORD: ADMIN.password,
        SIGN_IN_RATE_LIMIT_MAX: "100",
        // One serving process is killed below on purpose: its death is recorded, and checked there.
      },
      { expectFaults: true },
    );
  }, 60_000);
  afterAll(async () => {
    await server?.stop();
  });

  it("serves one set of users from both processes: sessions, sign-ins and surveys with photos", async () => {
    const primary = server.process.pid!;
    await waitFor(
      () => logLines(server).some((line) => line.pid === primary && line.msg.startsWith("Electrify is listening")),
      "the first process to report both listening",
    );
    // Each serving process logs its own line, through its own writes: it may land after the first process's.
    await waitFor(
      () => logLines(server).filter((line) => line.msg === "serving process ready").length === 2,
      "both serving processes' lines",
    );
    const serving = logLines(server)
      .filter((line) => line.msg === "serving process ready")
      .map((line) => line.pid);
    expect(new Set(serving).size).toBe(2);
    expect(childrenOf(primary).sort()).toEqual([...serving].sort());

    // Ten sign-ins at once (each writes a session and the rate limiter's counter to the one SQLite file).
    const signIns = await Promise.all(Array.from({ length: 10 }, () => signInOnce(server)));
    expect(signIns.map((s) => s.status)).toEqual(Array(10).fill(302));

    // A survey with a photo, then the admin's view of it, each on a new connection.
    const { cookie } = signIns[0]!;
    const photo = readFileSync(await makePhoto(dataDir, "area.jpg", { width: 800, height: 600 }));
    const form = new FormData();
    for (const [name, value] of Object.entries({
      depotName: "Two Process Yard",
      depotAddress: "2 Fork Lane",
      numberOfEVs: "4",
      latitude: "51.45",
      longitude: "-2.58",
      idempotencyKey: crypto.randomUUID(),
    }))
      form.set(name, value);
    form.append("photo_proposed_charging_area", new Blob([new Uint8Array(photo)], { type: "image/jpeg" }), "area.jpg");
    // The multipart body as fetch would send it, sent on a connection of its own.
    const encoded = new Request(server.url, { method: "POST", body: form });
    const submitted = await request(server, "/surveys", {
      method: "POST",
      headers: {
        origin: server.url,
        cookie,
        accept: "application/json",
        "content-type": encoded.headers.get("content-type")!,
      },
      body: Buffer.from(await encoded.arrayBuffer()),
    });
    expect(submitted.status, submitted.body).toBe(200);
    const { depotId } = JSON.parse(submitted.body) as { depotId: number };

    for (let i = 0; i < 6; i++) {
      const page = await request(server, `/admin/depot/${depotId}`, { headers: { cookie } });
      expect(page.status).toBe(200);
      expect(page.body).toContain("Two Process Yard");
      const photoId = page.body.match(/\/photos\/(\d+)/)?.[1];
      const image = await request(server, `/photos/${photoId}`, { headers: { cookie } });
      expect(image.status).toBe(200);
      expect(image.headers["content-type"]).toBe("image/jpeg");
    }

    // Both processes answered the signed-in admin's requests. Each logs through its own writes, which may land a
    // moment after its answer (a CI run saw one process's lines only, checked at once): wait for them.
    const answeredBy = () =>
      new Set(
        logLines(server)
          .filter(
            (line) =>
              line.msg === "request" &&
              (line.path === `/admin/depot/${depotId}` || line.path?.startsWith("/photos/")) &&
              line.status === 200 &&
              line.userId,
          )
          .map((line) => line.pid),
      );
    await waitFor(() => answeredBy().size === 2, "both processes' request lines", 5_000).catch(() => undefined);
    expect(answeredBy().size).toBe(2);

    // Hashing and photo decoding ran in each serving process's background process, at a lower priority.
    for (const pid of serving) {
      const background = childrenOf(pid);
      expect(background).toHaveLength(1);
      expect(niceness(background[0]!)).toBe(10);
      expect(readFileSync(`/proc/${background[0]}/cmdline`, "utf8")).toContain("background-process.js");
    }
  }, 60_000);

  it("replaces a serving process that dies, and stops every process on SIGTERM", async () => {
    const primary = server.process.pid!;
    const before = childrenOf(primary);
    expect(before).toHaveLength(2);
    const victim = before[0]!;
    const victimBackground = childrenOf(victim);
    process.kill(victim, "SIGKILL");
    await waitFor(() => {
      const now = childrenOf(primary);
      return now.length === 2 && !now.includes(victim);
    }, "a replacement serving process");
    await waitFor(
      () => logLines(server).filter((line) => line.msg === "serving process ready").length === 3,
      "the replacement to listen",
    );
    // The dead process's background process went with it.
    await waitFor(() => victimBackground.every((pid) => !alive(pid)), "the dead process's background process to exit");
    expect(
      logLines(server).some((line) => line.msg === "a serving process stopped unexpectedly; starting another"),
    ).toBe(true);
    expect(server.faults()).toMatchObject([
      { role: "serving process", origin: "exit", pid: victim, message: "exited with SIGKILL" },
    ]);
    for (let i = 0; i < 4; i++) expect((await request(server, "/healthz")).status).toBe(200);
    expect((await signInOnce(server)).status).toBe(302);

    const everything = [...childrenOf(primary), ...childrenOf(primary).flatMap(childrenOf)];
    expect(everything.length).toBeGreaterThanOrEqual(3);
    expect(await server.stop()).toBe(0);
    await waitFor(() => everything.every((pid) => !alive(pid)), "every process to exit", 5_000);
  }, 60_000);
});

describe("the helper process", () => {
  it("is started again after it dies, and the server keeps signing people in", async () => {
    const server = await startAppServer({
      DATA_DIR: mkdtempSync(path.join(tmpdir(), "electrify-helper-")),
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      SIGN_IN_RATE_LIMIT_MAX: "100",
    });
    try {
      // The serving process under the supervisor (`npm start` always runs one).
      const [pid] = childrenOf(server.process.pid!);
      expect(pid).toBeDefined();
      expect((await signInOnce(server)).status).toBe(302);
      const [helper] = childrenOf(pid!);
      expect(helper).toBeDefined();
      expect(niceness(helper!)).toBe(10);
      process.kill(helper!, "SIGKILL");
      await waitFor(() => !alive(helper!), "the helper to die");
      // The next sign-in starts a new helper and succeeds; a wrong password is still refused.
      expect((await signInOnce(server)).status).toBe(302);
      const wrong = await request(server, "/auth", {
        method: "POST",
        headers: { origin: server.url, "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ email: ADMIN.email, password: "not-the-password" }).toString(),
      });
      expect(wrong.status).toBe(401);
      const after = childrenOf(pid!);
      expect(after).toHaveLength(1);
      expect(after[0]).not.toBe(helper);
      expect(await server.stop()).toBe(0);
      await waitFor(() => !alive(after[0]!), "the helper to exit with the server", 5_000);
    } finally {
      await server.stop();
    }
  }, 60_000);
});

describe("a serving process that cannot start", () => {
  it("stops the server with an error, as a single process would", async () => {
    const taken = net.createServer();
    await new Promise<void>((resolve) => taken.listen(0, "127.0.0.1", resolve));
    const port = (taken.address() as net.AddressInfo).port;
    try {
      await expect(
        startAppServer({
          DATA_DIR: mkdtempSync(path.join(tmpdir(), "electrify-taken-")),
          WEB_CONCURRENCY: "2",
          PORT: String(port),
          APP_URL: `http://localhost:${port}`,
        }),
      ).rejects.toThrow(/exited with 1[\s\S]*could not start/);
    } finally {
      taken.close();
    }
  }, 60_000);
});
