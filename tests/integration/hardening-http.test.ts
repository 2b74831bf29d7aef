import http from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUser } from "~/features/users/create-user.server";
import type { Runtime } from "~/lib/runtime.server";
import { startAppServer, signIn, type AppServer } from "../support/app-server";
import { REDIRECT_BYPASSES } from "../support/redirect-bypasses";
import { createTestDatabase } from "../support/test-database";
import { openTestRuntime } from "../support/test-runtime";

/**
 * Findings of the hardening review (issue 17) that show at the HTTP level,
 * against one production server on the embedded defaults.
 */
describe("hardening against careless and hostile clients", () => {
  let server: AppServer;
  let runtime: Runtime;
  let haulier = "";
  let admin = "";

  beforeAll(async () => {
    const database = await createTestDatabase("sqlite");
    runtime = await openTestRuntime(database);
    await createUser(runtime, { email: "haulier@fleet.example", password: "haulier-password", name: "Hana Haulier" });
    await createUser(runtime, { email: "admin@consultancy.example", password: "admin-password", role: "admin" });
    server = await startAppServer({ DATA_DIR: database.dataDir, SIGN_IN_RATE_LIMIT_MAX: "1000" });
    haulier = await signIn(server, "haulier@fleet.example", "haulier-password");
    admin = await signIn(server, "admin@consultancy.example", "admin-password");
  });
  afterAll(async () => {
    await server?.stop();
    await runtime?.database.destroy();
  });

  const form = (url: string, cookie: string, fields: Record<string, string>) =>
    fetch(`${server.url}${url}`, {
      method: "POST",
      redirect: "manual",
      headers: { origin: server.url, cookie, "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams(fields),
    });

  it("never sends a user off-site after sign-in, whatever redirectTo says", async () => {
    const offsite: string[] = [];
    for (const target of REDIRECT_BYPASSES) {
      const response = await form(`/auth?redirectTo=${encodeURIComponent(target)}`, "", { email: "haulier@fleet.example", password: "haulier-password", redirectTo: target });
      // Signed in and sent to a page here, or (control characters in the field) refused as a whole.
      if (response.status !== 302) expect(response.status, JSON.stringify(target)).toBe(400);
      const location = response.headers.get("location") ?? "/";
      if (new URL(location, server.url).origin !== new URL(server.url).origin) offsite.push(`${JSON.stringify(target)} → ${location}`);
      // The two-factor step carries the target on in a hidden field: the same check applies there.
      const page = await (await fetch(`${server.url}/auth/two-factor?redirectTo=${encodeURIComponent(target)}`)).text();
      const hidden = page.match(/name="redirectTo" value="([^"]*)"/)?.[1];
      if (hidden && new URL(hidden.replaceAll("&amp;", "&"), server.url).origin !== new URL(server.url).origin) offsite.push(`two-factor ${JSON.stringify(target)} → ${hidden}`);
    }
    expect(offsite).toEqual([]);
    // A path on this site is still honoured.
    const local = await form("/auth", "", { email: "haulier@fleet.example", password: "haulier-password", redirectTo: "/account" });
    expect(local.headers.get("location")).toBe("/account");
  });

  it("marks every signed-in page and data request private and not to be stored", async () => {
    const pages: [string, string][] = [
      [haulier, "/account"],
      [haulier, "/depots"],
      [haulier, "/depots.data"],
      [haulier, "/electrify/dashboard"],
      [haulier, "/"],
      [admin, "/admin"],
      [admin, "/admin.data"],
      [admin, "/admin/grid-data"],
      [haulier, "/depots/999999"],
    ];
    for (const [cookie, page] of pages) {
      const response = await fetch(`${server.url}${page}`, { headers: { cookie }, redirect: "manual" });
      expect(response.headers.get("cache-control"), page).toBe("private, no-store");
    }
    // Signing in sets a cookie: that answer is private too.
    const signedIn = await form("/auth", "", { email: "haulier@fleet.example", password: "haulier-password" });
    expect(signedIn.headers.get("cache-control")).toBe("private, no-store");
    // A visitor's marketing page is not marked (it may be cached).
    expect((await fetch(`${server.url}/about-us`)).headers.get("cache-control")).toBeNull();
  });

  it("answers methods no page uses with 405 (OPTIONS with what is allowed), never a 500 or a rendered error", async () => {
    // Sent with node:http: fetch itself refuses TRACE.
    const send = (method: string, page: string) =>
      new Promise<number>((resolve, reject) => {
        const req = http.request(`${server.url}${page}`, { method, headers: { cookie: haulier, origin: server.url } }, (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        });
        req.on("error", reject);
        req.end();
      });
    for (const method of ["TRACE", "PUT", "DELETE", "PATCH", "PROPFIND"]) {
      for (const page of ["/", "/account", "/admin", "/surveys"]) expect(await send(method, page), `${method} ${page}`).toBe(405);
    }
    const options = await fetch(`${server.url}/account`, { method: "OPTIONS", headers: { cookie: haulier } });
    expect(options.status).toBe(204);
    expect(options.headers.get("allow")).toBe("GET, HEAD, POST");
    expect(await options.text()).toBe("");
    expect(server.output()).not.toMatch(/Invalid request method|"level":50/);
  });
});
