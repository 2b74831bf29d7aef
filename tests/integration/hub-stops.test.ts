import { DateTime } from "luxon";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { hubOfferSchema } from "~/features/hubs";
import { offerHub, stopsNearHubs } from "~/features/hubs/index.server";
import { defaultPlanInput } from "~/features/planning";
import { importTrips, previewTrips } from "~/features/trips/index.server";
import { createUser } from "~/features/users/index.server";
import type { SessionUser } from "~/lib/auth/session.server";
import type { Runtime } from "~/lib/runtime.server";

import { signIn, startAppServer, type AppServer } from "../support/app-server";
import { insertDepot, insertDepotPlanInputs } from "../support/depots";
import { createTestDatabase } from "../support/test-database";
import { openTestRuntime } from "../support/test-runtime";
import { DEPOT, webfleetCsv, type SyntheticTrip } from "../support/trip-exports";
import { viewerOf } from "../support/viewers";

const HUB_AT: [number, number] = [51.9, -2.1];
/** A kilometre from the hub. */
const NEAR_HUB: [number, number] = [51.909, -2.1];

/**
 * Ten weekdays of a van's round: out to the hub (100 km), a stop of `minutes`, and back (100 km). At the default van's
 * 0.35 kWh a km that is 70 kWh a day, 10 more than it leaves with above its reserve; two hours at its 11 kW, less the
 * charging loss, put in 19.8.
 */
function rounds(vehicle: string, minutes: number): SyntheticTrip[] {
  return Array.from({ length: 10 }, (_, i) => {
    const day = DateTime.fromISO("2026-03-02", { zone: "Europe/London" }).plus({ days: i + 2 * Math.floor(i / 5) });
    const leave = day.set({ hour: 7 });
    const arrive = leave.plus({ hours: 3 });
    const again = arrive.plus({ minutes });
    return [
      { vehicle, driver: "D. Smith", start: leave, end: arrive, km: 100, from: DEPOT, to: NEAR_HUB },
      { vehicle, driver: "D. Smith", start: again, end: again.plus({ hours: 3 }), km: 100, from: NEAR_HUB, to: DEPOT },
    ];
  }).flat();
}

/**
 * From a haulier's trip export to the hubs (issue 50, item 4), through the server: its vehicles' stops near an open
 * hub, the one a charge there would let go electric, on the hubs page as the suitability view links to it; another
 * company's depot answers as one that does not exist.
 */
describe("where a haulier's vehicles stop near hubs", () => {
  let runtime: Runtime;
  let server: AppServer;
  let haulier: SessionUser;
  let outsider: SessionUser;
  let depotId = 0;

  beforeAll(async () => {
    const database = await createTestDatabase("sqlite");
    runtime = await openTestRuntime(database);
    const admin = await viewerOf(
      runtime,
      await createUser(runtime, { email: "ops@stops.example", password: "admin-password-1", role: "admin" }),
    );
    const hubDepot = await insertDepot(runtime, {
      user_id: admin.id,
      depot_name: "Cheltenham Yard",
      location_latitude: HUB_AT[0],
      location_longitude: HUB_AT[1],
    });
    await insertDepotPlanInputs(
      runtime,
      hubDepot,
      defaultPlanInput({ vehicles: 1, chargers: [{ name: "AC 22", powerKw: 22, count: 4 }] }),
    );
    const prices = {
      pencePerKwh: 40,
      pencePerVisit: 0,
      pencePerReservedHour: 0,
      overstayPencePerHour: 0,
      graceMinutes: 30,
    };
    await offerHub(
      runtime,
      admin,
      hubOfferSchema.parse({
        depotId: hubDepot,
        name: "Cheltenham Hub",
        openDays: [0, 1, 2, 3, 4, 5, 6],
        openFrom: "00:00",
        openTo: "00:00",
        ...prices,
      }),
    );
    haulier = await viewerOf(
      runtime,
      await createUser(runtime, { email: "fleet@stops.example", password: "fleet-password-1" }),
    );
    outsider = await viewerOf(
      runtime,
      await createUser(runtime, { email: "else@stops.example", password: "else-password-1" }),
    );
    depotId = await insertDepot(runtime, {
      user_id: haulier.id,
      depot_name: "Bristol Yard",
      location_latitude: DEPOT[0],
      location_longitude: DEPOT[1],
    });
    const file = new File([webfleetCsv([...rounds("LONG-1", 120), ...rounds("QUICK-2", 20)])], "trips.csv", {
      type: "text/csv",
    });
    const { mapping } = await previewTrips(runtime, file);
    await importTrips(runtime, haulier, depotId, file, {
      distanceUnit: "km",
      anonymiseDrivers: false,
      replaceVehicleIds: false,
      mapping,
    });
    server = await startAppServer({ DATA_DIR: database.dataDir });
  });
  afterAll(async () => {
    await server?.stop();
    await runtime?.database.destroy();
  });

  it("finds the hub its long-distance van stops at for two hours, and says that van would go electric", async () => {
    const [finding] = (await stopsNearHubs(runtime, haulier, depotId))!;
    expect(finding).toMatchObject({ name: "Cheltenham Hub", stops: 10 });
    expect(finding!.vehicles.map((v) => [v.vehicle, v.stops, v.medianMinutes])).toEqual([["LONG-1", 10, 120]]);
    expect(finding!.goElectric).toEqual([{ vehicle: "LONG-1", from: "not-yet", to: "ready" }]);
    await expect(stopsNearHubs(runtime, outsider, depotId)).rejects.toMatchObject({ status: 404 });
  });

  it("shows it on the hubs page the suitability view links to, and nothing of another company's depot", async () => {
    const cookie = await signIn(server, "fleet@stops.example", "fleet-password-1");
    const page = (
      await (await fetch(`${server.url}/electrify/hubs?from=${depotId}`, { headers: { cookie } })).text()
    ).replaceAll("<!-- -->", "");
    expect(page).toContain("Where your vehicles already stop");
    expect(page).toContain("Cheltenham Hub</a>: 10 stops by 1 vehicle");
    expect(page).toContain("Charging here would make LONG-1 ready (now not yet).");
    const theirs = await signIn(server, "else@stops.example", "else-password-1");
    const refused = (
      await (await fetch(`${server.url}/electrify/hubs?from=${depotId}`, { headers: { cookie: theirs } })).text()
    ).replaceAll("<!-- -->", "");
    expect(refused).not.toContain("LONG-1");
  });
});
