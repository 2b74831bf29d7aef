/**
 * Depots placed from their address (issue 60, item 5), so the nearest substation and every connection figure do not
 * wait for someone to drag a marker. The configured geocoder (GEOCODER_URL, Nominatim's search API: one a consultancy
 * runs itself) is asked first; when there is none, or it does not answer well within a few seconds, the depot is
 * placed at its postcode sector's centre from the bundled data, marked approximate. Nothing is placed over a position
 * someone put on the map. The geocoder is outside the product: tests stand one up from its published API.
 */
import { z } from "zod";

import type { Runtime } from "~/lib/runtime.server";

import { placeOfPostcode, postcodeIn, readCentres } from "./postcode-place";

type Deps = Pick<Runtime, "database" | "env" | "log">;
export type PlacedFrom = "geocoder" | "postcode";
const GEOCODER_MS = 3_000;
/** Great Britain and Northern Ireland, with their islands: anything outside is not a depot's place. */
const inUk = (latitude: number, longitude: number) =>
  latitude >= 49.8 && latitude <= 60.9 && longitude >= -8.7 && longitude <= 1.8;

let centres: ReturnType<typeof loadCentres> | null = null;
function loadCentres() {
  // 320 kB, read when a depot is first placed (never for a process that places none).
  return import("./postcode-sectors.csv?raw").then((module) => readCentres(module.default));
}

const nominatimAnswer = z.array(z.object({ lat: z.coerce.number(), lon: z.coerce.number() })).max(10);

/** The geocoder's place for an address, or null when it knows none; throws when it cannot be reached or answers badly. */
async function geocode(url: string, address: string) {
  const query = new URL(url);
  query.searchParams.set("q", address);
  query.searchParams.set("format", "jsonv2");
  query.searchParams.set("limit", "1");
  query.searchParams.set("countrycodes", "gb");
  const answer = await fetch(query, {
    headers: { accept: "application/json", "user-agent": "Electrify depot placement" },
    signal: AbortSignal.timeout(GEOCODER_MS),
  });
  if (!answer.ok) throw new Error(`the geocoder answered ${answer.status}`);
  const [first] = nominatimAnswer.parse(await answer.json());
  return first && inUk(first.lat, first.lon) ? { latitude: first.lat, longitude: first.lon } : null;
}

/**
 * Places the company's depots that have no position, and again those placed from an address since changed. Answers
 * how many were placed. One geocoder failure and the rest of the round goes by postcode (a geocoder that is down is
 * not waited on once per depot).
 */
export async function placeDepotsFromAddress(deps: Deps, companyId: number): Promise<number> {
  const db = deps.database.db;
  const rows = await db
    .selectFrom("depots")
    .select(["id", "depot_address", "location_latitude", "location_source", "location_address"])
    .where("company_id", "=", companyId)
    .execute();
  const due = rows.filter(
    (row) =>
      row.depot_address.trim() !== "" &&
      (row.location_latitude === null ||
        ((row.location_source === "geocoder" || row.location_source === "postcode") &&
          row.location_address !== row.depot_address)),
  );
  let geocoder = deps.env.GEOCODER_URL ?? null;
  let placed = 0;
  for (const row of due) {
    let place: { latitude: number; longitude: number } | null = null;
    let source: PlacedFrom = "postcode";
    if (geocoder) {
      try {
        place = await geocode(geocoder, row.depot_address);
        source = "geocoder";
      } catch (error) {
        deps.log.warn({ err: error }, "the geocoder could not be reached: depots are placed from their postcodes");
        geocoder = null;
      }
    }
    if (!place) {
      source = "postcode";
      place = placeOfPostcode(await (centres ??= loadCentres()), postcodeIn(row.depot_address));
    }
    if (!place) continue;
    const result = await db
      .updateTable("depots")
      .set({
        location_latitude: place.latitude,
        location_longitude: place.longitude,
        location_source: source,
        location_address: row.depot_address,
      })
      .where("id", "=", row.id)
      // Someone placed it on the map meanwhile: theirs stands.
      .where((eb) =>
        eb.or([eb("location_latitude", "is", null), eb("location_source", "in", ["geocoder", "postcode"])]),
      )
      .executeTakeFirst();
    placed += Number(result.numUpdatedRows);
  }
  return placed;
}
