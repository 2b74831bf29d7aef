export { BAND_CLASSES, CapacityBar } from "./components/capacity-bar";
export { DepotPanel } from "./components/depot-capacity-panel";
export { DepotMap } from "./lazy-depot-map";
export type { MapDepot } from "./map-types";
