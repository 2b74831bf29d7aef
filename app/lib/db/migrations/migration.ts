import { type Kysely } from "kysely";

import { type DialectHelpers } from "../dialect.server";

/** One step of the product's schema; `d` papers over SQLite and PostgreSQL's differences. */
export type AppMigration = {
  up: (db: Kysely<unknown>, d: DialectHelpers) => Promise<void>;
};
