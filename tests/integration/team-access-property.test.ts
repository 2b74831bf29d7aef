import fc from "fast-check";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { createUser } from "~/features/users/index.server";

import { signIn, startAppServer, type AppServer } from "../support/app-server";
import { pdfText } from "../support/pdf-text";
import { reaches, seedWorld, worldArb, type Person } from "../support/team-world";
import { createTestDatabase, type TestDatabase } from "../support/test-database";
import { openTestRuntime } from "../support/test-runtime";

/**
 * Issue 48's property: random companies, members, roles and depot scopes (and one person in two companies); random
 * requests over every page, file, report and stream with a depot in it. Every answer is what the role allows, and
 * no answer carries the name, notes or quote of a depot the person cannot reach, or the name of a company they are
 * not in. A viewer's POST to any of a company's actions is refused and changes nothing.
 */
const SEED = Number(process.env.TEAM_SEED ?? Math.floor(Math.random() * 2 ** 31));

const DEPOT_ROUTES = [
  "/depots/:id",
  "/electrify/depots/:id/layout",
  "/electrify/depots/:id/summary",
  "/electrify/depots/:id/plan",
  "/electrify/depots/:id/trips",
  "/electrify/depots/:id/report",
  "/electrify/portfolio/:id/connection",
  "/electrify/portfolio/:id/quote",
  "/electrify/operations/:id",
  "/electrify/operations/:id/events",
  "/electrify/operations/:id/statement.csv",
  "/photos/:photo",
  "/photos/:photo/thumbnail",
];
const COMPANY_ROUTES = [
  "/depots",
  "/electrify/dashboard",
  "/electrify/company-setup",
  "/electrify/energy-map",
  "/electrify/portfolio",
  "/electrify/portfolio/report",
  "/electrify/operations",
  "/electrify/team",
];

async function bodyText(response: Response): Promise<string> {
  const type = response.headers.get("content-type") ?? "";
  if (type.includes("text/event-stream")) {
    // The stream's first event is the page's state: read it, then hang up.
    const reader = response.body!.getReader();
    const first = await reader.read();
    await reader.cancel();
    return new TextDecoder().decode(first.value);
  }
  const bytes = Buffer.from(await response.arrayBuffer());
  return type.includes("application/pdf") ? pdfText(bytes) : bytes.toString("utf8");
}

/** What no answer to `person` may carry: every depot they cannot reach, every company they are not in. */
function forbiddenFor(person: Person, world: Awaited<ReturnType<typeof seedWorld>>): string[] {
  const depots = world.depots.filter((d) => !reaches(person, d));
  return [
    ...depots.flatMap((d) => [d.token, d.token.replace("Yard", "Note"), `£${d.quote.toLocaleString("en-GB")}`]),
    ...world.companies.filter((c) => !person.memberOf.includes(c.id)).map((c) => c.name),
  ];
}

