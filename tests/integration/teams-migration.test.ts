import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql, type Kysely } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { getCompanyValues } from "~/features/company/index.server";
import { listUserDepots } from "~/features/depots/index.server";
import { readRoadmapSettings } from "~/features/portfolio/index.server";
import { dialectHelpers } from "~/lib/db/dialect.server";
import { upgradeAccountsToCompanies } from "~/lib/db/migrations/016-companies-as-teams";
import type { Runtime } from "~/lib/runtime.server";

import { createTestDatabase, ENGINES, type TestDatabase } from "../support/test-database";
import { openTestRuntime } from "../support/test-runtime";
import { viewerOf } from "../support/viewers";

/** The last commit before companies became teams: its demo command seeds the database the upgrade starts from. */
const BEFORE_TEAMS = "e6cface";
const root = path.resolve(import.meta.dirname, "../..");

/** The tables whose rows hang off a depot, directly or through a charger. */
const BY_DEPOT = [
  "survey_photos",
  "depot_status_history",
  "depot_plans",
  "depot_designs",
  "plan_scenarios",
  "trip_imports",
  "connection_applications",
  "apply_by_reminders",
  "vehicle_tags",
  "charge_points",
] as const;
const BY_CHARGER = ["charge_point_connectors", "charging_sessions", "meter_readings", "charge_point_events"] as const;

