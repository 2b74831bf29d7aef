import { readdirSync } from "node:fs";
import path from "node:path";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { accessTable } from "~/access-table";
import { createUser } from "~/features/users/index.server";

import { signIn, startAppServer, type AppServer } from "../support/app-server";
import { describeCase, fuzzCase, requestBytes, sendCase, type Encoding } from "../support/body-fuzz";
import { insertDepot } from "../support/depots";
import { temporaryFilesLeft } from "../support/temp-files";
import { createTestDatabase } from "../support/test-database";
import { openTestRuntime } from "../support/test-runtime";

/**
 * "No client can stop the server", searched for rather than listed: every
 * route that accepts a body, taken from the production build's route table
 * (a new route is covered without editing this test), gets CASES bodies of
 * each encoding from fast-check (tests/support/body-fuzz.ts), sent over raw
 * sockets in random chunks and often cut off at a random byte. After every
 * case the server must still answer `/` with 200 and have recorded no fault
 * (an unhandled error, or a serving process that died: the supervisor would
 * otherwise hide a crash by starting another); after every route, no
 * temporary file may be left; no request may go unanswered, and no body may
 * be answered with a 5xx.
 *
 * FUZZ_SEED replays a run (the seed is printed), FUZZ_ROUTE narrows it to one
 * route, FUZZ_CASES changes the count. 100 of each a run (8,000 in all over
 * 40 routes; 150 of each, 12,000, took 179 s on this machine and the routes
 * keep coming): each run draws a new seed, so the search goes on from run to
 * run, and the suite keeps within its 25 minutes.
 */
const CASES = Number(process.env.FUZZ_CASES ?? 100);
const SEED = Number(process.env.FUZZ_SEED ?? Math.floor(Math.random() * 2 ** 31));
const LANES = 4;
const root = path.resolve(import.meta.dirname, "../..");

type BuiltRoute = { id: string; parentId?: string; path?: string; index?: boolean; module: { action?: unknown } };

/** Every route of the production build with an action, as URL patterns. */
async function routesWithActions(): Promise<{ pattern: string; index: boolean }[]> {
  const file = readdirSync(path.join(root, "build/server/assets")).find((name) => name.startsWith("server-build-"));
  if (!file) throw new Error("No production build: run `npm run build` first.");
  const { routes } = (await import(path.join(root, "build/server/assets", file))) as {
    routes: Record<string, BuiltRoute>;
  };
  const fullPath = (id: string): string => {
    const route = routes[id]!;
    const parent = route.parentId ? fullPath(route.parentId) : "";
    return route.path ? `${parent.replace(/\/$/, "")}/${route.path}` : parent;
  };
  return Object.values(routes)
    .filter((route) => typeof route.module.action === "function")
    .map((route) => ({ pattern: fullPath(route.id) || "/", index: Boolean(route.index) }));
}

/** Who reaches the route's action: a haulier where they may, else an admin, else a visitor (the access table). */
type Audience = "anonymous" | "owner" | "admin";

function audienceFor(pattern: string): Audience {
  const rule = accessTable[pattern];
  if (!rule) throw new Error(`${pattern} has no entry in app/access-table.ts`);
  const reaches = (outcome: string) => outcome === "ok" || outcome === "post-only" || outcome === "not-found";
  if (reaches(rule.owner)) return "owner";
  if (reaches(rule.admin)) return "admin";
  return "anonymous";
}

/** Null when `url` answers 200; otherwise what it did instead. */
async function answers(url: string): Promise<string | null> {
  try {
    const response = await fetch(url);
    await response.arrayBuffer();
    return response.status === 200 ? null : `${new URL(url).pathname} answered ${response.status}`;
  } catch (error) {
    return `${new URL(url).pathname} did not answer (${String(error)})`;
  }
}

