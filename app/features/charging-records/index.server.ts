/** Charging records on the server (decision 056): written by the chargers' room, read by the others through here. */
export {
  closeSessionsOnConnector,
  findSession,
  recordReadings,
  recordSessionTag,
  startSession,
  stopSession,
} from "./charging-records.server";
export { depotsCharging, sessionMarks } from "./depot-activity.server";
export {
  depotMonthSessions,
  openSessionOfTag,
  openSessionOn,
  openSessionsAt,
  readDepotRecords,
} from "./depot-records.server";
export type { DepotRecords } from "./depot-records.server";
export { sessionsAtDepot } from "./depot-sessions.server";
export { depotEnergyIn, depotMeteredSince } from "./metered-energy.server";
export { readMeterValues } from "./meter-values";
export type { MeterSample } from "./meter-values";
export { recordSessionControl } from "./session-control.server";
export { readSiteMeter, tellSiteReading } from "./site-meter.server";
export { recordChargingNeeds, setNeedsByHand } from "./vehicle-needs.server";
