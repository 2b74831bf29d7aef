import type { ColumnType } from "kysely";

/** A timestamp: PostgreSQL returns Date, SQLite returns the ISO text we wrote. */
export type Timestamp = ColumnType<Date | string, string, string>;
