export type { CapacityBand } from "./capacity";
export { describeImport } from "./describe-import";
export { parseNged, parseUkpn } from "./importers";
export { createNearestIndex, distanceKm } from "./nearest";
export { isOperator, MAX_GRID_FILE_MB, type Operator, OPERATORS } from "./operators";
