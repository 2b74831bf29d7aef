export {
  operationsOverview,
  registerChargePoint,
  registerChargePointAt,
  removeChargePoint,
  OPERATIONS_REACH,
  resetChargePointPassword,
  resetChargePointPasswordAt,
} from "./charge-points.server";
export { sendChargerCommand } from "./charger-commands.server";
export { markAllDisconnected } from "./charging-records.server";
export { closeLiveStreams, depotEventStream } from "./live.server";
export { startOcppEndpoint, stopOcppEndpoint } from "./ocpp-endpoint.server";
export { depotOperations } from "./operations.server";
export { latestChargingMonth, monthlyStatement, parseMonth, statementCsv } from "./statement.server";
export { addVehicleTag, listVehicleTags, removeVehicleTag } from "./vehicle-tags.server";
