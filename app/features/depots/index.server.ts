export { deleteDepot, listUserDepots, saveDepotList, setDepotPosition } from "./depot-list.server";
export {
  countDepotsByStatus,
  DEPOT_GONE,
  DEPOTS_PER_PAGE,
  findOwnedDepot,
  getDepotForViewer,
  getPhotoForViewer,
  isDepotId,
  listDepotsForUser,
  type OwnedDepot,
  requireOwnedDepot,
} from "./depot-queries.server";
