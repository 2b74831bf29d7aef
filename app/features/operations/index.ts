/**
 * Operations (Box Charge): chargers over OCPP, the live controller under the site limit, sessions, statements.
 * What other features, routes, the CLI, scripts and tests may use (safe for the browser); every other file here is
 * the feature's own (decision 045).
 */
export { OCPP_PATH } from "./charge-point-input";
export { COMMAND_LABELS } from "./charger-command-labels";
export { type ChargingProfile, effectiveLimitW, fromOcpp16, fromOcpp201 } from "./charging-profile";
export { ChargersCard } from "./components/chargers-card";
export { DaysCard } from "./components/days-card";
export { EventsCard } from "./components/events-card";
export { LoadChart } from "./components/lazy-load-chart";
export { ReadinessCard } from "./components/readiness-card";
export { RegisterCharger } from "./components/register-charger";
export { SessionsCard } from "./components/sessions-card";
export { useLiveDepot, useLiveEvents } from "./components/use-live-depot";
export { VehicleNeedsCard } from "./components/vehicle-needs-card";
export { VehicleTagsCard } from "./components/vehicle-tags-card";
export { vehicleNeedsSchema, type VehicleNeedsInput } from "./vehicle-needs-schema";
export { clockTime, kw, kwh, pounds } from "./format";
export { METER_SILENT_MS, siteReadingSchema } from "./site-meter";
export { DEPARTURE_HORIZON_DAYS, scheduleSchema, vehicleStateSchema, type VehicleStateInput } from "./vehicle-state";
export { tripUnderWay } from "./vehicle-duty";
