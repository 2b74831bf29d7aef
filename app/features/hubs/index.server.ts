/** Hubs (issue 50): sites whose chargers other companies contract, the contracts, and the hub's week. */
export {
  approveHub,
  HUB_GONE,
  hubPlan,
  listHubs,
  offerableDepots,
  offerHub,
  requireHub,
  setHubPrices,
  type HubView,
} from "./hubs.server";
export { changeHubStatus, type HubStatusChange } from "./hub-status.server";
export { hubEventStream } from "./hub-live.server";
export {
  CONTRACT_GONE,
  reachContract as requireContract,
  customerContracts,
  decideContract,
  hubContracts,
  requestContract,
  withdrawContract,
  type ContractView,
} from "./contracts.server";
export { checkWeek, type Demand, type WeekCheck } from "./hub-week";
export { hubWeek, hubWeeksPlanned } from "./hub-week-cache.server";
export { checkDated, type DatedDemand } from "./demands";
export { addDays, togetherSets } from "./contract-periods";
export { findHubs, type HubAnswer } from "./finder.server";
export { vehicleChoices, type VehicleChoice } from "./vehicle-choices.server";
export { BOOKING_GONE, bookVisit, cancelBooking, hubBookings } from "./bookings.server";
export {
  hubStatement,
  hubStatements,
  statementCsv,
  statementTotal,
  STATEMENT_GONE,
  type HubStatement,
} from "./statements.server";
export { statementPdf } from "./statement-document.server";
export { buildStatement, type StatementBooking } from "./statement";
export {
  DISPUTE_GONE,
  disputeLine,
  disputeSchema,
  hubDisputes,
  monthOpen,
  resolutionSchema,
  resolveDispute,
} from "./disputes.server";
export { companyHubVehicles, depotHubVehicles, hubVehiclesNow } from "./vehicles-now.server";
export { bookAdHoc } from "./ad-hoc.server";
export { hubPageData, ukDays } from "./hub-page.server";
export { stopsNearHubs, type StopsNearHub } from "./stops-near.server";
