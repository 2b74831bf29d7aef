/**
 * Network capacity data: importing the operators' files, the nearest substation to a depot, its headroom.
 * What other features, routes, the CLI, scripts and tests may use on the server; every other file here is the
 * feature's own (decision 045).
 */
export {
  capacityFor,
  type DepotCapacity,
  importGridFile,
  listGridImports,
  loadSubstationIndex,
  REPLACES_MOST,
} from "./grid-store.server";
