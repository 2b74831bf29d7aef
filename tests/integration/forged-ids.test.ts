import { afterAll, beforeAll, describe, expect, it } from "vitest";

import type { Runtime } from "~/lib/runtime.server";

import { seedAccessWorld, type AccessWorld, type WorldCompany } from "../support/access-world";
import { signIn, startAppServer, type AppServer } from "../support/app-server";
import { postAsPage } from "../support/page-action";
import { actionRoutes, type ActionRoute } from "../support/route-actions";
import { createTestDatabase } from "../support/test-database";
import { openTestRuntime } from "../support/test-runtime";

/**
 * Issue 57, item 2: every action route of the build, every intent it handles, posted by members of one company, an
 * admin and a fleet API key with the other company's real ids, ids that name nothing, and ids that are not ids, in
 * the path and in every id field. Whatever the answer (a refusal, a 404, an error naming a field), it is never a
 * server error: a forged request is a refusal like any other.
 */
const MISSING = "987654";
const MALFORMED = "1e3";

/** The places that act on the person's own session or membership only (signing out, leaving): not id-bearing. */
const OWN_PLACE = new Set(["/auth/sign-out", "/account", "/api/auth/*"]);
const SKIPPED_INTENTS = new Set(["leave"]);
/** Who posts as a hydrated page does; the others post plain forms. */
const HYDRATED = new Set(["alpha depot manager", "bravo owner"]);

/** The ids a form or a path may carry, as the other company's (`theirs`), for a request from `mine`'s people. */
function idsOf(theirs: WorldCompany, world: AccessWorld): Record<string, string> {
  return {
    id: String(theirs.depots[0].id),
    depotId: String(theirs.depots[0].id),
    hubId: String(world.hub.id),
    chargePointId: String(theirs.chargePointId),
    tagId: String(theirs.tagId),
    memberId: String(theirs.memberIds.owner),
    companyId: String(theirs.id),
    keyId: String(theirs.apiKeyId),
    invitationId: String(theirs.invitationId),
    contractId: String(world.hub.contractId),
    bookingId: String(world.hub.bookingId),
    disputeId: String(world.hub.disputeId),
    photoId: String(theirs.depots[0].photoId),
    scenarioId: "1",
  };
}

/** The route's URL with every path parameter set to `value` (or, for parameters that are no id, a sample). */
function urlOf(pattern: string, value: (param: string) => string): string {
  return pattern.replace(/:(\w+)/g, (_, param: string) => {
    if (param === "token") return "not-an-invitation-token-at-all";
    if (param === "month") return "2026-11";
    if (param === "vehicle") return "FORGED-1";
    return value(param);
  });
}

describe("forged ids on every action", () => {
  let runtime: Runtime;
  let server: AppServer;
  let world: AccessWorld;
  let routes: ActionRoute[];
  const cookies: Record<string, string> = {};

  beforeAll(async () => {
    const database = await createTestDatabase("sqlite");
    runtime = await openTestRuntime(database);
    world = await seedAccessWorld(runtime);
    routes = await actionRoutes();
    server = await startAppServer({ DATA_DIR: database.dataDir, SIGN_IN_RATE_LIMIT_MAX: "100" });
    for (const [name, login] of [
      ["alpha owner", world.alpha.people.owner],
      ["alpha depot manager", world.alpha.people.depot_manager],
      ["bravo owner", world.bravo.people.owner],
      ["admin", world.admin],
    ] as const)
      cookies[name] = await signIn(server, login.email, login.password);
  }, 120_000);
  afterAll(async () => {
    await server?.stop();
    await runtime?.database.destroy();
  });

  it("never answers a server error, on any route, intent or id", async () => {
    const faults: string[] = [];
    let requests = 0;
    const post = async (who: string, url: string, body: URLSearchParams | string, headers: Record<string, string>) => {
      requests += 1;
      // Half the people post as a hydrated page (.data: the action alone), half as a plain form (the action, then the
      // page rendered with what it answered): both kinds on every route and intent, in half the time of all plain.
      if (body instanceof URLSearchParams && HYDRATED.has(who)) {
        const answer = await postAsPage(`${server.url}${url}`, body, { cookie: headers.cookie! });
        const said = JSON.stringify([answer.data, answer.error]);
        if (answer.status >= 500) faults.push(`${who} POST ${url}.data ${String(body)} → ${answer.status} ${said}`);
        return answer.status === 413 && said.includes("more fields than this page takes")
          ? "too many fields"
          : undefined;
      }
      const response = await fetch(`${server.url}${url}`, {
        method: headers["x-method"] ?? "POST",
        headers: { origin: server.url, ...headers },
        body,
        redirect: "manual",
      });
      const text = await response.text();
      if (response.status === 413 && text.includes("more fields than this page takes")) return "too many fields";
      if (response.status >= 500)
        faults.push(
          `${who} ${headers["x-method"] ?? "POST"} ${url} ${String(body)} → ${response.status} ${text.slice(0, 200)}`,
        );
    };
    for (const route of routes) {
      if (OWN_PLACE.has(route.pattern)) continue;
      if (route.pattern.startsWith("/api/v1/")) {
        // The fleet API: each company's key, with the other's ids in the path and the body, by every method.
        for (const [mine, theirs] of [
          [world.alpha, world.bravo],
          [world.bravo, world.alpha],
        ] as const) {
          const forged = idsOf(theirs, world);
          for (const value of [forged, MISSING, MALFORMED]) {
            const pick = (param: string) => (typeof value === "string" ? value : (value[param] ?? MISSING));
            const body = JSON.stringify(
              Object.fromEntries(Object.keys(forged).map((k) => [k, typeof value === "string" ? value : value[k]])),
            );
            for (const method of ["POST", "PUT", "DELETE"])
              await post(`${mine.name}'s key`, urlOf(route.pattern, pick), body, {
                authorization: `Bearer ${mine.apiKey}`,
                "content-type": "application/json",
                "x-method": method,
              });
          }
        }
        continue;
      }
      const intents = route.intents.length ? route.intents.filter((i) => !SKIPPED_INTENTS.has(i)) : [null];
      for (const who of Object.keys(cookies)) {
        const theirs = who.startsWith("bravo") ? world.alpha : world.bravo;
        const mine = who.startsWith("bravo") ? world.bravo : world.alpha;
        const forged = idsOf(theirs, world);
        const own = idsOf(mine, world);
        for (const intent of intents)
          for (const [path, fields] of [
            [forged, forged],
            [own, forged],
            [MISSING, MISSING],
            [MALFORMED, MALFORMED],
          ] as const) {
            const pick = (param: string) => (typeof path === "string" ? path : (path[param] ?? MISSING));
            const form = new URLSearchParams(intent ? { intent } : {});
            for (const key of Object.keys(forged)) form.set(key, typeof fields === "string" ? fields : fields[key]!);
            const headers = { cookie: cookies[who]!, "content-type": "application/x-www-form-urlencoded" };
            const url = urlOf(route.pattern, pick);
            // A page that takes only a few fields refuses them all at once: then each id field alone.
            if ((await post(who, url, form, headers)) === "too many fields")
              for (const key of Object.keys(forged)) {
                const one = new URLSearchParams(intent ? { intent } : {});
                one.set(key, typeof fields === "string" ? fields : fields[key]!);
                await post(who, url, one, headers);
              }
          }
      }
    }
    expect(faults).toEqual([]);
    // Every action route with its intents was tried (a route that lost its action would make this smaller).
    expect(requests).toBeGreaterThan(500);
  }, 600_000);
});
