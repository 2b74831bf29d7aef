/** A year of trips for 200 vehicles is about 300,000 rows; this leaves room. */
export const MAX_TRIP_ROWS = 500_000;
/** About 160 bytes a row in the wordiest exports. */
export const MAX_TRIP_FILE_MB = 80;