describe("a company's team, as random requests over random teams", () => {
  let database: TestDatabase;
  let server: AppServer;
  let world: Awaited<ReturnType<typeof seedWorld>>;
  const people: Person[] = [];

  beforeAll(async () => {
    database = await createTestDatabase("sqlite");
    const runtime = await openTestRuntime(database);
    const [shape] = fc.sample(worldArb, { seed: SEED, numRuns: 1 });
    // Whatever else the teams are, the first has two depots, a depot manager of each, and a viewer.
    const first = shape![0]!;
    first.depots = Math.max(2, first.depots);
    first.members.push(
      { role: "depot_manager", scope: [0] },
      { role: "depot_manager", scope: [1] },
      { role: "viewer", scope: [0] },
    );
    world = await seedWorld(runtime, shape!, SEED);
    await runtime.database.destroy();
    server = await startAppServer({ DATA_DIR: database.dataDir, SIGN_IN_RATE_LIMIT_MAX: "100" });
    for (const person of world.people)
      people.push({ ...person, cookie: await signIn(server, person.email, person.password) });
  }, 120_000);
  afterAll(async () => {
    await server?.stop();
  });

  it(`answers each role what it allows, and nothing of anyone else's (seed ${SEED}; replay: TEAM_SEED=${SEED})`, async () => {
    const request = fc.record({ route: fc.constantFrom(...DEPOT_ROUTES, ...COMPANY_ROUTES), depot: fc.nat(1_000) });
    await fc.assert(
      fc.asyncProperty(request, async (r) => {
        const depot = world.depots[r.depot % world.depots.length]!;
        const url = r.route.replace(":id", String(depot.id)).replace(":photo", String(depot.photoId));
        // Everyone asks: each role, in and out of the depot's company and scope, on the same URL.
        for (const person of people) {
          const response = await fetch(`${server.url}${url}`, {
            headers: { cookie: person.cookie },
            redirect: "manual",
          });
          const body = await bodyText(response);
          const expected = DEPOT_ROUTES.includes(r.route) && !reaches(person, depot) ? 404 : 200;
          expect(response.status, `${person.role} ${person.email} GET ${url}`).toBe(expected);
          for (const text of forbiddenFor(person, world))
            expect(body.includes(text), `${person.email} GET ${url} carries ${text}`).toBe(false);
        }
      }),
      { seed: SEED, numRuns: 60 },
    );
  }, 300_000);

  it("refuses a depot manager's change to a depot outside their own (404); nothing changes", async () => {
    // (A viewer's changes, and every other principal's, are tried on every action by access-sweep.test.ts.)
    const before = await snapshot();
    // A depot manager's change to a depot outside their own (a charger's action, a tag, a plan) answers 404. (The first
    // company always has two depots and a manager of each: a random manager may reach every depot of theirs.)
    const manager = people.find(
      (p) =>
        p.role === "depot_manager" && world.depots.some((d) => d.companyId === p.companyId && !p.scope.includes(d.id)),
    )!;
    const other = world.depots.find((d) => d.companyId === manager.companyId && !manager.scope.includes(d.id))!;
    for (const [url, fields] of [
      [`/electrify/operations/${other.id}`, "intent=add-tag&tag=AA11&vehicle=Van"],
      [`/electrify/operations/${other.id}`, "intent=command&chargePointId=1&command=reset"],
      [`/electrify/depots/${other.id}/plan`, "intent=save-scenario&name=Mine"],
      [`/electrify/portfolio/${other.id}/connection`, "intent=save&stage=budget-requested"],
    ] as const) {
      const response = await fetch(`${server.url}${url}`, {
        method: "POST",
        headers: { cookie: manager.cookie, origin: server.url, "content-type": "application/x-www-form-urlencoded" },
        body: fields,
        redirect: "manual",
      });
      await response.arrayBuffer();
      expect(response.status, `depot manager POST ${url} (${fields})`).toBe(404);
    }
    expect(await snapshot()).toEqual(before);
  });

  it("writes a member's change, and an admin's on the company's depot, to that company's activity log only", async () => {
    const runtime = await openTestRuntime(database, {}, { migrate: false });
    await createUser(runtime, { email: "admin@prop.example", password: "admin-password", role: "admin" });
    await runtime.database.destroy();
    const admin = await signIn(server, "admin@prop.example", "admin-password");
    const depot = world.depots.find((d) => d.companyId === world.companies[1]!.id)!;
    const owner = people.find((p) => p.role === "owner" && p.companyId === world.companies[1]!.id)!;
    const post = async (cookie: string, url: string, fields: Record<string, string>) => {
      const response = await fetch(`${server.url}${url}`, {
        method: "POST",
        headers: { cookie, origin: server.url, "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams(fields),
        redirect: "manual",
      });
      await response.arrayBuffer();
      return response.status;
    };
    expect(await post(admin, `/admin/depot/${depot.id}`, { status: "approved", adminNotes: "" })).toBe(302);
    expect(
      await post(owner.cookie, "/electrify/energy-map", {
        intent: "position",
        depotId: String(depot.id),
        latitude: "51.5",
        longitude: "-2.6",
      }),
    ).toBe(200);
    const check = await openTestRuntime(database, {}, { migrate: false });
    const lines = await check.database.db
      .selectFrom("company_activity")
      .selectAll()
      .where("depot_id", "=", depot.id)
      .orderBy("id")
      .execute();
    await check.database.destroy();
    expect(lines.map((l) => [l.company_id, l.actor_email, Number(l.by_admin), l.action, l.depot_name])).toEqual([
      [depot.companyId, "admin@prop.example", 1, "Review", depot.token],
      [depot.companyId, owner.email, 0, "Depot: placed on the energy map", depot.token],
    ]);
  });

  it("shows a viewer the pages without the forms that change them, and an owner with them", async () => {
    const viewer = people.find((p) => p.role === "viewer")!;
    const owner = people.find((p) => p.role === "owner" && p.companyId === viewer.companyId)!;
    const depot = world.depots.find((d) => d.companyId === viewer.companyId)!;
    const page = async (person: Person, url: string) =>
      (await (await fetch(`${server.url}${url}`, { headers: { cookie: person.cookie } })).text()).replaceAll(
        "<!-- -->",
        "",
      );
    const asViewer = await page(viewer, `/electrify/operations/${depot.id}`);
    const asOwner = await page(owner, `/electrify/operations/${depot.id}`);
    for (const form of ["Register charger", "Add vehicle"]) {
      expect(asOwner).toContain(form);
      expect(asViewer).not.toContain(form);
    }
    expect(await page(viewer, "/electrify/company-setup")).toContain(
      "Only the company&#x27;s owners change its details.",
    );
    expect(await page(owner, "/electrify/company-setup")).toContain("Save and Continue");
  });

  async function snapshot() {
    const runtime = await openTestRuntime(database, {}, { migrate: false });
    const db = runtime.database.db;
    const tables = [
      "depots",
      "companies",
      "company_members",
      "member_depots",
      "company_activity",
      "depot_plans",
      "depot_designs",
      "plan_scenarios",
      "connection_applications",
      "vehicle_tags",
      "charge_points",
      "survey_photos",
      "roadmaps",
      "trip_imports",
    ];
    const rows: Record<string, unknown> = {};
    for (const table of tables)
      rows[table] = (await sql`select * from ${sql.table(table)} order by 1`.execute(db)).rows;
    await runtime.database.destroy();
    return rows;
  }
});
