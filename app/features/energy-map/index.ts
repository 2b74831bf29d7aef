/**
 * The energy map: depots and substations by capacity band, and the map itself (loaded in the browser only).
 * What other features, routes, the CLI, scripts and tests may use (safe for the browser); every other file here is
 * the feature's own (decision 045).
 */
export { BAND_CLASSES, CapacityBar } from "./components/capacity-bar";
export { DepotPanel } from "./components/depot-capacity-panel";
export { DepotMap } from "./lazy-depot-map";
export type { MapDepot, MapLegendSpec, MapSubstation } from "./map-types";
