export { importTrips, previewTrips } from "./import-trips.server";
export { readTripsFile } from "./read-trips.server";
export { tripFiguresInBackground, viewChoicesSchema } from "./trip-figures.server";
export { deleteTripImport, getTripImport } from "./trip-store.server";
export { loadTripView } from "./trip-view.server";