/** The product as it was: its demo command, run from that commit's files with today's node_modules. */
function seedWithOldDemoCommand(database: TestDatabase) {
  const dir = mkdtempSync(path.join(tmpdir(), "electrify-before-teams-"));
  try {
    const archive = execFileSync("git", ["archive", BEFORE_TEAMS], { cwd: root, maxBuffer: 256 * 1024 * 1024 });
    execFileSync("tar", ["-x", "-C", dir], { input: archive });
    symlinkSync(path.join(root, "node_modules"), path.join(dir, "node_modules"));
    const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: database.dataDir, LOG_LEVEL: "warn" };
    if (database.databaseUrl) env.DATABASE_URL = database.databaseUrl;
    else delete env.DATABASE_URL;
    const tsx = path.join(root, "node_modules/.bin/tsx");
    execFileSync(tsx, ["app/cli/main.ts", "demo:seed", "--depots", "40", "--users", "4"], {
      cwd: dir,
      env,
      stdio: "pipe",
    });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the schema before and after the upgrade differ
type AnyDb = Kysely<any>;

/** What the old schema keeps per person beyond the demo's depots: a company, a roadmap, plans, designs, a charger. */
async function addOldCompanyData(db: AnyDb) {
  const users = await db.selectFrom("user").select(["id", "email"]).orderBy("email").execute();
  const [first, second] = users as { id: string; email: string }[];
  await db
    .insertInto("companies")
    .values({
      user_id: first!.id,
      company_name: "Acme Freight",
      contact_name: "Ada",
      contact_email: "ada@acme.example",
      contact_phone: "0117 000 0000",
      charging_strategy: "Overnight",
    })
    .execute();
  await db
    .insertInto("roadmaps")
    .values({ user_id: second!.id, settings: JSON.stringify({ endYear: 2041 }) })
    .execute();
  for (const user of [first!, second!]) {
    const depot = await db
      .selectFrom("depots")
      .select("id")
      .where("user_id", "=", user.id)
      .orderBy("id")
      .executeTakeFirstOrThrow();
    const now = new Date().toISOString();
    await db
      .insertInto("depot_plans")
      .values({
        depot_id: depot.id,
        inputs: "{}",
        status: "done",
        progress: 4,
        run_id: "r",
        results: null,
        error: null,
        started_at: now,
        finished_at: now,
      })
      .execute();
    await db.insertInto("depot_designs").values({ depot_id: depot.id, components: "[]", updated_at: now }).execute();
    await db
      .insertInto("plan_scenarios")
      .values({ depot_id: depot.id, name: "Base", inputs: "{}", results: "{}" })
      .execute();
    await db
      .insertInto("vehicle_tags")
      .values({ depot_id: depot.id, tag: "AA11", tag_key: "aa11", vehicle: "Van 1" })
      .execute();
    await db
      .insertInto("charge_points")
      .values({
        depot_id: depot.id,
        identity: `cp-${depot.id}`,
        name: "Bay 1",
        password_hash: "x",
        connectors: 1,
        max_kw: 22,
        current_type: "AC",
      })
      .execute();
  }
}

/** Every depot-hanging table's rows, per person who had them (before) or per owner of the company holding them (after). */
async function countsPerPerson(db: AnyDb, whose: "user" | "company"): Promise<Record<string, Record<string, number>>> {
  const owner =
    whose === "user"
      ? sql.ref("depots.user_id")
      : sql`(select user_id from company_members where company_members.company_id = depots.company_id and role = 'owner')`;
  const counts: Record<string, Record<string, number>> = {};
  const add = (table: string, rows: { who: string; n: number | string }[]) => {
    for (const row of rows) (counts[row.who] ??= {})[table] = Number(row.n);
  };
  add(
    "depots",
    (await sql<{ who: string; n: number }>`select ${owner} as who, count(*) as n from depots group by 1`.execute(db))
      .rows,
  );
  for (const table of BY_DEPOT)
    add(
      table,
      (
        await sql<{
          who: string;
          n: number;
        }>`select ${owner} as who, count(*) as n from ${sql.table(table)} t join depots on depots.id = t.depot_id group by 1`.execute(
          db,
        )
      ).rows,
    );
  for (const table of BY_CHARGER)
    add(
      table,
      (
        await sql<{
          who: string;
          n: number;
        }>`select ${owner} as who, count(*) as n from ${sql.table(table)} t join charge_points cp on cp.id = t.charge_point_id join depots on depots.id = cp.depot_id group by 1`.execute(
          db,
        )
      ).rows,
    );
  return counts;
}

const ownerOf = async (db: AnyDb, userId: string) =>
  (
    await db
      .selectFrom("company_members")
      .select("company_id")
      .where("user_id", "=", userId)
      .where("role", "=", "owner")
      .execute()
  ).map((row: { company_id: number }) => row.company_id);

describe.each(ENGINES)("the upgrade to teams on %s", (engine) => {
  let database: TestDatabase;
  let runtime: Runtime;
  let before: Record<string, Record<string, number>>;
  let accounts: { id: string; email: string; role?: string }[];

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    seedWithOldDemoCommand(database);
    // The old schema, added to and counted before the new code's migrations run.
    const old = await openTestRuntime(database, {}, { migrate: false });
    await addOldCompanyData(old.database.db);
    before = await countsPerPerson(old.database.db, "user");
    accounts = (await old.database.db.selectFrom("user").select(["id", "email", "role"]).execute()).map((a) => ({
      ...a,
      role: a.role ?? undefined,
    }));
    await old.database.destroy();
    runtime = await openTestRuntime(database);
  }, 120_000);
  afterAll(async () => {
    await runtime?.database.destroy();
  });

  it("gives every account a company holding exactly what it had, and nothing changes for it; running again adds nothing", async () => {
    const db = runtime.database.db;
    expect(accounts.length).toBe(4); // the four demo hauliers
    for (const account of accounts) expect(await ownerOf(db, account.id)).toHaveLength(1);
    const after = await countsPerPerson(db, "company");
    expect(after).toEqual(before);
    expect(Object.values(before).reduce((n, c) => n + (c.depots ?? 0), 0)).toBe(40);
    expect(
      Object.values(before).reduce((n, c) => n + (c.meter_readings ?? 0) + (c.vehicle_tags ?? 0), 0),
    ).toBeGreaterThan(0);

    // Signed in after the upgrade, each sees what they saw: their company's details, roadmap and depots.
    const [first, second] = [...accounts]
      .filter((a) => a.role !== "admin")
      .sort((a, b) => a.email.localeCompare(b.email));
    const firstViewer = await viewerOf(runtime, first!);
    expect(await getCompanyValues(runtime, firstViewer)).toEqual({
      saved: true,
      values: {
        companyName: "Acme Freight",
        contactName: "Ada",
        contactEmail: "ada@acme.example",
        contactPhone: "0117 000 0000",
        chargingStrategy: "Overnight",
      },
    });
    expect((await listUserDepots(runtime, firstViewer)).length).toBe(before[first!.id]!.depots);
    const secondViewer = await viewerOf(runtime, second!);
    expect((await readRoadmapSettings(runtime, secondViewer.company!.id)).endYear).toBe(2041);
    expect((await getCompanyValues(runtime, secondViewer)).saved).toBe(false);

    // Run again: no second company for anyone, nothing moved.
    const companies = await db.selectFrom("companies").select("id").execute();
    await upgradeAccountsToCompanies(db, dialectHelpers(engine));
    expect(await db.selectFrom("companies").select("id").execute()).toEqual(companies);
    expect(await countsPerPerson(db, "company")).toEqual(before);
  });
});
