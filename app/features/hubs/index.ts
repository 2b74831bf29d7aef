/** Hubs' pieces the pages show and the rules their forms keep (safe for the browser). */
export {
  adHocSchema,
  bookingSchema,
  CONTRACT_TERMS,
  contractRequestSchema,
  hubOfferSchema,
  priceListSchema,
  type AdHocVisit,
  type BookingInput,
  type PriceList,
} from "./hub-schemas";
export { DAY_NAMES, describeHours, describeWindow, hhmm, type VisitWindow } from "./visit-window";
export { ContractForm } from "./components/contract-form";
export { ContractsCard, type ContractRow } from "./components/contracts-card";
export { OfferForm } from "./components/offer-form";
export { describePrices, PriceFields } from "./components/price-fields";
export { WeekGrid } from "./components/week-grid";
export { VisitFields, type VisitValues } from "./components/visit-fields";
export { FinderCard } from "./components/finder-card";
export { BookingsCard } from "./components/bookings-card";
export { StatementsCard, type StatementRow } from "./components/statements-card";
export { DisputesCard } from "./components/disputes-card";
export type { BookingRow, DisputeRow, VehicleNowRow } from "./views";
export { HubVehiclesCard, VehiclesNowCard } from "./components/vehicles-now-card";
export { AdHocCard } from "./components/ad-hoc-card";
export { HubStatusCard } from "./components/hub-status-card";
export { HubsMap } from "./components/hubs-map";
export { StopsCard } from "./components/stops-card";