describe("the body fuzzer", () => {
  let server: AppServer;
  let dataDir: string;
  let depotId = 0;
  const users = {
    owner: { email: "fuzz-haulier@fleet.example", password: "fuzz-haulier-password" },
    admin: { email: "fuzz-admin@consultancy.example", password: "fuzz-admin-password" },
  };
  const cookies: Record<Audience, string> = { anonymous: "", owner: "", admin: "" };

  beforeAll(async () => {
    const database = await createTestDatabase("sqlite");
    dataDir = database.dataDir;
    const seed = await openTestRuntime(database);
    const owner = await createUser(seed, users.owner);
    await createUser(seed, { ...users.admin, role: "admin" });
    depotId = await insertDepot(seed, { user_id: owner.id, depot_name: "Fuzz Yard" });
    await seed.database.destroy();
    server = await startAppServer({ DATA_DIR: dataDir, SIGN_IN_RATE_LIMIT_MAX: "100000", LOG_LEVEL: "warn" });
  });
  afterAll(async () => {
    await server?.stop();
  });

  const signedIn = async (audience: Audience) => {
    if (audience === "anonymous") return "";
    const check = await fetch(`${server.url}/account`, { headers: { cookie: cookies[audience] }, redirect: "manual" });
    await check.arrayBuffer();
    if (check.status !== 200) cookies[audience] = await signIn(server, users[audience].email, users[audience].password);
    return cookies[audience];
  };

  /** Field names the product's own forms use, read from its pages, so that many cases reach the actions' code. */
  const knownNames = async (): Promise<string[]> => {
    const names = new Set<string>(["intent", "idempotencyKey", "email", "password", "redirectTo"]);
    const pages = ["/auth", "/forgot-password", "/survey", "/account", "/electrify/company-setup", "/admin"];
    pages.push(`/electrify/depots/${depotId}/layout`, `/electrify/depots/${depotId}/plan`);
    pages.push(`/electrify/depots/${depotId}/trips`, `/admin/depot/${depotId}`, "/admin/grid-data");
    pages.push("/electrify/portfolio", `/electrify/portfolio/${depotId}/connection`);
    for (const page of pages) {
      const audience = page.startsWith("/admin")
        ? "admin"
        : page === "/auth" || page === "/forgot-password"
          ? "anonymous"
          : "owner";
      const response = await fetch(`${server.url}${page}`, { headers: { cookie: await signedIn(audience) } });
      for (const match of (await response.text()).matchAll(/\bname="([^"]+)"/g)) names.add(match[1]!);
    }
    return [...names].filter((name) => !["viewport", "description", "theme-color", "robots"].includes(name));
  };

  it(`sends ${CASES} urlencoded and ${CASES} multipart bodies to every route with an action, and the server stays up`, async () => {
    const routes = await routesWithActions();
    const only = process.env.FUZZ_ROUTE;
    const chosen = only ? routes.filter((route) => route.pattern === only) : routes;
    expect(chosen.length).toBeGreaterThan(only ? 0 : 15);
    const names = await knownNames();
    const port = Number(new URL(server.url).port);
    const failures: string[] = [];
    const statuses = new Map<number | "none", number>();
    let cases = 0;
    console.log(
      `body fuzzer: seed ${SEED}, ${CASES} bodies of each encoding for ${chosen.length} routes (replay: FUZZ_SEED=${SEED})`,
    );

    for (const [routeIndex, route] of chosen.entries()) {
      const audience = audienceFor(route.pattern);
      const concrete = route.pattern
        .replace(/:(id|depotId)\b/g, String(depotId))
        .replace("/api/auth/*", "/api/auth/sign-in/email");
      for (const [encodingIndex, encoding] of (["urlencoded", "multipart"] as Encoding[]).entries()) {
        const seed = SEED + routeIndex * 2 + encodingIndex;
        const samples = fc.sample(fuzzCase(encoding, names), { seed, numRuns: CASES });
        const cookie = await signedIn(audience);
        let next = 0;
        const lane = async () => {
          while (next < samples.length && failures.length === 0) {
            const index = next++;
            const fuzz = samples[index]!;
            const target = `${concrete}${fuzz.data ? ".data" : ""}${route.index ? "?index" : ""}`;
            const where = `${target} as ${audience}, seed ${seed} case ${index}: ${describeCase(fuzz)}`;
            const request = requestBytes(fuzz, { path: target, host: `127.0.0.1:${port}`, origin: server.url, cookie });
            const sent = await sendCase(port, request, fuzz);
            cases++;
            statuses.set(sent.status ?? "none", (statuses.get(sent.status ?? "none") ?? 0) + 1);
            if (sent.timedOut) failures.push(`no answer within 15 s: ${where}`);
            if (sent.status !== null && sent.status >= 500) failures.push(`answered ${sent.status}: ${where}`);
            const faults = server.faults();
            if (faults.length > 0)
              failures.push(`fault "${faults[0]!.message}" after ${where}\n${faults[0]!.stack ?? ""}`);
            // Still serving after every case: a light resource each time (the home page's render once a route below).
            const alive = await answers(`${server.url}/robots.txt`);
            if (alive) failures.push(`${alive} after ${where}`);
          }
        };
        await Promise.all(Array.from({ length: LANES }, lane));
        if (failures.length > 0) break;
        const home = await answers(`${server.url}/`);
        if (home) failures.push(`${home} after ${route.pattern} (${encoding})`);
        // Every request's temporary files go when it ends, however it ends.
        const left = await temporaryFilesLeft(dataDir);
        if (left.length > 0)
          failures.push(`temporary files left after ${route.pattern} (${encoding}): ${left.join(", ")}`);
      }
      if (failures.length > 0) break;
    }
    console.log(
      `body fuzzer: ${cases} cases, answers ${[...statuses]
        .sort()
        .map(([status, count]) => `${status}×${count}`)
        .join(" ")}`,
    );
    expect(failures, `replay with FUZZ_SEED=${SEED}`).toEqual([]);
    expect(cases).toBe(chosen.length * 2 * CASES);
  }, 900_000);
});
