import { readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { listRecentAudit } from "~/features/admin/index.server";
import {
  capacityFor,
  importGridFile,
  listGridImports,
  loadSubstationIndex,
  REPLACES_MOST,
} from "~/features/grid/index.server";
import { createUser } from "~/features/users/index.server";
import { CLI_ACTOR } from "~/lib/audit.server";
import type { Runtime } from "~/lib/runtime.server";
import { UserError } from "~/lib/user-error";

import { signIn, startAppServer, type AppServer } from "../support/app-server";
import { gridDataDir, NGED_FILE, UKPN_FILE } from "../support/grid-files";
import { createTestDatabase, ENGINES } from "../support/test-database";
import { openTestRuntime } from "../support/test-runtime";

const nged = () => readFileSync(path.join(gridDataDir(), NGED_FILE), "utf8");
const ukpn = () => readFileSync(path.join(gridDataDir(), UKPN_FILE), "utf8");

describe.each(ENGINES)("network-capacity data on %s", (engine) => {
  let runtime: Runtime;
  const count = async () =>
    Number(
      (
        await runtime.database.db
          .selectFrom("substations")
          .select((eb) => eb.fn.countAll().as("n"))
          .executeTakeFirstOrThrow()
      ).n,
    );

  beforeAll(async () => {
    runtime = await openTestRuntime(await createTestDatabase(engine));
  });
  afterAll(async () => {
    await runtime?.database.destroy();
  });

  it("imports both real files, with their dates, sources and reports", async () => {
    const first = await importGridFile(runtime, {
      operator: "nged",
      fileName: NGED_FILE,
      text: nged(),
      actor: CLI_ACTOR,
    });
    expect(first.dataDate).toBe("2023-02-28");
    const second = await importGridFile(runtime, {
      operator: "ukpn",
      fileName: UKPN_FILE,
      text: ukpn(),
      dataDate: "2025-10-01",
      actor: CLI_ACTOR,
    });
    expect(second.report).toMatchObject({ accepted: 1507, withFigures: 863 });
    expect(await count()).toBe(1087 + 1507);
    const imports = await listGridImports(runtime);
    expect(imports.map((i) => [i.operator, i.dataDate, i.report.accepted, i.attribution])).toEqual([
      ["nged", "2023-02-28", 1087, "Contains data from National Grid Electricity Distribution"],
      ["ukpn", "2025-10-01", 1507, "© UK Power Networks"],
    ]);
    expect((await listRecentAudit(runtime, 1))[0]!.summary).toBe(
      "imported UK Power Networks network-capacity data (1507 substations, 863 with figures)",
    );
  });

  it("replaces an operator's previous import, leaving the other operator's alone", async () => {
    const small = [
      "Network Reference ID",
      "Substation Name",
      "Asset Type",
      "Latitude",
      "Longitude",
      "Upstream Voltage",
      "Downstream Voltage",
      "Firm Capacity of Substation (MVA)",
      "Measured Peak Demand (MVA)",
      "Demand Headroom (MVA)",
      "Demand Headroom RAG",
    ]
      .map((h) => `"${h}"`)
      .join(",");
    const tiny = `${small}\n"1","Tiny Primary","Primary","51.5","-2.6","33","11","10","4","6","Green"\n`;
    // One substation in place of 1,087 is refused unless the admin confirms it; nothing changes meanwhile.
    const refused = await importGridFile(runtime, {
      operator: "nged",
      fileName: "nged-2024-01-31.csv",
      text: tiny,
      actor: CLI_ACTOR,
    }).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(UserError);
    expect((refused as UserError).code).toBe(REPLACES_MOST);
    expect((refused as Error).message).toContain(
      "This file has 1 substation; the import it would replace has 1,087. Importing it would remove 1,086, so nothing was changed.",
    );
    expect(await count()).toBe(1087 + 1507);
    await importGridFile(runtime, {
      operator: "nged",
      fileName: "nged-2024-01-31.csv",
      text: tiny,
      actor: CLI_ACTOR,
      replaceMost: true,
    });
    expect(await count()).toBe(1 + 1507);
    // A file with nothing usable changes nothing.
    await expect(
      importGridFile(runtime, { operator: "nged", fileName: "empty.csv", text: `${small}\n`, actor: CLI_ACTOR }),
    ).rejects.toThrow("nothing was changed");
    await expect(
      importGridFile(runtime, { operator: "ukpn", fileName: "broken.geojson", text: "{", actor: CLI_ACTOR }),
    ).rejects.toThrow("not valid JSON");
    expect(await count()).toBe(1 + 1507);
    await importGridFile(runtime, { operator: "nged", fileName: NGED_FILE, text: nged(), actor: CLI_ACTOR });
    expect(await count()).toBe(1087 + 1507);
  });

  it("finds a depot's nearest substation and its headroom from the imported figures", async () => {
    const index = await loadSubstationIndex(runtime);
    // About 300 m from Abbeywood Primary (51.5053, -2.5612): firm 11.19 MVA, headroom 6.2 MVA → 55 %.
    const near = capacityFor(index, { latitude: 51.508, longitude: -2.5612 });
    expect(near).toMatchObject({
      status: "ok",
      substation: { name: "Abbeywood Primary", voltage: "33/11kV", operator: "nged", dataDate: "2023-02-28" },
      firmCapacityMva: 11.19,
      headroomMva: 6.2,
      availablePercent: 55,
      band: "yellow",
    });
    expect(near.status === "ok" && near.distanceKm).toBeCloseTo(0.3, 1);
    expect(capacityFor(index, { latitude: null, longitude: null })).toEqual({ status: "no-position" });
    // Mid-Atlantic: nothing within 25 km.
    expect(capacityFor(index, { latitude: 45, longitude: -30 })).toEqual({ status: "no-substation", withinKm: 25 });
  });
});

describe("network-capacity upload over HTTP", () => {
  let server: AppServer;
  let admin = "";
  let haulier = "";

  beforeAll(async () => {
    const database = await createTestDatabase("sqlite");
    const seed = await openTestRuntime(database);
    await createUser(seed, { email: "admin@consultancy.example", password: "admin-password", role: "admin" });
    await createUser(seed, { email: "driver@haulier.example", password: "driver-password" });
    await seed.database.destroy();
    server = await startAppServer({ DATA_DIR: database.dataDir });
    admin = await signIn(server, "admin@consultancy.example", "admin-password");
    haulier = await signIn(server, "driver@haulier.example", "driver-password");
  });
  afterAll(async () => {
    await server?.stop();
  });

  const upload = (cookie: string, fields: Record<string, string>, file?: [string, string]) => {
    const form = new FormData();
    for (const [name, value] of Object.entries(fields)) form.set(name, value);
    if (file) form.set("file", new Blob([file[1]]), file[0]);
    return fetch(`${server.url}/admin/grid-data`, {
      method: "POST",
      redirect: "manual",
      headers: { origin: server.url, cookie },
      body: form,
    });
  };

  it("imports an admin's upload and lists it; a haulier cannot", async () => {
    // A small body: the refusal is sent before the upload is read, and Node's fetch may reuse a
    // connection whose large body the server is still reading (left for the hostile-input work).
    const refused = await upload(haulier, { operator: "nged" }, [NGED_FILE, nged().slice(0, 2000)]);
    expect([refused.status, refused.headers.get("location")]).toEqual([302, "/"]);

    const missing = await upload(admin, { operator: "" });
    expect(missing.status).toBe(400);
    const body = await missing.text();
    expect(body).toContain("Choose the network operator whose file this is");
    expect(body).toContain("Choose the file to import");

    const wrongFormat = await upload(admin, { operator: "nged" }, [UKPN_FILE, ukpn()]);
    expect(wrongFormat.status).toBe(400);
    expect(await wrongFormat.text()).toContain("This is not an NGED Network Capacity Map CSV");

    const ok = await upload(admin, { operator: "nged" }, [NGED_FILE, nged()]);
    expect([ok.status, ok.headers.get("location")]).toEqual([302, "/admin/grid-data"]);
    const page = await (await fetch(`${server.url}/admin/grid-data`, { headers: { cookie: admin } })).text();
    expect(page).toContain(
      "1087 rows read, 1087 substations accepted (1017 with capacity figures), 0 skipped. Figures as of 2023-02-28.",
    );
  });
});
