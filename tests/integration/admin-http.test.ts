import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { createUser } from "~/features/users/index.server";
import type { Runtime } from "~/lib/runtime.server";

import { signIn, startAppServer, type AppServer } from "../support/app-server";
import { insertDepot } from "../support/depots";
import { createTestDatabase, type TestDatabase } from "../support/test-database";
import { openTestRuntime } from "../support/test-runtime";

/** The admin console's loaders and actions through the production server, as a browser (or an attacker) would call them. */
describe("admin console over HTTP", () => {
  let database: TestDatabase;
  let runtime: Runtime;
  let server: AppServer;
  let adminCookie = "";
  let userCookie = "";
  let depotId = 0;
  let haulierId = "";

  beforeAll(async () => {
    database = await createTestDatabase("sqlite");
    runtime = await openTestRuntime(database);
    await createUser(runtime, { email: "admin@consultancy.example", password: "admin-password", role: "admin" });
    haulierId = (await createUser(runtime, { email: "driver@haulier.example", password: "driver-password" })).id;
    depotId = await insertDepot(runtime, {
      user_id: haulierId,
      contact_name: "Dee Driver",
      contact_email: "driver@haulier.example",
      depot_name: "Swindon Yard",
      depot_address: "Unit 4, Swindon",
      number_of_vehicles: 12,
    });
    server = await startAppServer({ DATA_DIR: database.dataDir, SIGN_IN_RATE_LIMIT_MAX: "100" });
    adminCookie = await signIn(server, "admin@consultancy.example", "admin-password");
    userCookie = await signIn(server, "driver@haulier.example", "driver-password");
  });
  afterAll(async () => {
    await server?.stop();
    await runtime?.database.destroy();
  });

  const post = (path: string, cookie: string, fields: Record<string, string>) =>
    fetch(`${server.url}${path}`, {
      method: "POST",
      redirect: "manual",
      headers: { origin: server.url, cookie, "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams(fields),
    });
  const get = (path: string, cookie: string) =>
    fetch(`${server.url}${path}`, { redirect: "manual", headers: { cookie } });
  const depotRow = () =>
    runtime.database.db
      .selectFrom("depots")
      .select(["status", "admin_notes"])
      .where("id", "=", depotId)
      .executeTakeFirstOrThrow();
  const userRow = () =>
    runtime.database.db
      .selectFrom("user")
      .select(["role", "banned"])
      .where("id", "=", haulierId)
      .executeTakeFirstOrThrow();
  const auditCount = async () =>
    Number(
      (
        await runtime.database.db
          .selectFrom("audit_log")
          .select((eb) => eb.fn.countAll().as("n"))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it("refuses every admin action to a signed-in non-admin and to an anonymous visitor, changing nothing", async () => {
    const attempts: [string, Record<string, string>][] = [
      ["/admin?index", { intent: "set-status", depotId: String(depotId), status: "approved" }],
      ["/admin?index", { intent: "set-role", userId: haulierId, role: "admin" }],
      ["/admin?index", { intent: "set-active", userId: haulierId, active: "false" }],
      ["/admin?index", { intent: "add-user", email: "sneaky@haulier.example", password: "sneaky-password" }],
      [`/admin/depot/${depotId}`, { status: "approved", adminNotes: "hijacked" }],
    ];
    for (const [path, fields] of attempts) {
      const asUser = await post(path, userCookie, fields);
      expect([path, fields.intent, asUser.status, asUser.headers.get("location")]).toEqual([
        path,
        fields.intent,
        302,
        "/",
      ]);
      const anonymous = await post(path, "", fields);
      expect(anonymous.status).toBe(302);
      expect(anonymous.headers.get("location")).toMatch(/^\/auth\?redirectTo=/);
    }
    expect(await depotRow()).toEqual({ status: "pending", admin_notes: null });
    expect((await userRow()).role).toBe("user");
    expect(
      await runtime.database.db
        .selectFrom("user")
        .select("id")
        .where("email", "=", "sneaky@haulier.example")
        .executeTakeFirst(),
    ).toBeUndefined();
    expect(await auditCount()).toBe(0);

    const csv = await get("/admin/submissions.csv", userCookie);
    expect([csv.status, csv.headers.get("location")]).toEqual([302, "/"]);
    expect((await get(`/admin/depot/${depotId}`, userCookie)).headers.get("location")).toBe("/");
  });

  it("exports CSV to an admin as a download of the filtered rows", async () => {
    const response = await get("/admin/submissions.csv?q=swindon&status=pending", adminCookie);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("content-disposition")).toMatch(
      /^attachment; filename="depot-submissions-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const lines = (await response.text()).trim().split("\r\n");
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain("Swindon Yard");
    const none = await (await get("/admin/submissions.csv?status=rejected", adminCookie)).text();
    expect(none.trim().split("\r\n")).toHaveLength(1);
  });

  it("refuses bad review input with a 400 and a message, changing nothing", async () => {
    const badStatus = await post(`/admin/depot/${depotId}`, adminCookie, { status: "archived", adminNotes: "" });
    expect(badStatus.status).toBe(400);
    expect(await badStatus.text()).toContain("Status must be pending, reviewing, approved or rejected");
    const tooLong = await post(`/admin/depot/${depotId}`, adminCookie, {
      status: "approved",
      adminNotes: "x".repeat(5001),
    });
    expect(tooLong.status).toBe(400);
    expect(await tooLong.text()).toContain("Admin notes must be at most 5,000 characters");
    const nothing = await post(`/admin/depot/${depotId}`, adminCookie, { status: "pending", adminNotes: "" });
    expect(nothing.status).toBe(400);
    const inline = await post("/admin?index", adminCookie, {
      intent: "set-status",
      depotId: String(depotId),
      status: "<script>alert(1)</script>",
    });
    expect(inline.status).toBe(400);
    const missing = await post("/admin?index", adminCookie, {
      intent: "add-user",
      email: "someone@haulier.example",
      password: "",
    });
    expect(missing.status).toBe(400);
    expect(await missing.text()).toContain("Email and password are required");
    expect(await depotRow()).toEqual({ status: "pending", admin_notes: null });
    expect(await auditCount()).toBe(0);
  });

  it("saves a review and shows it, with the history, on the next load; an unknown depot is a 404", async () => {
    const saved = await post(`/admin/depot/${depotId}`, adminCookie, {
      status: "reviewing",
      adminNotes: "Waiting for the DNO's <b>quote</b>",
    });
    expect(saved.status).toBe(302);
    expect(saved.headers.get("location")).toBe(`/admin/depot/${depotId}`);
    expect(await depotRow()).toEqual({ status: "reviewing", admin_notes: "Waiting for the DNO's <b>quote</b>" });
    const page = await (await get(`/admin/depot/${depotId}`, adminCookie)).text();
    // Shown as text, never as markup.
    expect(page).toContain("Waiting for the DNO&#x27;s &lt;b&gt;quote&lt;/b&gt;");
    expect(page).not.toContain("<b>quote</b>");
    expect(page).toContain("admin@consultancy.example");
    const unknown = await get("/admin/depot/99999", adminCookie);
    expect(unknown.status).toBe(404);
    expect(await unknown.text()).toContain("Depot not found");
  });

  it("ends a deactivated user's session at once", async () => {
    expect((await get("/depots", userCookie)).status).toBe(200);
    const response = await post("/admin?index", adminCookie, {
      intent: "set-active",
      userId: haulierId,
      active: "false",
    });
    expect(response.status).toBe(200);
    const after = await get("/depots", userCookie);
    expect(after.status).toBe(302);
    expect(after.headers.get("location")).toMatch(/^\/auth\?redirectTo=%2Fdepots/);
    const signInAgain = await post("/auth", "", { email: "driver@haulier.example", password: "driver-password" });
    expect(signInAgain.status).toBe(403);
    expect(await signInAgain.text()).toContain("This account has been deactivated");
  });
});
