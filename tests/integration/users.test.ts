import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { createUser } from "~/features/users/create-user.server";
import { ensureFirstAdmin } from "~/features/users/ensure-first-admin.server";
import { hasRole } from "~/features/users/has-role.server";
import { listUsers } from "~/features/users/list-users.server";
import { setUserRole } from "~/features/users/set-user-role.server";
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

  it("grants and removes the admin role but never demotes the last admin", async () => {
    await createUser(runtime, { email: "boss@consultancy.example", password: "secret1", role: "admin" });
    await expect(setUserRole(runtime, { email: "boss@consultancy.example", role: "user" })).rejects.toThrow(
      "The last admin cannot be demoted",
    );
    await setUserRole(runtime, { email: "driver@fleet.example", role: "admin" });
    await setUserRole(runtime, { email: "boss@consultancy.example", role: "user" });
    const roles = Object.fromEntries((await listUsers(runtime)).map((u) => [u.email, u.role]));
    expect(roles["boss@consultancy.example"]).toBe("user");
    expect(roles["driver@fleet.example"]).toBe("admin");
    await expect(setUserRole(runtime, { email: "nobody@fleet.example", role: "admin" })).rejects.toThrow(
      "No user with the email",
    );
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
