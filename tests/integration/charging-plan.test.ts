import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { registerChargePoint } from "~/features/chargers/index.server";
import { BENCH_INPUT } from "~/features/charging-engine/fixtures";
import { defaultPlanInput } from "~/features/planning";
import { getPlan, getReportData, startPlanRun } from "~/features/planning/index.server";
import { createUser } from "~/features/users/index.server";
import type { SessionUser } from "~/lib/auth/session.server";
import type { Runtime } from "~/lib/runtime.server";
import { UserError } from "~/lib/user-error";

import { signIn, startAppServer, type AppServer } from "../support/app-server";
import { insertDepot } from "../support/depots";
import { pdfText } from "../support/pdf-text";
import { createTestDatabase, ENGINES } from "../support/test-database";
import { openTestRuntime } from "../support/test-runtime";
import { viewerOf } from "../support/viewers";

const plan = defaultPlanInput({ vehicles: 6, chargers: [] });

describe.each(ENGINES)("charging plans saved with depots on %s", (engine) => {
  let runtime: Runtime;
  let owner: SessionUser;
  let stranger: SessionUser;
  let depotId = 0;

  beforeAll(async () => {
    runtime = await openTestRuntime(await createTestDatabase(engine));
    owner = await viewerOf(
      runtime,
      await createUser(runtime, { email: "owner@fleet.example", password: "owner-password" }),
    );
    stranger = await viewerOf(
      runtime,
      await createUser(runtime, { email: "stranger@fleet.example", password: "stranger-password" }),
    );
    depotId = await insertDepot(runtime, {
      user_id: owner.id,
      depot_name: "Plan Yard",
      depot_address: "1 Plan Road",
      number_of_vehicles: 6,
    });
  });
  afterAll(async () => {
    await runtime?.database.destroy();
  });

  it("saves the inputs, computes every strategy and keeps the results with the depot", async () => {
    expect(await getPlan(runtime, owner, depotId)).toBeNull();
    const run = await startPlanRun(runtime, owner, depotId, plan);
    await run.finished;
    const saved = (await getPlan(runtime, owner, depotId))!;
    expect(saved.status).toBe("done");
    expect(saved.progress).toBe(5);
    expect(saved.inputs).toEqual(plan);
    expect(saved.results!.strategies.map((s) => s.strategy)).toEqual([
      "uncontrolled",
      "balanced",
      "cost-optimal",
      "peak-shaving",
    ]);
    expect(saved.results!.vehicles).toBe(6);
    // A week at 15 minutes: the typical day has 96 points and the horizon all 672.
    expect(saved.results!.strategies[0]!.typicalDayKw).toHaveLength(96);
    expect(saved.results!.strategies[0]!.horizonKw).toHaveLength(672);
    // Six vans, one 22 kW charger each, plenty of connection: nobody leaves short, and shaving lowers the peak.
    const [uncontrolled, , , shaving] = saved.results!.strategies;
    expect(uncontrolled!.vehiclesShort).toBe(0);
    expect(shaving!.peakKw).toBeLessThan(uncontrolled!.peakKw);
  });

  it("refuses bad inputs with messages, keeping the last saved plan as it was", async () => {
    const before = await getPlan(runtime, owner, depotId);
    const bad = {
      ...plan,
      vehicles: [{ ...plan.vehicles[0]!, count: -1 }],
      site: { ...plan.site, connectionKva: "lots" },
    };
    const error = await startPlanRun(runtime, owner, depotId, bad).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UserError);
    expect((error as UserError).messages).toEqual([
      "Vehicle group 1 (Vans), Count: must be at least 1",
      "Site, Connection (kVA): enter a number",
    ]);
    expect(await getPlan(runtime, owner, depotId)).toEqual(before);
  });

  it("never runs, shows or reports a plan for someone else's depot", async () => {
    const error = await startPlanRun(runtime, stranger, depotId, plan).catch((e: unknown) => e);
    expect((error as UserError).messages).toEqual(["That depot no longer exists."]);
    expect(await getPlan(runtime, stranger, depotId)).toBeNull();
    expect(await getReportData(runtime, stranger, depotId)).toBeNull();
    expect(await getReportData(runtime, owner, depotId)).not.toBeNull();
  });

  it("lets a newer run win over an older one that finishes later", async () => {
    const older = await startPlanRun(runtime, owner, depotId, { ...plan, horizon: { ...plan.horizon, days: 14 } });
    const newer = await startPlanRun(runtime, owner, depotId, plan);
    await Promise.all([older.finished, newer.finished]);
    const saved = (await getPlan(runtime, owner, depotId))!;
    expect(saved.inputs!.horizon.days).toBe(7);
    expect(saved.results!.days).toBe(7);
  });
});

