/**
 * Where a UK postcode is, roughly, without any service (issue 60, item 5): the centre of its postcode sector
 * ("AB10 1"), else of its district ("AB10"), from the sectors bundled in postcode-sectors.csv (see
 * postcode-sectors.md for where they come from and their licence). A sector is a few hundred addresses, so the place
 * is approximate: good for the nearest substation, to be confirmed on the map.
 */
import { match, parse } from "postcode";

import { parseCsvRows } from "~/lib/csv";

export type Place = { latitude: number; longitude: number; precision: "sector" | "district" };
type Centres = { sectors: Map<string, [number, number]>; districts: Map<string, [number, number]> };

/** The last postcode written in an address ("Unit 4, Hams Hall, Coleshill B46 1AL" → "B46 1AL"), or null. */
export function postcodeIn(address: string): string | null {
  const found = match(address.slice(0, 500));
  for (const candidate of found.reverse()) {
    const parsed = parse(candidate);
    if (parsed.valid) return parsed.postcode;
  }
  return null;
}

/** Reads the bundled sectors (sector,latitude,longitude,postcodes) and the districts' centres weighted from them. */
export function readCentres(csv: string): Centres {
  const sectors = new Map<string, [number, number]>();
  const sums = new Map<string, [number, number, number]>();
  for (const [sector, lat, lng, count] of parseCsvRows(csv, { maxRows: 20_000 }).slice(1)) {
    const at: [number, number] = [Number(lat), Number(lng)];
    if (!sector || !Number.isFinite(at[0]) || !Number.isFinite(at[1])) continue;
    sectors.set(sector, at);
    const district = sector.split(" ")[0]!;
    const weight = Number(count) || 1;
    const sum = sums.get(district) ?? [0, 0, 0];
    sums.set(district, [sum[0] + at[0] * weight, sum[1] + at[1] * weight, sum[2] + weight]);
  }
  const districts = new Map([...sums].map(([d, [la, lo, w]]) => [d, [la / w, lo / w] as [number, number]]));
  return { sectors, districts };
}

/** The postcode's sector centre, else its district's, else null (a postcode not in the data, or none). */
export function placeOfPostcode(centres: Centres, postcode: string | null): Place | null {
  const parsed = postcode ? parse(postcode) : null;
  if (!parsed?.valid) return null;
  const sector = centres.sectors.get(parsed.sector);
  if (sector) return { latitude: sector[0], longitude: sector[1], precision: "sector" };
  const district = centres.districts.get(parsed.district);
  return district ? { latitude: district[0], longitude: district[1], precision: "district" } : null;
}
