/**
 * Trip exports from telematics: reading them, tours, suitability for electric, plans from recorded days.
 * What other features, routes, the CLI, scripts and tests may use (safe for the browser); every other file here is
 * the feature's own (decision 045).
 */
export { TripsTab } from "./components/trips-tab";
export { MAX_TRIP_FILE_MB } from "./limits";
