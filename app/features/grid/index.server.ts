export {
  capacityFor,
  type DepotCapacity,
  importGridFile,
  listGridImports,
  loadSubstationIndex,
  REPLACES_MOST,
} from "./grid-store.server";
