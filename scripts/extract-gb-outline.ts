// Writes public/maps/great-britain.json: the outline of the United Kingdom and Ireland's coasts from
// Natural Earth (public domain) through the world-atlas package (ISC), for the energy map's offline base layer
// (shown when map tiles cannot load). Run again after upgrading world-atlas: npx tsx scripts/extract-gb-outline.ts
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { feature } from "topojson-client";
import type { GeometryCollection, Topology } from "topojson-specification";

const root = path.resolve(import.meta.dirname, "..");
const topology = JSON.parse(
  readFileSync(path.join(root, "node_modules/world-atlas/countries-50m.json"), "utf8"),
) as Topology<{ countries: GeometryCollection<{ name: string }> }>;
const countries = feature(topology, topology.objects.countries);
// The United Kingdom (826) and Ireland (372): Great Britain's and the island of Ireland's coasts.
const kept = countries.features.filter((f) => f.id === "826" || f.id === "372");
// Three decimals (about 100 m) is plenty for a country outline and keeps the file small.
const round = (value: unknown): unknown =>
  Array.isArray(value) ? value.map(round) : typeof value === "number" ? Math.round(value * 1000) / 1000 : value;
const out = {
  type: "FeatureCollection",
  attribution: "Natural Earth (public domain), via world-atlas",
  features: kept.map((f) => ({
    type: "Feature",
    id: f.id,
    properties: { name: f.properties?.name },
    geometry: round(f.geometry),
  })),
};
writeFileSync(path.join(root, "public/maps/great-britain.json"), `${JSON.stringify(out)}\n`);
console.log(`wrote public/maps/great-britain.json (${kept.length} countries)`);
