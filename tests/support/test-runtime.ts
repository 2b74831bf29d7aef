import { pino } from "pino";

import { loadEnv } from "~/lib/env.server";
import { openRuntime, type Runtime } from "~/lib/runtime.server";

import type { TestDatabase } from "./test-database";

/** The same runtime the server opens, on a test database; the rate limiter stays on unless asked otherwise. */
export async function openTestRuntime(
  database: TestDatabase,
  overrides: Record<string, string> = {},
  options: { rateLimitEnabled?: boolean; migrate?: boolean } = {},
): Promise<Runtime> {
  const env = loadEnv({
    NODE_ENV: "test",
    DATA_DIR: database.dataDir,
    DATABASE_URL: database.databaseUrl,
    APP_URL: "http://localhost:3000",
    LOG_LEVEL: "silent",
    ...overrides,
  });
  return openRuntime(env, pino({ level: "silent" }), options);
}
