import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { createUser } from "~/features/users/index.server";

import { signIn, startAppServer, type AppServer } from "../support/app-server";
import { insertDepot } from "../support/depots";
import { createTestDatabase } from "../support/test-database";
import { openTestRuntime } from "../support/test-runtime";

/** Survey Depots in pages of 24, newest first, so a large fleet's list stays quick. */
describe("the depot list in pages", () => {
  let server: AppServer;
  let cookie = "";

  beforeAll(async () => {
    const database = await createTestDatabase("sqlite");
    const runtime = await openTestRuntime(database);
    const owner = await createUser(runtime, { email: "fleet@haulier.example", password: "fleet-password" });
    for (let i = 1; i <= 30; i++) {
      await insertDepot(runtime, {
        user_id: owner.id,
        depot_name: `Yard ${String(i).padStart(2, "0")}`,
        depot_address: `${i} Road`,
        created_at: new Date(Date.UTC(2026, 0, i)).toISOString(),
      });
    }
    await runtime.database.destroy();
    server = await startAppServer({ DATA_DIR: database.dataDir });
    cookie = await signIn(server, "fleet@haulier.example", "fleet-password");
  }, 60_000);
  afterAll(async () => {
    await server?.stop();
  });

  const cards = (html: string) => [...html.matchAll(/>(Yard \d\d)</g)].map((m) => m[1]);

  it("shows the newest 24, then the rest, and keeps odd page numbers in range", async () => {
    const first = await (await fetch(`${server.url}/depots`, { headers: { cookie } })).text();
    expect(cards(first)).toHaveLength(24);
    expect(cards(first)[0]).toBe("Yard 30");
    expect(first).toContain("Showing 1–24 of 30 depots");
    const second = await (await fetch(`${server.url}/depots?page=2`, { headers: { cookie } })).text();
    expect(cards(second)).toEqual(["Yard 06", "Yard 05", "Yard 04", "Yard 03", "Yard 02", "Yard 01"]);
    expect(second).toContain("Showing 25–30 of 30 depots");
    expect(cards(await (await fetch(`${server.url}/depots?page=99`, { headers: { cookie } })).text())).toHaveLength(6);
    expect(cards(await (await fetch(`${server.url}/depots?page=abc`, { headers: { cookie } })).text())[0]).toBe(
      "Yard 30",
    );
  });
});
