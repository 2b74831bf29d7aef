import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import http from "node:http";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { createUser } from "~/features/users/index.server";

import { signIn, startAppServer, type AppServer } from "../support/app-server";
import { createTestDatabase, type TestDatabase } from "../support/test-database";
import { openTestRuntime } from "../support/test-runtime";

async function seedUser(database: TestDatabase) {
  const seed = await openTestRuntime(database);
  await createUser(seed, { email: "haulier@fleet.example", password: "haulier-pw" });
  await seed.database.destroy();
}

function formPost(
  server: AppServer,
  path: string,
  fields: Record<string, string>,
  headers: Record<string, string> = {},
) {
  return fetch(`${server.url}${path}`, {
    method: "POST",
    redirect: "manual",
    headers: { origin: server.url, "content-type": "application/x-www-form-urlencoded", ...headers },
    body: new URLSearchParams(fields),
  });
}

describe("HTTP security baseline", () => {
  let server: AppServer;

  beforeAll(async () => {
    const database = await createTestDatabase("sqlite");
    await seedUser(database);
    server = await startAppServer({
      DATA_DIR: database.dataDir,
      SIGN_IN_RATE_LIMIT_MAX: "5",
      SIGN_IN_RATE_LIMIT_WINDOW_SECONDS: "60",
    });
  });
  afterAll(async () => {
    await server?.stop();
  });

  it("sends the security headers on pages, assets and the health route", async () => {
    const page = await fetch(`${server.url}/auth`);
    const html = await page.text();
    const assetPath = html.match(/\/assets\/[^"]+\.js/)?.[0];
    expect(assetPath).toBeDefined();
    for (const response of [page, await fetch(`${server.url}${assetPath}`), await fetch(`${server.url}/healthz`)]) {
      const csp = response.headers.get("content-security-policy") ?? "";
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]+'/);
      expect(csp).not.toContain("unsafe-eval");
      expect(response.headers.get("x-content-type-options")).toBe("nosniff");
      expect(response.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
      expect(response.headers.get("x-powered-by")).toBeNull();
    }
  });

  it("puts the CSP nonce on every inline script of a page", async () => {
    const response = await fetch(`${server.url}/auth`);
    const nonce = response.headers.get("content-security-policy")?.match(/'nonce-([^']+)'/)?.[1];
    const html = await response.text();
    const scripts = [...html.matchAll(/<script\b[^>]*>/g)].map((match) => match[0]);
    expect(scripts.length).toBeGreaterThan(0);
    for (const tag of scripts) expect(tag).toContain(`nonce="${nonce}"`);
  });

  it("keeps serving after requests it refused without reading their large bodies", async () => {
    for (let i = 0; i < 3; i++) {
      const form = new FormData();
      form.append(
        "photo_proposed_charging_area",
        new Blob([new Uint8Array(3 * 1024 * 1024)], { type: "image/jpeg" }),
        "a.jpg",
      );
      const upload = await fetch(`${server.url}/surveys`, {
        method: "POST",
        redirect: "manual",
        headers: { origin: server.url },
        body: form,
        signal: AbortSignal.timeout(10_000),
      });
      expect(upload.status).toBe(302);
      await upload.arrayBuffer();
      // An anonymous 2 MB form post to a signed-in page is sent to sign in, unread…
      const post = await fetch(`${server.url}/electrify/company-setup`, {
        method: "POST",
        redirect: "manual",
        headers: { origin: server.url, "content-type": "application/x-www-form-urlencoded" },
        body: `x=${"a".repeat(2_000_000)}`,
        signal: AbortSignal.timeout(10_000),
      });
      expect(post.status).toBe(302);
      await post.arrayBuffer();
      // …and the connection goes on to carry the next request.
      expect((await fetch(`${server.url}/healthz`, { signal: AbortSignal.timeout(10_000) })).status).toBe(200);
    }
  });

  it("reports database and storage reachability on /healthz", async () => {
    const response = await fetch(`${server.url}/healthz`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: "ok", database: "ok", storage: "ok" });
  });

  it("issues an HttpOnly, SameSite=Lax session cookie on sign-in", async () => {
    const response = await formPost(server, "/auth", { email: "haulier@fleet.example", password: "haulier-pw" });
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/depots");
    const session = response.headers.getSetCookie().find((c) => c.startsWith("electrify.session_token="));
    expect(session).toMatch(/HttpOnly/i);
    expect(session).toMatch(/SameSite=Lax/i);
  });

  it("refuses state-changing requests from another site and creates no session", async () => {
    const fields = { email: "haulier@fleet.example", password: "haulier-pw" };
    const crossOrigin = await formPost(server, "/auth", fields, { origin: "https://evil.example" });
    expect(crossOrigin.status).toBe(403);
    expect(crossOrigin.headers.getSetCookie()).toEqual([]);
    const crossSite = await fetch(`${server.url}/auth`, {
      method: "POST",
      redirect: "manual",
      headers: { "sec-fetch-site": "cross-site", "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams(fields),
    });
    expect(crossSite.status).toBe(403);
    expect(await crossSite.text()).toContain("refused");
  });

  it("does not let another site sign a user out", async () => {
    const cookie = await signIn(server, "haulier@fleet.example", "haulier-pw");
    const forged = await formPost(server, "/auth/sign-out", {}, { origin: "https://evil.example", cookie });
    expect(forged.status).toBe(403);
    const stillSignedIn = await fetch(`${server.url}/depots`, { redirect: "manual", headers: { cookie } });
    expect(stillSignedIn.status).toBe(200);
  });

  it("ends the session on sign-out: the old cookie no longer opens protected pages", async () => {
    const cookie = await signIn(server, "haulier@fleet.example", "haulier-pw");
    const response = await formPost(server, "/auth/sign-out", { redirectTo: "/" }, { cookie });
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/");
    const after = await fetch(`${server.url}/depots`, { redirect: "manual", headers: { cookie } });
    expect(after.headers.get("location")).toBe("/auth?redirectTo=%2Fdepots&reason=expired");
    expect(await (await fetch(`${server.url}${after.headers.get("location")}`)).text()).toContain(
      "Your session has ended. Please sign in again to continue.",
    );
  });

  it("treats a tampered session cookie as no session", async () => {
    const cookie = await signIn(server, "haulier@fleet.example", "haulier-pw");
    const tampered = cookie.replace(/=(.)/, (_m, first: string) => `=${first === "A" ? "B" : "A"}`);
    const response = await fetch(`${server.url}/depots`, { redirect: "manual", headers: { cookie: tampered } });
    expect(response.headers.get("location")).toBe("/auth?redirectTo=%2Fdepots&reason=expired");
    const withoutCookie = await fetch(`${server.url}/depots`, { redirect: "manual" });
    expect(withoutCookie.headers.get("location")).toBe("/auth?redirectTo=%2Fdepots");
  });

  it("shows a clear error for a wrong password and rate-limits repeated attempts with a 429 and a message", async () => {
    const wrong = await formPost(server, "/auth", { email: "haulier@fleet.example", password: "not-it" });
    expect(wrong.status).toBe(401);
    expect(await wrong.text()).toContain("Invalid email or password");
    const statuses: number[] = [wrong.status];
    let last: Response = wrong;
    // X-Forwarded-For is not trusted without TRUST_PROXY, so rotating it does not reset the counter.
    for (let i = 0; i < 6; i++) {
      last = await formPost(
        server,
        "/auth",
        { email: "haulier@fleet.example", password: "not-it" },
        { "x-forwarded-for": `192.0.2.${i}` },
      );
      statuses.push(last.status);
    }
    expect(statuses).toContain(429);
    expect(last.status).toBe(429);
    expect(await last.text()).toMatch(/Too many sign-in attempts\. Please wait \d+ seconds and try again\./);
  });

  it("stops gracefully on SIGTERM", async () => {
    const database = await createTestDatabase("sqlite");
    const other = await startAppServer({ DATA_DIR: database.dataDir, LOG_LEVEL: "info" });
    const code = await other.stop();
    expect(code).toBe(0);
    expect(other.output()).toContain("stopped");
  });
});

describe("behind a TLS-terminating reverse proxy", () => {
  it("marks the session cookie Secure and sends Strict-Transport-Security", async () => {
    const database = await createTestDatabase("sqlite");
    await seedUser(database);
    const server = await startAppServer({
      DATA_DIR: database.dataDir,
      APP_URL: "https://electrify.test",
      TRUST_PROXY: "1",
    });
    try {
      // What the proxy forwards for https://electrify.test/auth (fetch cannot set Host, node:http can).
      const response = await new Promise<http.IncomingMessage>((resolve, reject) => {
        const request = http.request(`${server.url}/auth`, {
          method: "POST",
          headers: {
            host: "electrify.test",
            origin: "https://electrify.test",
            "x-forwarded-proto": "https",
            "x-forwarded-for": "203.0.113.5",
            "content-type": "application/x-www-form-urlencoded",
          },
        });
        request.on("response", resolve).on("error", reject);
        request.end(new URLSearchParams({ email: "haulier@fleet.example", password: "haulier-pw" }).toString());
      });
      response.resume();
      expect(response.statusCode).toBe(302);
      const cookies = response.headers["set-cookie"] ?? [];
      expect(cookies.some((c) => /^__Secure-electrify\.session_token=.*;\s*Secure/i.test(c))).toBe(true);
      expect(response.headers["strict-transport-security"]).toContain("max-age=");
    } finally {
      await server.stop();
    }
  });
});

describe("the browser bundle", () => {
  it("holds no server code or secrets", () => {
    const dir = path.resolve(import.meta.dirname, "../../build/client/assets");
    const code = readdirSync(dir)
      .filter((file) => file.endsWith(".js"))
      .map((file) => readFileSync(path.join(dir, file), "utf8"))
      .join("\n");
    for (const needle of [
      "AUTH_SECRET",
      "ADMIN_PASSWORD",
      "DATABASE_URL",
      "node:sqlite",
      "better-auth/db",
      "auth-secret",
    ]) {
      expect(code, needle).not.toContain(needle);
    }
  });
});

describe("health and request logs", () => {
  it("answers 503 when uploaded files cannot be stored", async () => {
    const database = await createTestDatabase("sqlite");
    // Where the files directory should be, a file: nothing can be written there.
    writeFileSync(path.join(database.dataDir, "files"), "not a directory");
    const server = await startAppServer({ DATA_DIR: database.dataDir }, { untilHealthy: false });
    try {
      const response = await fetch(`${server.url}/healthz`);
      expect(response.status).toBe(503);
      expect(await response.json()).toEqual({ status: "error", database: "ok", storage: "unreachable" });
    } finally {
      await server.stop();
    }
  });

  it("logs each request as one JSON line with its id, timing and user, and never a password or session token", async () => {
    const database = await createTestDatabase("sqlite");
    await seedUser(database);
    const server = await startAppServer({ DATA_DIR: database.dataDir, LOG_LEVEL: "info" });
    try {
      const cookie = await signIn(server, "haulier@fleet.example", "haulier-pw");
      const response = await fetch(`${server.url}/electrify/dashboard?token=secret-in-query`, {
        headers: { cookie, "x-request-id": "trace-1234" },
      });
      expect(response.status).toBe(200);
      expect(response.headers.get("x-request-id")).toBe("trace-1234");
      await new Promise((resolve) => setTimeout(resolve, 200));
      const lines = server
        .output()
        .split("\n")
        .filter((line) => line.startsWith("{"))
        .map((line) => JSON.parse(line) as Record<string, unknown>);
      const entry = lines.find((line) => line.requestId === "trace-1234");
      expect(entry).toMatchObject({ msg: "request", method: "GET", path: "/electrify/dashboard", status: 200 });
      expect(typeof entry!.ms).toBe("number");
      expect(entry!.userId).toMatch(/\S/);
      // Anonymous requests carry no user.
      const signInLine = lines.find((line) => line.path === "/auth" && line.method === "POST");
      expect(signInLine?.userId).toBeUndefined();
      const everything = server.output();
      expect(everything).not.toContain("haulier-pw");
      expect(everything).not.toContain(cookie.split("=")[1]!.split(";")[0]!);
      expect(everything).not.toContain("secret-in-query");
    } finally {
      await server.stop();
    }
  });
});
