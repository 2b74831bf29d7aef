export { type ActionData, type DepotDraft, DepotLocations } from "./components/depot-locations";
export { DepotNotFound } from "./components/depot-not-found";
export { DepotPhotoGallery } from "./components/depot-photo-gallery";
export { DepotPicker } from "./components/depot-picker";
export { StatusBadge } from "./components/status-badge";
export { assertRoomForDepots, MAX_DEPOTS_PER_ACCOUNT } from "./depot-limits";
export { depotListSchema, depotsFromForm } from "./depot-list-schema";
export { DEPOT_STATUSES, depotStatusSchema, type DepotStatusValue, normalizeStatus, statusLabel } from "./depot-status";
