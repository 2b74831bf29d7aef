import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { actionTable, OWN_OR_PUBLIC_ACTIONS, readTable } from "~/access-actions";
import { createApiKey } from "~/features/fleet-api/index.server";
import { KEY_SCOPES, type Principal } from "~/lib/access/policy";
import type { Runtime } from "~/lib/runtime.server";

import { companyData, expected, outcomeOf, statementsOf, variantsOf } from "../support/access-sweep";
import { seedAccessWorld, type AccessWorld } from "../support/access-world";
import { signIn, startAppServer, type AppServer } from "../support/app-server";
import { postAsPage } from "../support/page-action";
import { actionRoutes, type ActionRoute } from "../support/route-actions";
import { createTestDatabase, ENGINES } from "../support/test-database";
import { openTestRuntime } from "../support/test-runtime";

/**
 * Issue 58: the policy's table proven against the running server, on both engines. Every action route of the build
 * and every intent its source handles (a route or intent with no row in app/access-table.ts fails), and every page,
 * file and stream that names a company's thing, tried by every principal — nobody, each of Alpha's roles, Bravo's
 * owner, depot manager and viewer, an admin, and API keys of each scope — with real ids of their own things and of
 * the other company's. Where the policy refuses, the answer is exactly as for a missing thing (404), or 403 where the
 * principal sees the thing; where it allows, the door lets the request through to the intent's own checks (the sweep
 * sends input they refuse). Nothing of any company's data changes.
 */
type Who = { name: string; principal: Principal | null; cookie?: string; key?: string };

/** A fleet API call with a key, as its clients make one. */
async function callApi(url: string, method: string, key: string, fields: Record<string, string>) {
  const response = await fetch(url, {
    method,
    redirect: "manual",
    headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
    body: JSON.stringify(fields),
  });
  await response.arrayBuffer();
  return { status: response.status, location: response.headers.get("location") };
}

