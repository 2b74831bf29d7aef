/**
 * Network capacity data: importing the operators' files, the nearest substation to a depot, its headroom.
 * What other features, routes, the CLI, scripts and tests may use (safe for the browser); every other file here is
 * the feature's own (decision 045).
 */
export type { CapacityBand } from "./capacity";
export { describeImport } from "./describe-import";
export { parseNged, parseUkpn } from "./importers";
export { createNearestIndex, distanceKm } from "./nearest";
export { isOperator, MAX_GRID_FILE_MB, type Operator, OPERATORS } from "./operators";
