import type { CapacityBand } from "~/features/grid";

/** What the map draws: depots and substations with their capacity band (the map itself loads in the browser only). */
export type MapDepot = {
  id: number;
  name: string;
  latitude: number | null;
  longitude: number | null;
  band: CapacityBand | null;
};
export type MapSubstation = {
  key: string;
  name: string;
  latitude: number;
  longitude: number;
  band: CapacityBand | null;
  label: string;
};

/** The legend drawn on the map: its title, what each colour (and shape) means, and a note. */
export type MapLegendSpec = {
  title: string;
  items: { band: CapacityBand | "none"; text: string; shape?: "square" | "circle" }[];
  note?: string;
};
