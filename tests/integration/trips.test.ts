import { spawnSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { getTripImport, importTrips, previewTrips } from "~/features/trips/index.server";
import { createUser } from "~/features/users/index.server";
import type { SessionUser } from "~/lib/auth/session.server";
import type { Runtime } from "~/lib/runtime.server";

import { insertDepot } from "../support/depots";
import { createTestDatabase, ENGINES, type TestDatabase } from "../support/test-database";
import { openTestRuntime } from "../support/test-runtime";
import { geotabCsv, syntheticFleet, webfleetCsv } from "../support/trip-exports";
import { viewerOf } from "../support/viewers";

const root = path.resolve(import.meta.dirname, "../..");
const fleet = syntheticFleet({ vehicles: 5, days: 14, firstDay: "2026-03-16" });
const file = (name: string, text: string) => new File([text], name, { type: "text/csv" });
const keepAll = { distanceUnit: "km", anonymiseDrivers: false, replaceVehicleIds: false } as const;

describe.each(ENGINES)("trip imports on %s", (engine) => {
  let database: TestDatabase;
  let runtime: Runtime;
  let owner: SessionUser;
  let other: SessionUser;
  let depot: number;

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    runtime = await openTestRuntime(database);
    owner = await viewerOf(
      runtime,
      await createUser(runtime, { email: "ops@trips.example", password: "trips-password" }),
    );
    other = await viewerOf(
      runtime,
      await createUser(runtime, { email: "other@trips.example", password: "other-password" }),
    );
    depot = await insertDepot(runtime, { user_id: owner.id, depot_name: "Trip Yard", depot_address: "1 Trip Road" });
  });
  afterAll(async () => {
    await runtime?.database.destroy();
  });

  it("keeps an import, replaces it with the next, and keeps the last when a new one fails", async () => {
    const webfleet = file("webfleet.csv", webfleetCsv(fleet));
    const { mapping } = await previewTrips(runtime, webfleet);
    const first = await importTrips(runtime, owner, depot, webfleet, { ...keepAll, mapping });
    expect(first).toMatchObject({ trips: fleet.length, vehicles: 5, problemCount: 0, hasPositions: true });
    const stored = (await getTripImport(runtime, owner, depot))!;
    expect(stored.trips).toHaveLength(fleet.length);
    expect(stored.trips[0]).toMatchObject({
      vehicle: "VN01 ABC",
      driver: "Driver A. Smith",
      start: fleet[0]!.start.toMillis(),
    });
    expect(stored.trips[0]!.km).toBeCloseTo(fleet[0]!.km, 2);

    // A file with no readable trip, or without a required column, changes nothing.
    const broken = file("broken.csv", "Vehicle,Start time,End time,Distance\nVN01,yesterday,today,far\n");
    await expect(
      importTrips(runtime, owner, depot, broken, {
        ...keepAll,
        mapping: { vehicle: 0, start: 1, end: 2, distance: 3 },
      }),
    ).rejects.toThrow(
      'No trip could be read: row 2, start time "yesterday" is not a date and time. Check the column choices.',
    );
    await expect(importTrips(runtime, owner, depot, webfleet, { ...keepAll, mapping: { vehicle: 0 } })).rejects.toThrow(
      "Choose the column for start time, end time, distance.",
    );
    expect((await getTripImport(runtime, owner, depot))!.fileName).toBe("webfleet.csv");

    // The next export replaces it, anonymised as asked.
    const geotab = file("geotab.csv", geotabCsv(fleet.slice(0, 10)));
    const second = await importTrips(runtime, owner, depot, geotab, {
      ...keepAll,
      mapping: (await previewTrips(runtime, geotab)).mapping,
      anonymiseDrivers: true,
      replaceVehicleIds: true,
    });
    expect(second).toMatchObject({ trips: 10, hasPositions: false, anonymised: true });
    const replaced = (await getTripImport(runtime, owner, depot))!;
    expect(replaced.trips.map((t) => [t.vehicle, t.driver])).toContainEqual(["Vehicle 1", null]);
  });

  it("keeps each haulier to their own depots", async () => {
    const webfleet = file("webfleet.csv", webfleetCsv(fleet));
    await expect(
      importTrips(runtime, other, depot, webfleet, {
        ...keepAll,
        mapping: (await previewTrips(runtime, webfleet)).mapping,
      }),
    ).rejects.toMatchObject({ status: 404 });
    expect(await getTripImport(runtime, other, depot)).toBeNull();
  });
});

describe("trips:import on the command line", () => {
  it("imports a trip export into a depot", async () => {
    const database = await createTestDatabase("sqlite");
    const runtime = await openTestRuntime(database);
    const owner = await createUser(runtime, { email: "cli@trips.example", password: "cli-password" });
    const depot = await insertDepot(runtime, {
      user_id: owner.id,
      depot_name: "CLI Yard",
      depot_address: "2 Trip Road",
    });
    await runtime.database.destroy();
    const csvPath = path.join(database.dataDir, "trips.csv");
    writeFileSync(csvPath, webfleetCsv(fleet));
    const result = spawnSync(
      process.execPath,
      [
        path.join(root, "node_modules/tsx/dist/cli.mjs"),
        "app/cli/main.ts",
        "trips:import",
        csvPath,
        "--depot",
        String(depot),
        "--anonymise",
      ],
      { cwd: root, env: { PATH: process.env.PATH, LOG_LEVEL: "warn", DATA_DIR: database.dataDir }, encoding: "utf8" },
    );
    expect(result.stderr).toBe("");
    expect(result.stdout).toBe(
      `Imported ${fleet.length} trips for 5 vehicles from ${fleet.length} rows (distances in km).\n`,
    );
  });
});
