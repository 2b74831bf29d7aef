/**
 * Operations (Box Charge's page, decision 056): a depot's operations page and the pages around it — chargers,
 * sessions, the readiness board, days and load — composed from the rooms below (chargers, charging-records,
 * vehicles, live-control), and the depot's monthly statement. Owns no table of its own.
 * What routes use (safe for the browser); every other file here is the feature's own (decision 045).
 */
export { ChargerFramesCard } from "./components/charger-frames-card";
export { ChargerFirmwareCard, ChargerLogsCard, SecurityEventsCard } from "./components/charger-upkeep-cards";
export { SecureConnectionCard } from "./components/secure-connection-card";
export { FirmwareImagesCard, FirmwareVersionsCard } from "./components/depot-firmware";
export { FirmwareRolloutsCard } from "./components/firmware-rollouts-card";
export { ChargerMessagesCard, ChargerSettingsCard } from "./components/charger-settings";
export { ChargersCard } from "./components/chargers-card";
export { ChargingAccessCard } from "./components/charging-access-card";
export { DaysCard } from "./components/days-card";
export { ConnectionFigure, Figure, MeterFigure } from "./components/depot-figures";
export { EventsCard } from "./components/events-card";
export { KnocksCard } from "./components/knocks-card";
export { LoadChart } from "./components/lazy-load-chart";
export { ReadinessCard } from "./components/readiness-card";
export { RegisterCharger, RegisterMany } from "./components/register-charger";
export { SessionsCard } from "./components/sessions-card";
export { useLiveDepot, useLiveEvents } from "./components/use-live-depot";
export { VehicleNeedsCard } from "./components/vehicle-needs-card";
export { VehicleTagsCard } from "./components/vehicle-tags-card";
