import type { RouteConfigEntry } from "@react-router/dev/routes";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { accessTable, AUDIENCES, type Audience, type Outcome } from "~/access-table";
import routes from "~/routes";

import { signIn, startAppServer, type AppServer } from "../support/app-server";
import { seedTeamCompany, type TeamDepot } from "../support/team-fixture";
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

/** The route's URL as this audience asks for it: the company's first depot, or its second for `depotManagerOther`. */
function sampleUrl(pattern: string, depot: TeamDepot): string {
  if (pattern === "/*") return "/no-such-page/anywhere";
  if (pattern === "/api/auth/*") return "/api/auth/ok";
  return pattern
    .replace(/:id|:depotId/g, String(depot.id))
    .replace(/:slug/g, "pitch-deck")
    .replace(/:token/g, "not-an-invitation-token-at-all")
    .replace(/:photoId/g, String(depot.photoId))
    .replace(/:vehicle/g, "AB12CDE")
    .replace(/:chargePointId/g, "987654");
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
  if (response.status === 401) return "key-only";
  if (response.status >= 200 && response.status < 300) return "ok";
  return `status ${response.status}`;
}

describe("the access table", () => {
  it("has an entry for every route in app/routes.ts and no entry for a route that does not exist", () => {
    const paths = routePaths(routes).sort();
    expect(paths).toEqual(Object.keys(accessTable).sort());
  });
});

describe.each(ENGINES)("the server enforces the access table for every role on %s", (engine) => {
  let server: AppServer;
  const cookies = Object.fromEntries(AUDIENCES.map((a) => [a, ""])) as Record<Audience, string>;
  let depots: TeamDepot[] = [];
  let outsiderDepot: TeamDepot;

  beforeAll(async () => {
    const database = await createTestDatabase(engine);
    const seed = await openTestRuntime(database);
    const team = await seedTeamCompany(seed, "access");
    depots = team.depots;
    outsiderDepot = team.outsiderDepot;
    await seed.database.destroy();
    // Seven people sign in from one address: more than the sign-in limit allows a minute.
    server = await startAppServer({
      DATA_DIR: database.dataDir,
      DATABASE_URL: database.databaseUrl,
      SIGN_IN_RATE_LIMIT_MAX: "50",
    });
    for (const audience of AUDIENCES) {
      if (audience === "anonymous") continue;
      const who = audience === "depotManagerOther" ? "depotManager" : audience;
      cookies[audience] = await signIn(server, team.people[who].email, team.people[who].password);
    }
  });
  afterAll(async () => {
    await server?.stop();
  });

  const cases = Object.entries(accessTable).flatMap(([pattern, rule]) =>
    AUDIENCES.map((audience) => ({ pattern, audience, expected: rule[audience] })),
  );

  it.each(cases)("$pattern for $audience → $expected", async ({ pattern, audience, expected }) => {
    const depot = audience === "depotManagerOther" ? depots[1]! : depots[0]!;
    const url = sampleUrl(pattern, depot);
    const response = await fetch(`${server.url}${url}`, {
      redirect: "manual",
      headers: cookies[audience] ? { cookie: cookies[audience] } : {},
    });
    // A stream (the operations page's events) is answered by its headers; its body is not waited for.
    await response.body?.cancel();
    const own = audience === "outsider" ? outsiderDepot : depots[0]!;
    expect(describeOutcome(response, url)).toBe(
      expected.replace(/:id/g, String(depot.id)).replace(/:own/g, String(own.id)),
    );
  });
});
