/**
 * The specification's design component catalogue, with real footprints in
 * metres (width × depth) so a layout drawn on the metre grid is to scale.
 */
export const CATALOGUE = [
  // AC wall boxes or posts for vans and cars (not in the original specification: sizing asks for them).
  { id: "ac7charger", name: "AC Charger 7kW", type: "charger", power: 7, width: 0.4, depth: 0.3 },
  { id: "ac11charger", name: "AC Charger 11kW", type: "charger", power: 11, width: 0.4, depth: 0.3 },
  { id: "ac22charger", name: "AC Charger 22kW", type: "charger", power: 22, width: 0.4, depth: 0.3 },
  { id: "fastcharger", name: "Fast Charger 50kW", type: "charger", power: 50, width: 0.8, depth: 0.6 },
  { id: "rapidcharger", name: "Rapid Charger 150kW", type: "charger", power: 150, width: 1.0, depth: 0.8 },
  { id: "ultracharger", name: "Ultra Charger 350kW", type: "charger", power: 350, width: 1.2, depth: 0.9 },
  // An HGV bay (articulated truck); vans need far less.
  { id: "parking", name: "Parking Bay", type: "infrastructure", power: null, width: 4, depth: 18 },
  // A package substation.
  { id: "transformer", name: "Transformer", type: "infrastructure", power: null, width: 3.5, depth: 3 },
] as const;

export type CatalogueItem = (typeof CATALOGUE)[number];
export type ComponentId = CatalogueItem["id"];

export const COMPONENT_IDS = CATALOGUE.map((item) => item.id) as [ComponentId, ...ComponentId[]];

export function catalogueItem(id: ComponentId): CatalogueItem {
  return CATALOGUE.find((item) => item.id === id)!;
}

/** Chargers are small: each gets a round marker of this radius (m) to see and grab, over its true footprint. */
export const MARKER_M = 1.8;

/** The site drawn on the canvas, in metres. */
export const SITE = { width: 90, depth: 60 } as const;

/** Each component's colour on the plan (and in the report). */
export const COMPONENT_COLOURS: Record<ComponentId, string> = {
  ac7charger: "#0f766e",
  ac11charger: "#0e7490",
  ac22charger: "#4d7c0f",
  fastcharger: "#15803d",
  rapidcharger: "#1d4ed8",
  ultracharger: "#7e22ce",
  parking: "#64748b",
  transformer: "#b45309",
};
