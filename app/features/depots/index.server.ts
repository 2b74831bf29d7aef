export { deleteDepot, listUserDepots, saveDepotList, setDepotPosition } from "./depot-list.server";
export {
  DEPOT_GONE,
  depotWithinReach,
  findDepot,
  isDepotId,
  requireDepot,
  type DepotReach,
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