describe.each(ENGINES)("the policy on every route and action, on %s", (engine) => {
  let runtime: Runtime;
  let server: AppServer;
  let world: AccessWorld;
  let routes: ActionRoute[];
  const people: Who[] = [];
  const keys: Who[] = [];

  beforeAll(async () => {
    const database = await createTestDatabase(engine);
    runtime = await openTestRuntime(database);
    world = await seedAccessWorld(runtime);
    // A read-only key beside each company's full one.
    const readOnly = await createApiKey(runtime, world.alpha.people.owner.viewer, {
      name: "Dashboard",
      scopes: ["fleet:read"],
    });
    routes = await actionRoutes();
    server = await startAppServer({
      DATA_DIR: database.dataDir,
      DATABASE_URL: database.databaseUrl,
      SIGN_IN_RATE_LIMIT_MAX: "100",
    });
    const logins = [
      ["Alpha's owner", world.alpha.people.owner],
      ["Alpha's fleet manager", world.alpha.people.fleet_manager],
      ["Alpha's depot manager", world.alpha.people.depot_manager],
      ["Alpha's viewer", world.alpha.people.viewer],
      ["Bravo's owner", world.bravo.people.owner],
      ["Bravo's depot manager", world.bravo.people.depot_manager],
      ["Bravo's viewer", world.bravo.people.viewer],
      ["an admin", world.admin],
    ] as const;
    people.push({ name: "nobody", principal: null });
    for (const [name, login] of logins)
      people.push({ name, principal: login.viewer, cookie: await signIn(server, login.email, login.password) });
    const keyOf = (id: number, company: typeof world.alpha, scopes: NonNullable<Principal["apiKey"]>["scopes"]) => ({
      id: `api-key:${id}`,
      company: { id: company.id, name: company.name, role: "fleet_manager" as const, memberId: 0 },
      apiKey: { id, scopes },
    });
    // Keys are made with every scope unless told otherwise (api-keys.server.ts).
    const all = KEY_SCOPES;
    keys.push(
      { name: "Alpha's key", principal: keyOf(world.alpha.apiKeyId, world.alpha, all), key: world.alpha.apiKey },
      { name: "Alpha's read-only key", principal: keyOf(readOnly.id, world.alpha, ["fleet:read"]), key: readOnly.key },
      { name: "Bravo's key", principal: keyOf(world.bravo.apiKeyId, world.bravo, all), key: world.bravo.apiKey },
    );
  }, 180_000);
  afterAll(async () => {
    await server?.stop();
    await runtime?.database.destroy();
  });

  it("has a row for every action route and every intent of the build", () => {
    const missing = routes.flatMap((route) => {
      if (OWN_OR_PUBLIC_ACTIONS.includes(route.pattern)) return [];
      const rows = actionTable[route.pattern];
      if (!rows) return [`${route.pattern}: no row`];
      if (route.pattern.startsWith("/api/v1/")) return [];
      const intents = route.intents.length ? route.intents : [""];
      return intents.filter((i) => !rows[i]).map((i) => `${route.pattern}: intent "${i}" has no row`);
    });
    expect(missing).toEqual([]);
  });

  it("answers every principal's every action as the policy says, and changes nothing", async () => {
    const before = await companyData(runtime.database.db);
    const wrong: string[] = [];
    let sent = 0;
    for (const [pattern, intents] of Object.entries(actionTable)) {
      const api = pattern.startsWith("/api/v1/");
      for (const [intent, row] of Object.entries(intents))
        for (const variant of variantsOf(row.target, world))
          for (const who of api ? keys : people) {
            const outcome = expected(who.principal, row.action, variant, row.read);
            if (outcome === "allowed" && row.invalid === null) continue;
            const url = pattern.replace(/:(\w+)/g, (_, p: string) =>
              p === "vehicle" ? "AL11 VAN" : p === "month" ? "2026-11" : (variant.path[p] ?? "987654"),
            );
            const fields = { ...variant.form, ...(row.invalid ?? {}), ...(api ? {} : { intent }) };
            // Posted as a hydrated page posts (.data): the same door, without the page rendered after it (a quarter of
            // the time). Plain form posts of every action are the forged-id and hostile-input suites'.
            const { status, location } = api
              ? await callApi(`${server.url}${url}`, intent, who.key!, fields)
              : await postAsPage(
                  `${server.url}${url}`,
                  new URLSearchParams(fields),
                  who.cookie ? { cookie: who.cookie } : {},
                );
            sent += 1;
            const consoleRoute = pattern.startsWith("/admin");
            const ok = !who.principal
              ? status === 302 || status === 401
              : consoleRoute && !who.principal.isAdmin
                ? status === 302 && location === "/"
                : outcome === "allowed"
                  ? status < 500 && ![401, 403, 404].includes(status) && (status >= 400 || status === 302)
                  : status === outcome;
            if (!ok)
              wrong.push(
                `${who.name} ${api ? intent : `POST ${intent}`} ${url} (${variant.name}): ${status}, the policy says ${outcome}`,
              );
          }
    }
    expect(wrong).toEqual([]);
    expect(sent).toBeGreaterThan(500);
    expect(await companyData(runtime.database.db)).toEqual(before);
  }, 600_000);

  it("opens every page, file and stream of a company's thing as the policy says", async () => {
    const wrong: string[] = [];
    for (const [pattern, read] of Object.entries(readTable))
      for (const variant of read.target === "statement" ? statementsOf(world) : variantsOf(read.target, world))
        for (const who of people) {
          const photo = pattern.startsWith("/photos/")
            ? String(
                [...world.alpha.depots, ...world.bravo.depots].find((d) => String(d.id) === variant.path.id)?.photoId,
              )
            : undefined;
          const path = pattern.replace(/:(\w+)/g, (_, p: string) =>
            p === "photoId" ? (photo ?? "987654") : (variant.path[p] ?? "987654"),
          );
          const query =
            read.target === "statement"
              ? `?month=${variant.form.month}${variant.form.company ? `&company=${variant.form.company}` : ""}`
              : "";
          const response = await fetch(`${server.url}${path}${query}`, {
            redirect: "manual",
            headers: who.cookie ? { cookie: who.cookie } : {},
          });
          await response.body?.cancel();
          const policy = expected(who.principal, read.action, variant);
          const refused = { 404: "not-found", 403: "forbidden", 409: "status 409" } as const;
          const want = !who.principal
            ? "sign-in"
            : who.principal.isAdmin && read.admin && policy !== "allowed"
              ? read.admin
              : policy === "allowed"
                ? "ok"
                : refused[policy];
          const got = outcomeOf(response, `${path}${query}`);
          if (got !== want && !(who.principal?.isAdmin && read.admin && got === read.admin))
            wrong.push(`${who.name} GET ${path}${query} (${variant.name}): ${got}, the policy says ${want}`);
        }
    expect(wrong).toEqual([]);
  }, 300_000);
});
