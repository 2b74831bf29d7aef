/**
 * Depots: who may reach one (the one access check), lists, status, limits, and their shared components.
 * What other features, routes, the CLI, scripts and tests may use (safe for the browser); every other file here is
 * the feature's own (decision 045).
 */
export { type ActionData, type DepotDraft, DepotLocations } from "./components/depot-locations";
export { DepotNotFound } from "./components/depot-not-found";
export { DepotPhotoGallery } from "./components/depot-photo-gallery";
export { DepotPicker } from "./components/depot-picker";
export { StatusBadge } from "./components/status-badge";
export { assertRoomForDepots, MAX_DEPOTS_PER_ACCOUNT } from "./depot-limits";
export { depotListSchema, depotsFromForm } from "./depot-list-schema";
export { DEPOT_STATUSES, depotStatusSchema, type DepotStatusValue, normalizeStatus, statusLabel } from "./depot-status";
