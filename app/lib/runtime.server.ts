import { createAuth, migrateAuthTables, type Auth } from "~/lib/auth/auth.server";
import { createDatabase, type AppDatabase } from "~/lib/db/database.server";
import { migrateToLatest } from "~/lib/db/migrations.server";
import type { Env } from "~/lib/env.server";
import type { Logger } from "~/lib/log.server";
import { deliverMail, enqueueMail } from "~/lib/mail/outbox.server";
import { createLocalStorage, createS3Storage, type FileStorage } from "~/lib/storage.server";

export type Runtime = {
  env: Env;
  log: Logger;
  database: AppDatabase;
  auth: Auth;
  storage: FileStorage;
};

// Kept on globalThis so that the dev server's module reloads share one
// database connection instead of opening a new one per edit.
const holder = globalThis as typeof globalThis & { __electrifyRuntime?: Runtime };

/**
 * Opens the database, applies Better Auth's and the product's migrations
 * (unless `migrate: false`: the serving processes of a cluster, whose first
 * process has applied them), and builds the auth instance.
 */
export async function openRuntime(
  env: Env,
  log: Logger,
  options: { rateLimitEnabled?: boolean; migrate?: boolean } = {},
): Promise<Runtime> {
  const database = createDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR });
  try {
    await database.check();
    const auth = createAuth({
      db: database.db,
      engine: database.engine,
      secret: env.AUTH_SECRET,
      baseURL: env.APP_URL,
      secureCookies: env.SECURE_COOKIES,
      log,
      signInRateLimit: { max: env.SIGN_IN_RATE_LIMIT_MAX, window: env.SIGN_IN_RATE_LIMIT_WINDOW_SECONDS },
      rateLimitEnabled: options.rateLimitEnabled,
      sendPasswordReset: async (email, token) => {
        const deps = { database, env, log };
        const id = await enqueueMail(database.db, {
          to: email,
          subject: "Reset your Electrify password",
          text: `Someone asked to reset the password of your Electrify account.\n\nChoose a new password here (the link works once, for one hour):\n${env.APP_URL}/reset-password?token=${encodeURIComponent(token)}\n\nIf it was not you, ignore this e-mail: your password stays as it is.\n\nElectrify`,
        });
        await deliverMail(deps, id);
      },
    });
    if (options.migrate !== false) {
      await migrateAuthTables(auth, { db: database.db, engine: database.engine });
      const applied = await migrateToLatest(database.db, database.engine);
      if (applied.length > 0) log.info({ migrations: applied }, "applied database migrations");
    }
    return { env, log, database, auth, storage: createStorage(env) };
  } catch (error) {
    await database.destroy();
    throw error;
  }
}

function createStorage(env: Env): FileStorage {
  if (!env.S3_BUCKET) return createLocalStorage(env.DATA_DIR);
  return createS3Storage({
    bucket: env.S3_BUCKET,
    endpoint: env.S3_ENDPOINT,
    region: env.S3_REGION,
    accessKeyId: env.S3_ACCESS_KEY_ID,
    secretAccessKey: env.S3_SECRET_ACCESS_KEY,
  });
}

export function setRuntime(runtime: Runtime | undefined): void {
  holder.__electrifyRuntime = runtime;
}

export function getRuntime(): Runtime {
  const runtime = holder.__electrifyRuntime;
  if (!runtime) throw new Error("The runtime has not been started: call startServer() first");
  return runtime;
}
