import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { createUser } from "~/features/users/index.server";
import { CLIENT_IP_HEADER } from "~/lib/auth/auth.server";
import type { Runtime } from "~/lib/runtime.server";

import { createTestDatabase, ENGINES } from "../support/test-database";
import { openTestRuntime } from "../support/test-runtime";

function authRequest(runtime: Runtime, path: string, body: unknown, ip = "203.0.113.7") {
  return runtime.auth.handler(
    new Request(`${runtime.env.APP_URL}/api/auth${path}`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: runtime.env.APP_URL, [CLIENT_IP_HEADER]: ip },
      body: JSON.stringify(body),
    }),
  );
}

describe.each(ENGINES)("Better Auth rules on %s", (engine) => {
  let runtime: Runtime;

  beforeAll(async () => {
    runtime = await openTestRuntime(await createTestDatabase(engine), {
      SIGN_IN_RATE_LIMIT_MAX: "3",
      SIGN_IN_RATE_LIMIT_WINDOW_SECONDS: "60",
    });
    await createUser(runtime, { email: "haulier@fleet.example", password: "right-password" });
  });
  afterAll(async () => {
    await runtime?.database.destroy();
  });

  it("has public sign-up switched off on the server", async () => {
    const response = await authRequest(runtime, "/sign-up/email", {
      email: "walk-in@fleet.example",
      password: "secret12",
      name: "Walk In",
    });
    expect(response.status).toBeGreaterThanOrEqual(400);
    const user = await runtime.database.db
      .selectFrom("user")
      .select("id")
      .where("email", "=", "walk-in@fleet.example")
      .executeTakeFirst();
    expect(user).toBeUndefined();
  });

  it("signs in with the right password and refuses the wrong one", async () => {
    const ok = await authRequest(
      runtime,
      "/sign-in/email",
      { email: "haulier@fleet.example", password: "right-password" },
      "203.0.113.1",
    );
    expect(ok.status).toBe(200);
    expect(ok.headers.getSetCookie().join(";")).toContain("electrify.session_token=");
    const wrong = await authRequest(
      runtime,
      "/sign-in/email",
      { email: "haulier@fleet.example", password: "wrong-password" },
      "203.0.113.2",
    );
    expect(wrong.status).toBe(401);
  });

  it("rate-limits sign-in per client address with counters kept in the database", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) {
      const response = await authRequest(
        runtime,
        "/sign-in/email",
        { email: "haulier@fleet.example", password: "wrong-password" },
        "198.51.100.9",
      );
      statuses.push(response.status);
    }
    expect(statuses).toEqual([401, 401, 401, 429]);
    const other = await authRequest(
      runtime,
      "/sign-in/email",
      { email: "haulier@fleet.example", password: "wrong-password" },
      "198.51.100.10",
    );
    expect(other.status).toBe(401);
    const counters = await runtime.database.db
      .selectFrom("rateLimit" as never)
      .select(["key" as never, "count" as never])
      .execute();
    expect(counters).toContainEqual({ key: "198.51.100.9|/sign-in/email", count: 3 });
  });
});
