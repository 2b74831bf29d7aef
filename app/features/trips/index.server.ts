/**
 * Trip exports from telematics: reading them, tours, suitability for electric, plans from recorded days.
 * What other features, routes, the CLI, scripts and tests may use on the server; every other file here is the
 * feature's own (decision 045).
 */
export { importTrips, previewTrips } from "./import-trips.server";
export { readTripsFile } from "./read-trips.server";
export { tripFiguresInBackground, viewChoicesSchema } from "./trip-figures.server";
export { deleteTripImport, depotsWithTrips, getTripImport } from "./trip-store.server";
export { loadTripView } from "./trip-view.server";
export type { HubPlace, HubStopsFinding } from "./hub-stops";
