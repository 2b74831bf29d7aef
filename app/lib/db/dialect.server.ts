import { sql, type ColumnDefinitionBuilder, type RawBuilder } from "kysely";

export type Engine = "sqlite" | "postgres";

/**
 * The only place where the two engines differ in DDL. Migrations describe
 * columns through these helpers so one migration set serves both.
 */
export function dialectHelpers(engine: Engine) {
  return {
    engine,
    /** An auto-incrementing integer primary key. */
    serialPrimaryKey: (col: ColumnDefinitionBuilder) =>
      engine === "postgres" ? col.primaryKey() : col.primaryKey().autoIncrement(),
    serialType: (engine === "postgres" ? "serial" : "integer") as "serial" | "integer",
    /** Timestamps: timestamptz on PostgreSQL, ISO-8601 text on SQLite. */
    timestampType: (engine === "postgres" ? "timestamptz" : "text") as "timestamptz" | "text",
    /** Booleans: native on PostgreSQL, 0/1 integers on SQLite. */
    booleanType: (engine === "postgres" ? "boolean" : "integer") as "boolean" | "integer",
    /** JSON documents: jsonb on PostgreSQL, text on SQLite. */
    jsonType: (engine === "postgres" ? "jsonb" : "text") as "jsonb" | "text",
    now: (): RawBuilder<string> =>
      engine === "postgres" ? sql<string>`now()` : sql<string>`(strftime('%Y-%m-%dT%H:%M:%fZ','now'))`,
  };
}

export type DialectHelpers = ReturnType<typeof dialectHelpers>;

/** Normalises a timestamp read from either engine to ISO-8601 text. */
export function toIsoString(value: Date | string): string {
  return value instanceof Date ? value.toISOString() : new Date(value).toISOString();
}

/** Normalises a boolean read from either engine. */
export function toBoolean(value: boolean | number | null | undefined): boolean {
  return value === true || value === 1;
}

/**
 * Case-insensitive "contains": SQLite's LIKE already ignores ASCII case (and
 * wrapping the column in lower() doubles the cost of the scan); PostgreSQL has ILIKE.
 */
export function containsInsensitive(engine: Engine, column: string, pattern: string) {
  return engine === "postgres"
    ? sql<boolean>`${sql.ref(column)} ilike ${pattern} escape '\\'`
    : sql<boolean>`${sql.ref(column)} like ${pattern} escape '\\'`;
}
