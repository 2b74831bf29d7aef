import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { listUserDepots, saveDepotList, setDepotPosition, type DepotViewer } from "~/features/depots/index.server";
import { createUser } from "~/features/users/index.server";
import type { Runtime } from "~/lib/runtime.server";

import { createTestDatabase } from "../support/test-database";
import { openTestRuntime } from "../support/test-runtime";
import { viewerOf } from "../support/viewers";

/**
 * Issue 60, item 5: depots entered by address are placed on the map. The geocoder is outside the product (a
 * consultancy's own Nominatim): here one is stood up from Nominatim's published search API (`/search?q=…&format=jsonv2`
 * answering `[{"lat": "…", "lon": "…"}]`), knowing one address. Without it, or when it is down, the postcode places.
 */
describe("depots placed from their address", () => {
  let runtime: Runtime;
  let viewer: DepotViewer;
  let geocoder: Server;
  const asked: URLSearchParams[] = [];

  beforeAll(async () => {
    geocoder = createServer((request, response) => {
      const query = new URL(request.url ?? "/", "http://geocoder").searchParams;
      asked.push(query);
      const known = query.get("q")?.includes("Hams Hall");
      response.setHeader("content-type", "application/json");
      response.end(
        JSON.stringify(known ? [{ place_id: 1, lat: "52.52081", lon: "-1.71143", display_name: "Hams Hall" }] : []),
      );
    });
    await new Promise<void>((resolve) => geocoder.listen(0, "127.0.0.1", resolve));
    const { port } = geocoder.address() as AddressInfo;
    const database = await createTestDatabase("sqlite");
    runtime = await openTestRuntime(database, { GEOCODER_URL: `http://127.0.0.1:${port}/search` });
    viewer = await viewerOf(
      runtime,
      await createUser(runtime, { email: "places@fleet.example", password: "places-pass-1" }),
    );
  });
  afterAll(async () => {
    geocoder.closeAllConnections();
    await new Promise((resolve) => geocoder.close(resolve));
    await runtime?.database.destroy();
  });

  const depots = async () => Object.fromEntries((await listUserDepots(runtime, viewer)).map((d) => [d.name, d]));

  it("asks the geocoder first, and places by postcode what it does not know, marked approximate", async () => {
    const saved = await saveDepotList(runtime, viewer, [
      { name: "Hams Hall", address: "Unit 4, Hams Hall Distribution Park, Coleshill B46 1AL", notes: null },
      { name: "Aberdeen", address: "Harbour yard, Aberdeen ab10 1aa", notes: null },
      { name: "Nowhere", address: "Somewhere without a postcode", notes: null },
    ]);
    expect(saved).toMatchObject({ created: 3, placed: 2 });
    const placed = await depots();
    expect(placed["Hams Hall"]).toMatchObject({ latitude: 52.52081, longitude: -1.71143, placedFrom: "geocoder" });
    expect(placed.Aberdeen!.placedFrom).toBe("postcode");
    expect(placed.Aberdeen!.latitude).toBeCloseTo(57.14, 1);
    expect(placed.Nowhere).toMatchObject({ latitude: null, placedFrom: null });
    expect(Object.fromEntries(asked[0]!)).toEqual({
      q: "Unit 4, Hams Hall Distribution Park, Coleshill B46 1AL",
      format: "jsonv2",
      limit: "1",
      countrycodes: "gb",
    });
  });

  it("keeps a position someone put on the map, and places again one whose address changed", async () => {
    const before = await depots();
    await setDepotPosition(runtime, viewer, before["Hams Hall"]!.id, { latitude: 52.5211, longitude: -1.7102 });
    await saveDepotList(runtime, viewer, [
      { id: before["Hams Hall"]!.id, name: "Hams Hall", address: "Moved to Leeds LS10 1AB", notes: null },
      { id: before.Aberdeen!.id, name: "Aberdeen", address: "Now in Westminster SW1A 2AA", notes: null },
    ]);
    const after = await depots();
    expect(after["Hams Hall"]).toMatchObject({ latitude: 52.5211, longitude: -1.7102, placedFrom: null });
    expect(after.Aberdeen).toMatchObject({ latitude: 51.5017, longitude: -0.1279, placedFrom: "postcode" });
  });

  it("places by postcode when the geocoder is down, without waiting on it for every depot", async () => {
    geocoder.closeAllConnections();
    await new Promise((resolve) => geocoder.close(resolve));
    const askedBefore = asked.length;
    const started = Date.now();
    const saved = await saveDepotList(runtime, viewer, [
      { name: "Hull", address: "Docks, Hull HU9 1AA", notes: null },
      { name: "Hams Hall again", address: "Hams Hall, Coleshill B46 1AL", notes: null },
    ]);
    expect(saved.placed).toBe(2);
    expect(Date.now() - started).toBeLessThan(3_000);
    expect(asked.length).toBe(askedBefore);
    const placed = await depots();
    expect(placed["Hams Hall again"]!.placedFrom).toBe("postcode");
    expect(placed.Hull!.latitude).toBeCloseTo(53.74, 1);
  });
});