/** The Charging Plan over HTTP on the production build, where plans are computed in a worker thread. */
describe("charging plan over HTTP", () => {
  let runtime: Runtime;
  let server: AppServer;
  let owner = "";
  let stranger = "";
  let depotId = 0;
  let otherDepotId = 0;
  let ownerUser: SessionUser = { id: "", email: "owner@fleet.example", isAdmin: false };

  beforeAll(async () => {
    const database = await createTestDatabase("sqlite");
    runtime = await openTestRuntime(database);
    const user = await createUser(runtime, { email: "owner@fleet.example", password: "owner-password" });
    ownerUser = await viewerOf(runtime, user);
    await createUser(runtime, { email: "stranger@fleet.example", password: "stranger-password" });
    depotId = await insertDepot(runtime, {
      user_id: user.id,
      depot_name: "Worker Yard",
      depot_address: "1 Worker Road",
    });
    otherDepotId = await insertDepot(runtime, {
      user_id: user.id,
      depot_name: "Other Yard",
      depot_address: "2 Worker Road",
    });
    server = await startAppServer({ DATA_DIR: database.dataDir, SIGN_IN_RATE_LIMIT_MAX: "100" });
    owner = await signIn(server, "owner@fleet.example", "owner-password");
    stranger = await signIn(server, "stranger@fleet.example", "stranger-password");
  }, 60_000);
  afterAll(async () => {
    await server?.stop();
    await runtime?.database.destroy();
  });

  const run = (cookie: string, body: string, id = depotId) =>
    fetch(`${server.url}/electrify/depots/${id}/plan`, {
      method: "POST",
      redirect: "manual",
      headers: { origin: server.url, cookie, "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ intent: "run-plan", plan: body }),
    });
  const rows = async () => (await runtime.database.db.selectFrom("depot_plans").selectAll().execute()).length;

  it("refuses anonymous visitors, strangers and unreadable or invalid inputs, saving nothing", async () => {
    const anonymous = await run("", JSON.stringify(plan));
    expect(anonymous.status).toBe(302);
    expect(anonymous.headers.get("location")).toMatch(/^\/auth\?redirectTo=/);
    const byStranger = await run(stranger, JSON.stringify(plan));
    expect(byStranger.status).toBe(404);
    expect(await byStranger.text()).toContain("That depot no longer exists.");
    const unreadable = await run(owner, "{not json");
    expect(unreadable.status).toBe(400);
    expect(await unreadable.text()).toContain("The plan's inputs were not readable.");
    const tooBig = await run(
      owner,
      JSON.stringify({
        ...plan,
        vehicles: [{ ...plan.vehicles[0]!, count: 900 }],
        horizon: { days: 366, stepMinutes: 5, startWeekday: 0 },
      }),
    );
    expect(tooBig.status).toBe(400);
    expect(await tooBig.text()).toContain(
      "That plan is too large to compute at once: choose a longer step or a shorter horizon",
    );
    expect(await rows()).toBe(0);
    const report = await fetch(`${server.url}/electrify/depots/${depotId}/report`, { headers: { cookie: stranger } });
    expect(report.status).toBe(404);
    // A report link saved before the workspace had its own URLs still leads to the report.
    const old = await fetch(`${server.url}/electrify/depot-report?id=${depotId}`, {
      headers: { cookie: stranger },
      redirect: "manual",
    });
    expect(old.status).toBe(301);
    expect(old.headers.get("location")).toBe(`/electrify/depots/${depotId}/report`);
  });

  it("computes a year-long plan in a worker with progress, and serves the report", async () => {
    // The owner's year-long plan for another depot goes first: one plan computes at a time per user, so this
    // one waits its turn and is certainly still running when the action answers (a year takes about 2–3 s).
    const first = run(owner, JSON.stringify(BENCH_INPUT), otherDepotId);
    const otherStatus = async () =>
      (
        await runtime.database.db
          .selectFrom("depot_plans")
          .select("status")
          .where("depot_id", "=", otherDepotId)
          .executeTakeFirst()
      )?.status;
    for (let i = 0; i < 100 && (await otherStatus()) !== "running"; i++)
      await new Promise((resolve) => setTimeout(resolve, 20));
    expect(await otherStatus()).toBe("running");
    const response = await run(owner, JSON.stringify(BENCH_INPUT));
    expect(response.status).toBe(200);
    // Longer than the action waits: it answers while the worker computes, and the page shows progress.
    expect(await response.text()).toContain("Computing the charging plan");
    const status = async () =>
      await runtime.database.db
        .selectFrom("depot_plans")
        .select(["status", "progress"])
        .where("depot_id", "=", depotId)
        .executeTakeFirstOrThrow();
    expect((await status()).status).toBe("running");
    // The server keeps answering other requests meanwhile.
    const started = performance.now();
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
    expect(performance.now() - started).toBeLessThan(500);
    const seen = new Set<number>();
    for (let i = 0; i < 120 && (await status()).status === "running"; i++) {
      seen.add((await status()).progress);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    expect(await status()).toEqual({ status: "done", progress: 5 });
    expect([...seen].some((p) => p > 0 && p < 4)).toBe(true);
    expect((await first).status).toBe(200);
    expect(await otherStatus()).toBe("done");

    // A van charged at the depot with Box Charge an hour ago: the report gains the month's metered charging.
    const point = await registerChargePoint(runtime, ownerUser, depotId, {
      identity: "WORKER-1",
      name: "Bay 1",
      connectors: 1,
      maxKw: 22,
      currentType: "AC",
    });
    const hoursAgo = (h: number) => new Date(Date.now() - h * 3_600_000).toISOString();
    await runtime.database.db
      .insertInto("charging_sessions")
      .values({
        charge_point_id: point.id,
        depot_id: depotId,
        connector_id: 1,
        transaction_ref: "1",
        id_tag: "g1-07",
        started_at: hoursAgo(2),
        stopped_at: hoursAgo(1),
        meter_start_wh: 0,
        meter_last_wh: 30_000,
        soc_pct: null,
        stop_reason: "EVDisconnected",
        updated_at: hoursAgo(1),
      })
      .execute();
    const report = await fetch(`${server.url}/electrify/depots/${depotId}/report`, { headers: { cookie: owner } });
    expect(report.status).toBe(200);
    expect(report.headers.get("content-type")).toBe("application/pdf");
    expect(report.headers.get("content-disposition")).toBe('attachment; filename="Worker-Yard-report.pdf"');
    const text = pdfText(Buffer.from(await report.arrayBuffer()));
    expect(text).toContain("Worker Yard");
    // 200 vehicles on 40 chargers: it says so first, asks for no connection, and gives the chargers the fleet needs.
    expect(text).toMatch(/The plan does not work yet: \d+ of 200 vehicles would leave under their target charge/);
    expect(text).not.toContain("Recommended connection");
    expect(text).toMatch(/Chargers the fleet needs: [\d,]+ × 7 kW AC \+ [\d,]+ × 50 kW DC/);
    expect(text).toMatch(/Business case: over 7 years/);
    expect(text).toContain("The depot has not been placed on the map");
    expect(text).toMatch(/Charging with Box Charge: [A-Z][a-z]+ \d{4}/);
    expect(text).toMatch(/g1-07\s*1\s*30\.0/);
    expect(text).toContain("Diesel, same km");
  }, 90_000);
});
