import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { changeUserRole, createUser, ensureFirstAdmin, listUsers, setUserActive } from "~/features/users/index.server";
import { CLI_ACTOR } from "~/lib/audit.server";
import { hasRole } from "~/lib/auth/has-role.server";
import { migrateToLatest } from "~/lib/db/migrations.server";
import type { Runtime } from "~/lib/runtime.server";

import { createTestDatabase, ENGINES, type TestDatabase } from "../support/test-database";
import { openTestRuntime } from "../support/test-runtime";

describe.each(ENGINES)("users on %s", (engine) => {
  let database: TestDatabase;
  let runtime: Runtime;

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    runtime = await openTestRuntime(database);
  });
  afterAll(async () => {
    await runtime?.database.destroy();
  });

  it("creates a user with a profile and the user role, and answers has_role from the database", async () => {
    const user = await createUser(runtime, {
      email: "  Driver@Fleet.Example ",
      password: "secret1",
      name: "Dee Driver",
    });
    expect(user.email).toBe("driver@fleet.example");
    expect(await hasRole(runtime, user.id, "user")).toBe(true);
    expect(await hasRole(runtime, user.id, "admin")).toBe(false);
    const profile = await runtime.database.db
      .selectFrom("profiles")
      .selectAll()
      .where("id", "=", user.id)
      .executeTakeFirstOrThrow();
    expect(profile).toMatchObject({ name: "Dee Driver", organization: null, phone: null });
  });

  it("refuses a second account with the same e-mail, in any letter case", async () => {
    await createUser(runtime, { email: "twice@fleet.example", password: "secret1" });
    await expect(createUser(runtime, { email: "TWICE@fleet.example", password: "secret1" })).rejects.toThrow(
      "A user with the email twice@fleet.example already exists",
    );
    const matches = (await listUsers(runtime)).filter((u) => u.email === "twice@fleet.example");
    expect(matches).toHaveLength(1);
  });

  it("refuses passwords shorter than 6 characters and malformed e-mails on the server", async () => {
    await expect(createUser(runtime, { email: "short@fleet.example", password: "12345" })).rejects.toThrow(
      "Password must be at least 6 characters long",
    );
    await expect(createUser(runtime, { email: "not-an-email", password: "secret1" })).rejects.toThrow(
      "Enter a valid email address",
    );
    expect((await listUsers(runtime)).some((u) => u.email === "short@fleet.example")).toBe(false);
  });

  it("grants and removes the admin role by e-mail (the command line) but never demotes the last active admin", async () => {
    const setRole = (email: string, role: "admin" | "user") =>
      changeUserRole(runtime, { email, role, actor: CLI_ACTOR });
    await createUser(runtime, { email: "boss@consultancy.example", password: "secret1", role: "admin" });
    await expect(setRole("boss@consultancy.example", "user")).rejects.toThrow("The last admin cannot be demoted");
    await setRole("driver@fleet.example", "admin");
    await setRole("boss@consultancy.example", "user");
    const roles = Object.fromEntries((await listUsers(runtime)).map((u) => [u.email, u.role]));
    expect(roles["boss@consultancy.example"]).toBe("user");
    expect(roles["driver@fleet.example"]).toBe("admin");
    await expect(setRole("nobody@fleet.example", "admin")).rejects.toThrow("No user with the email");
    // The same rule as the admin console: a deactivated admin does not count as the one left.
    await setRole("boss@consultancy.example", "admin");
    await setUserActive(runtime, { email: "boss@consultancy.example", active: false, actor: CLI_ACTOR });
    await expect(setRole("driver@fleet.example", "user")).rejects.toThrow("The last admin cannot be demoted");
    // Each change is audited with the command line as the actor.
    const audit = await runtime.database.db
      .selectFrom("audit_log")
      .select(["actor_email", "action", "target_label"])
      .where("action", "=", "user.role_changed")
      .execute();
    expect(audit).toContainEqual({
      actor_email: "command line",
      action: "user.role_changed",
      target_label: "driver@fleet.example",
    });
    await setUserActive(runtime, { email: "boss@consultancy.example", active: true, actor: CLI_ACTOR });
  });

  it("applies migrations once: a second run changes nothing", async () => {
    expect(await migrateToLatest(runtime.database.db, engine)).toEqual([]);
  });
});

describe.each(ENGINES)("first admin on %s", (engine) => {
  it("is created from ADMIN_EMAIL/ADMIN_PASSWORD once; a second start changes nothing", async () => {
    const database = await createTestDatabase(engine);
    const env = { ADMIN_EMAIL: "First@Consultancy.example", ADMIN_PASSWORD: "first-admin-pw" };
    const first = await openTestRuntime(database, env);
    await ensureFirstAdmin(first);
    const [created] = await listUsers(first);
    await first.database.destroy();

    const second = await openTestRuntime(database, { ...env, ADMIN_PASSWORD: "a-different-password" });
    await ensureFirstAdmin(second);
    const users = await listUsers(second);
    await second.database.destroy();

    expect(created).toMatchObject({ email: "first@consultancy.example", role: "admin" });
    expect(users).toEqual([created]);
  });
});
