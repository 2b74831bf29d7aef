/**
 * Depots: who may reach one (the one access check), lists, status, limits, and their shared components.
 * What other features, routes, the CLI, scripts and tests may use on the server; every other file here is the
 * feature's own (decision 045).
 */
export { deleteDepot, listUserDepots, saveDepotList, setDepotPosition } from "./depot-list.server";
export { insertDepots, photoFilesInUse, photosOfDepot, setDepotReview } from "./depot-rows.server";
export {
  DEPOT_GONE,
  depotWithinReach,
  findDepot,
  isDepotId,
  mayDo,
  NO_COMPANY,
  requireCompany,
  requireDepot,
  requireRole,
  depotResource,
  actingUser,
  type DepotViewer,
  type ReachableDepot,
} from "./depot-access.server";
export {
  countDepotsByStatus,
  DEPOTS_PER_PAGE,
  getDepotForViewer,
  getPhotoForViewer,
  listDepotsForUser,
} from "./depot-queries.server";
