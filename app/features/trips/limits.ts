/** A year of trips for 200 vehicles is about 300,000 rows; this leaves room. */
export const MAX_TRIP_ROWS = 500_000;
/** About 160 bytes a row in the wordiest exports. */
export const MAX_TRIP_FILE_MB = 80;
/** A workbook is zipped: 300,000 rows are about 15 MB, and a larger file can unpack to far more than it looks. */
export const MAX_XLSX_MB = 30;
