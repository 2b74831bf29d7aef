export { TripsTab } from "./components/trips-tab";
export { MAX_TRIP_FILE_MB } from "./limits";
