import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { createUser } from "~/features/users/index.server";
import type { Runtime } from "~/lib/runtime.server";

import { signIn, startAppServer, type AppServer } from "../support/app-server";
import { insertDepot } from "../support/depots";
import { createTestDatabase } from "../support/test-database";
import { openTestRuntime } from "../support/test-runtime";

/** The Electrify workspace's actions as a browser, a stranger or an anonymous visitor would call them. */
describe("Electrify workspace over HTTP", () => {
  let runtime: Runtime;
  let server: AppServer;
  let owner = "";
  let stranger = "";
  let depotId = 0;

  beforeAll(async () => {
    const database = await createTestDatabase("sqlite");
    runtime = await openTestRuntime(database);
    const user = await createUser(runtime, { email: "owner@fleet.example", password: "owner-password" });
    await createUser(runtime, { email: "stranger@fleet.example", password: "stranger-password" });
    depotId = await insertDepot(runtime, { user_id: user.id, depot_name: "Owner Yard", depot_address: "1 Owner Road" });
    server = await startAppServer({ DATA_DIR: database.dataDir, SIGN_IN_RATE_LIMIT_MAX: "100" });
    owner = await signIn(server, "owner@fleet.example", "owner-password");
    stranger = await signIn(server, "stranger@fleet.example", "stranger-password");
  });
  afterAll(async () => {
    await server?.stop();
    await runtime?.database.destroy();
  });

  const post = (path: string, cookie: string, fields: [string, string][]) =>
    fetch(`${server.url}${path}`, {
      method: "POST",
      redirect: "manual",
      headers: { origin: server.url, cookie, "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams(fields),
    });
  const depot = () =>
    runtime.database.db
      .selectFrom("depots")
      .select(["depot_name", "location_latitude"])
      .where("id", "=", depotId)
      .executeTakeFirstOrThrow();
  const designs = async () => (await runtime.database.db.selectFrom("depot_designs").selectAll().execute()).length;

  it("sends anonymous visitors to sign in and changes nothing", async () => {
    for (const [path, fields] of [
      [
        "/electrify/company-setup",
        [
          ["intent", "delete-depot"],
          ["depotId", String(depotId)],
        ],
      ],
      [
        "/electrify/energy-map",
        [
          ["intent", "position"],
          ["depotId", String(depotId)],
          ["latitude", "51"],
          ["longitude", "-2"],
        ],
      ],
      [
        `/electrify/depots/${depotId}/layout`,
        [
          ["intent", "save-design"],
          ["depotId", String(depotId)],
          ["components", "[]"],
        ],
      ],
    ] as const) {
      const response = await post(path, "", fields as unknown as [string, string][]);
      expect(response.status).toBe(302);
      expect(response.headers.get("location")).toMatch(/^\/auth\?redirectTo=/);
    }
    expect(await depot()).toEqual({ depot_name: "Owner Yard", location_latitude: null });
  });

  it("never lets one user touch another's depot", async () => {
    const rename = await post("/electrify/company-setup", stranger, [
      ["intent", "depots"],
      ["depotId", String(depotId)],
      ["depotName", "Hijacked"],
      ["depotAddress", "Elsewhere"],
      ["depotNotes", ""],
    ]);
    expect(rename.status).toBe(400);
    expect(await rename.text()).toContain("One of these depots no longer exists");
    const remove = await post("/electrify/company-setup", stranger, [
      ["intent", "delete-depot"],
      ["depotId", String(depotId)],
    ]);
    // Another company's depot answers exactly as one that does not exist.
    expect(remove.status).toBe(404);
    const move = await post("/electrify/energy-map", stranger, [
      ["intent", "position"],
      ["depotId", String(depotId)],
      ["latitude", "51"],
      ["longitude", "-2"],
    ]);
    expect(move.status).toBe(404);
    const design = await post(`/electrify/depots/${depotId}/layout`, stranger, [
      ["intent", "save-design"],
      ["components", "[]"],
    ]);
    expect(design.status).toBe(404);
    expect(await design.text()).toContain("That depot no longer exists.");
    // The old address of the workspace sends saved links to the new one, where a stranger finds nothing.
    const old = await fetch(`${server.url}/electrify/depot-details?id=${depotId}&tab=plan`, {
      headers: { cookie: stranger },
      redirect: "manual",
    });
    expect(old.status).toBe(301);
    expect(old.headers.get("location")).toBe(`/electrify/depots/${depotId}/plan`);
    expect(
      (await fetch(`${server.url}/electrify/depots/${depotId}/layout`, { headers: { cookie: stranger } })).status,
    ).toBe(404);
    expect(await depot()).toEqual({ depot_name: "Owner Yard", location_latitude: null });
    expect(await designs()).toBe(0);
  });

  it("takes a trip export only for the user's own depot", async () => {
    const upload = (cookie: string) => {
      const body = new FormData();
      body.set("intent", "preview");
      body.set(
        "file",
        new File(["Vehicle,Start,End,Distance\nVN01,2026-03-02 07:00,2026-03-02 08:00,12\n"], "trips.csv"),
      );
      return fetch(`${server.url}/electrify/depots/${depotId}/trips`, {
        method: "POST",
        redirect: "manual",
        headers: { origin: server.url, cookie },
        body,
      });
    };
    expect((await upload(stranger)).status).toBe(404);
    const mine = await upload(owner);
    expect(mine.status).toBe(200);
  });

  it("refuses malformed and oversized input with a message, changing nothing", async () => {
    const longName = await post("/electrify/company-setup", owner, [
      ["intent", "company"],
      ["companyName", "x".repeat(201)],
      ["contactName", "<script>alert(1)</script>"],
      ["contactEmail", "ops@fleet.example"],
      ["contactPhone", "0117 496 0000"],
    ]);
    expect(longName.status).toBe(400);
    const html = await longName.text();
    expect(html).toContain("Company name must be at most 200 characters");
    expect(html).not.toContain("<script>alert(1)</script>");
    // Nothing saved: the companies are still as their accounts made them, their details unsaved.
    const companies = await runtime.database.db.selectFrom("companies").select("details_saved").execute();
    expect(companies.map((c) => Number(c.details_saved))).toEqual([0, 0]);

    const noDepots = await post("/electrify/company-setup", owner, [["intent", "depots"]]);
    expect(noDepots.status).toBe(400);
    expect(await noDepots.text()).toContain("You must have at least one depot");

    for (const [latitude, longitude] of [
      ["abc", "1"],
      ["91", "0"],
      ["", ""],
      ["51", "1e999"],
    ]) {
      const response = await post("/electrify/energy-map", owner, [
        ["intent", "position"],
        ["depotId", String(depotId)],
        ["latitude", latitude!],
        ["longitude", longitude!],
      ]);
      expect(response.status).toBe(400);
    }
    for (const components of [
      "not json",
      '{"a":1}',
      JSON.stringify([{ uid: "c1", componentId: "fastcharger", x: -5, y: 1 }]),
    ]) {
      const response = await post(`/electrify/depots/${depotId}/layout`, owner, [
        ["intent", "save-design"],
        ["components", components],
      ]);
      expect(response.status).toBe(400);
    }
    expect(await depot()).toEqual({ depot_name: "Owner Yard", location_latitude: null });
    expect(await designs()).toBe(0);
  });

  it("answers the Box Charge calculator without JavaScript, and ignores junk", async () => {
    const html = await (
      await fetch(`${server.url}/box-charge?fleetSize=20&vehicle=van&kmPerDay=120&tariff=day-night`)
    ).text();
    expect(html).toContain("244 kW");
    expect(html).toMatch(/Estimated saving: <strong>£[\d,]+ a week<\/strong>/);
    for (const query of ["fleetSize=-1&kmPerDay=100", "fleetSize=20&kmPerDay=1e9", "fleetSize=<script>&vehicle=tank"]) {
      const response = await fetch(`${server.url}/box-charge?${query}`);
      expect(response.status).toBe(200);
      expect(await response.text()).not.toContain("Estimated saving");
    }
  });
});
