import { kyselyAdapter } from "@better-auth/kysely-adapter";
import { betterAuth } from "better-auth";
import { getMigrations } from "better-auth/db/migration";
import { admin } from "better-auth/plugins/admin";
import { twoFactor } from "better-auth/plugins/two-factor";
import type { Kysely } from "kysely";

import { hashPasswordInBackground, verifyPasswordInBackground } from "~/lib/auth/password-tasks.server";
import type { Engine } from "~/lib/db/dialect.server";
import type { Database } from "~/lib/db/schema";
import type { Logger } from "~/lib/log.server";

import { MIN_PASSWORD_LENGTH } from "./constants";
import { hashedSessionTokens } from "./hashed-session-tokens.server";

/** The header the server sets from the socket (or the trusted proxy hop); clients cannot supply it. */
export const CLIENT_IP_HEADER = "x-electrify-client-ip";

export type AuthConfig = {
  db: Kysely<Database>;
  engine: Engine;
  secret: string;
  baseURL: string;
  secureCookies: boolean;
  log: Logger;
  signInRateLimit: { max: number; window: number };
  /** Unit tests switch the limiter off; every running mode keeps it on. */
  rateLimitEnabled?: boolean;
  /** Sends the password reset e-mail (through the outbox). */
  sendPasswordReset: (email: string, token: string) => Promise<void>;
};

/** How long a password reset link works. */
export const RESET_LINK_SECONDS = 60 * 60;

export function createAuth(config: AuthConfig) {
  return betterAuth({
    appName: "Electrify",
    baseURL: config.baseURL,
    basePath: "/api/auth",
    secret: config.secret,
    trustedOrigins: trustedOriginsFor(config.baseURL),
    // Session tokens are stored as digests (hashed-session-tokens.server.ts).
    database: hashedSessionTokens(kyselyAdapter(config.db, { type: config.engine, transaction: true })),
    // Reset and invitation links are kept as digests of their tokens too.
    verification: { storeIdentifier: "hashed" },
    emailAndPassword: {
      enabled: true,
      // Accounts are created by the consultancy (CLI or admins), never by visitors.
      disableSignUp: true,
      minPasswordLength: MIN_PASSWORD_LENGTH,
      maxPasswordLength: 128,
      // Better Auth's own scrypt, run in the lower-priority background process so sign-ins do not slow pages.
      password: {
        hash: (password) => hashPasswordInBackground(password),
        verify: ({ hash, password }) => verifyPasswordInBackground(hash, password),
      },
      resetPasswordTokenExpiresIn: RESET_LINK_SECONDS,
      revokeSessionsOnPasswordReset: true,
      sendResetPassword: async ({ user, token }) => {
        await config.sendPasswordReset(user.email, token);
      },
    },
    plugins: [
      admin({ defaultRole: "user", adminRoles: ["admin"] }),
      twoFactor({ issuer: "Electrify", backupCodeOptions: { amount: 10, length: 10 } }),
    ],
    rateLimit: {
      enabled: config.rateLimitEnabled ?? true,
      storage: "database",
      window: 60,
      max: 100,
      customRules: {
        "/sign-in/*": { window: config.signInRateLimit.window, max: config.signInRateLimit.max },
        // The code step is part of signing in; Better Auth also locks a user's TOTP after 5 wrong codes.
        "/two-factor/*": { window: config.signInRateLimit.window, max: config.signInRateLimit.max },
      },
    },
    advanced: {
      useSecureCookies: config.secureCookies,
      cookiePrefix: "electrify",
      defaultCookieAttributes: { httpOnly: true, sameSite: "lax", secure: config.secureCookies },
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
    },
    telemetry: { enabled: false },
    logger: {
      level: "warn",
      log: (level, message, ...args) => {
        config.log[level]({ source: "better-auth", details: args.length > 0 ? args : undefined }, message);
      },
    },
  });
}

export type Auth = ReturnType<typeof createAuth>;

/** A visitor may reach a local site as localhost or 127.0.0.1; both are the same origin for us. */
export function trustedOriginsFor(baseURL: string): string[] {
  const url = new URL(baseURL);
  const origins = [url.origin];
  if (url.hostname === "localhost") origins.push(`${url.protocol}//127.0.0.1${url.port ? `:${url.port}` : ""}`);
  if (url.hostname === "127.0.0.1") origins.push(`${url.protocol}//localhost${url.port ? `:${url.port}` : ""}`);
  return origins;
}

export async function migrateAuthTables(auth: Auth, config: Pick<AuthConfig, "db" | "engine">): Promise<void> {
  // The migrator needs the Kysely instance itself, not the wrapped adapter.
  const { runMigrations } = await getMigrations({ ...auth.options, database: { db: config.db, type: config.engine } });
  await runMigrations();
}
