import type { RouteConfigEntry } from "@react-router/dev/routes";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { accessTable, type Audience, type Outcome } from "~/access-table";
import { createUser } from "~/features/users/index.server";
import routes from "~/routes";

import { signIn, startAppServer, type AppServer } from "../support/app-server";
import { createTestDatabase, ENGINES } from "../support/test-database";
import { openTestRuntime } from "../support/test-runtime";

/** Every URL pattern in the route config, from the nesting of layouts, prefixes and index routes. */
function routePaths(entries: RouteConfigEntry[], parent = ""): string[] {
  return entries.flatMap((entry) => {
    const own = entry.path ? `${parent.replace(/\/$/, "")}/${entry.path}` : parent;
    const here = entry.index || (entry.path && !entry.children?.length) ? [own || "/"] : [];
    return [...here, ...routePaths(entry.children ?? [], own)];
  });
}

function sampleUrl(pattern: string): string {
  if (pattern === "/*") return "/no-such-page/anywhere";
  if (pattern === "/api/auth/*") return "/api/auth/ok";
  return pattern
    .replace(/:id/g, "42")
    .replace(/:slug/g, "pitch-deck")
    .replace(/:photoId/g, "42");
}

function describeOutcome(response: Response, requested: string): Outcome | string {
  if (response.status >= 300 && response.status < 400) {
    const location = new URL(response.headers.get("location") ?? "", "http://x");
    if (location.pathname === "/auth" && location.searchParams.get("redirectTo") === requested) return "sign-in";
    return `${location.pathname}${location.search}`;
  }
  if (response.status === 404) return "not-found";
  if (response.status === 403) return "forbidden";
  if (response.status === 405) return "post-only";
  if (response.status >= 200 && response.status < 300) return "ok";
  return `status ${response.status}`;
}

describe("the access table", () => {
  it("has an entry for every route in app/routes.ts and no entry for a route that does not exist", () => {
    const paths = routePaths(routes).sort();
    expect(paths).toEqual(Object.keys(accessTable).sort());
  });
});

describe.each(ENGINES)("the server enforces the access table on %s", (engine) => {
  let server: AppServer;
  const cookies: Record<Audience, string> = { anonymous: "", user: "", admin: "" };

  beforeAll(async () => {
    const database = await createTestDatabase(engine);
    const seed = await openTestRuntime(database);
    await createUser(seed, { email: "haulier@fleet.example", password: "haulier-pw" });
    await createUser(seed, { email: "admin@consultancy.example", password: "admin-pw", role: "admin" });
    await seed.database.destroy();
    server = await startAppServer({ DATA_DIR: database.dataDir, DATABASE_URL: database.databaseUrl });
    cookies.user = await signIn(server, "haulier@fleet.example", "haulier-pw");
    cookies.admin = await signIn(server, "admin@consultancy.example", "admin-pw");
  });
  afterAll(async () => {
    await server?.stop();
  });

  const cases = Object.entries(accessTable).flatMap(([pattern, rule]) =>
    (Object.keys(rule) as Audience[]).map((audience) => ({ pattern, audience, expected: rule[audience] })),
  );

  it.each(cases)("$pattern for $audience → $expected", async ({ pattern, audience, expected }) => {
    const url = sampleUrl(pattern);
    const response = await fetch(`${server.url}${url}`, {
      redirect: "manual",
      headers: cookies[audience] ? { cookie: cookies[audience] } : {},
    });
    expect(describeOutcome(response, url)).toBe(expected);
  });
});
