/**
 * Operations (Box Charge): chargers over OCPP, the live controller under the site limit, sessions, statements.
 * What other features, routes, the CLI, scripts and tests may use on the server; every other file here is the
 * feature's own (decision 045).
 */
export {
  operationsOverview,
  registerChargePoint,
  registerChargePointAt,
  removeChargePoint,
  resetChargePointPassword,
  resetChargePointPasswordAt,
} from "./charge-points.server";
export { sendChargerCommand } from "./charger-commands.server";
export { markAllDisconnected } from "./charger-connection.server";
export { sessionsAtDepot, type DepotSession } from "./depot-sessions.server";
export { depotEventStream, onDepotChanged } from "./live.server";
export { startOcppEndpoint, stopOcppEndpoint } from "./ocpp-endpoint.server";
export { depotOperations, depotSnapshot } from "./operations.server";
export { depotStatementCsv, latestChargingMonth } from "./statement.server";
export {
  addVehicleTag,
  depotsWithVehicles,
  listVehicleTags,
  ownerOfTag,
  removeVehicleTag,
} from "./vehicle-tags.server";
export { setNeedsByHand } from "./vehicle-needs.server";
export { readSiteMeter, recordSiteReading, tellSiteReading } from "./site-meter.server";
export { setStateByHand, setVehicleStates, type StateResult, type VehicleRef } from "./vehicle-state.server";
// The live controller's decision as pure functions, for the readiness benchmark (scripts/bench-readiness.ts).
export { shareOwn, type SharedPlugged } from "./allocate";
export { limitAt, type Limits } from "./limits";
export { scheduleAhead } from "./schedule-ahead";
export { siteLimitKw, siteSlots, type DepotSite } from "./site";
export { depotConnectors } from "./site.server";
export { vehiclesDueBack } from "./vehicle-duty";
export { BOOKED_EARLY_MS, cancelExpectedVisits, expectedVisitsChanged, expectVisit } from "./expected-visits.server";
