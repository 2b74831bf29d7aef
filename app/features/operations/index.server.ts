/**
 * Operations on the server (decision 056): the depot's page as one snapshot, its live stream, its statement, and
 * Box Charge started as one piece (the chargers' endpoint with the live controller).
 */
export { startBoxCharge, stopBoxCharge } from "./box-charge.server";
export { depotEventStream } from "./depot-stream.server";
export { depotOperations, depotSnapshot } from "./operations.server";
export { depotStatementCsv, latestChargingMonth } from "./statement.server";
