import { randomBytes } from "node:crypto";
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { z } from "zod";

const booleanString = z
  .enum(["true", "false", "1", "0"], { message: "must be true or false" })
  .transform((value) => value === "true" || value === "1");

const optionalString = z
  .string()
  .trim()
  .transform((value) => (value === "" ? undefined : value))
  .optional();

/** A video shipped in public/ (e.g. /media/electrify.mp4): never an external embed. */
const publicMediaPath = z
  .string()
  .regex(
    /^\/[A-Za-z0-9._/-]+\.(mp4|webm)$/,
    "must be a path under public/ ending in .mp4 or .webm, e.g. /media/electrify.mp4",
  )
  .refine((value) => !value.includes(".."), "must not contain ..");

/** A port number, or "off". */
function portOrOff(fallback: string, message: string) {
  return z
    .string()
    .trim()
    .default(fallback)
    .refine((value) => value === "off" || (/^\d+$/.test(value) && Number(value) > 0 && Number(value) < 65536), {
      message,
    })
    .transform((value) => (value === "off" ? null : Number(value)));
}

const envSchema = z
  .object({
    NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().min(1).default("0.0.0.0"),
    DATA_DIR: z.string().min(1).default("./data"),
    DATABASE_URL: optionalString.pipe(
      z
        .string()
        .regex(/^postgres(ql)?:\/\//, "must be a postgres:// URL (leave it unset to use the embedded SQLite database)")
        .optional(),
    ),
    APP_URL: optionalString.pipe(
      z.url({ message: "must be the public URL of the site, e.g. https://electrify.example.com" }).optional(),
    ),
    AUTH_SECRET: optionalString.pipe(
      z.string().min(32, "must be at least 32 characters (generate one with: openssl rand -hex 32)").optional(),
    ),
    ADMIN_EMAIL: optionalString.pipe(z.email({ message: "must be an e-mail address" }).optional()),
    ADMIN_PASSWORD: optionalString.pipe(z.string().min(8, "must be at least 8 characters").optional()),
    CONTACT_EMAIL: z.email({ message: "must be an e-mail address" }).default("contact@electrify.example"),
    LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
    /** A file every process appends a JSON line to for each unhandled error and each serving process that died (~/lib/faults.server). */
    FAULT_LOG: optionalString,
    TRUST_PROXY: optionalString.pipe(
      z
        .string()
        .regex(/^\d+$/, "must be the number of reverse proxies in front of the app (0 for none)")
        .transform(Number)
        .optional(),
    ),
    SIGN_IN_RATE_LIMIT_MAX: z.coerce.number().int().min(1).default(5),
    SIGN_IN_RATE_LIMIT_WINDOW_SECONDS: z.coerce.number().int().min(1).default(60),
    SECURE_COOKIES: optionalString.pipe(booleanString.optional()),
    SMTP_URL: optionalString.pipe(
      z
        .string()
        .regex(/^smtps?:\/\//, "must be an smtp:// or smtps:// URL, e.g. smtp://user:pass@mail.example.com:587")
        .optional(),
    ),
    MAIL_FROM: optionalString,
    NOTIFY_EMAIL: optionalString.pipe(z.email({ message: "must be an e-mail address" }).optional()),
    S3_BUCKET: optionalString,
    S3_ENDPOINT: optionalString.pipe(
      z.url({ message: "must be the bucket service's URL, e.g. https://s3.eu-west-2.amazonaws.com" }).optional(),
    ),
    S3_REGION: z.string().min(1).default("us-east-1"),
    S3_ACCESS_KEY_ID: optionalString,
    S3_SECRET_ACCESS_KEY: optionalString,
    MAX_PHOTO_MB: z.coerce.number().positive().max(100).default(20),
    PHOTO_WORKERS: z.coerce.number().int().min(1).max(64).default(1),
    /** Processes serving requests (one per core is best); above 1 the first process only starts and watches them. */
    WEB_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(1),
    /** How often queued e-mails (retries, the team's notifications) are sent, in seconds. */
    OUTBOX_POLL_SECONDS: z.coerce.number().int().min(1).max(86_400).default(15),
    /** When each process first looks for connection apply-by dates to remind of, in seconds after start (then hourly). */
    APPLY_BY_REMINDER_START_SECONDS: z.coerce.number().int().min(1).max(86_400).default(120),
    /** How often each process looks at the depots for alerts (a vehicle leaving short, a charger offline), in seconds. */
    ALERTS_INTERVAL_SECONDS: z.coerce.number().int().min(1).max(3_600).default(60),
    REQUIRE_ADMIN_2FA: optionalString.pipe(booleanString.optional()),
    /** E-mail the submitter when an admin changes a depot's status (on unless set to false). */
    NOTIFY_ON_STATUS_CHANGE: optionalString.pipe(booleanString.optional()).transform((value) => value ?? true),
    INVESTOR_PASSWORD: optionalString.pipe(z.string().min(8, "must be at least 8 characters").optional()),
    /** Map tiles for the energy map: a {z}/{x}/{y} URL template, or "none" for a map without a background. */
    MAP_TILE_URL: z
      .string()
      .trim()
      .default("https://tile.openstreetmap.org/{z}/{x}/{y}.png")
      .refine(
        (value) =>
          value === "none" ||
          (/^https:\/\/[^/]+\//.test(value) && ["{z}", "{x}", "{y}"].every((part) => value.includes(part))),
        {
          message: 'must be an https URL template with {z}, {x} and {y}, or "none"',
        },
      ),
    MAP_TILE_ATTRIBUTION: z.string().trim().max(300).default("© OpenStreetMap contributors"),
    /** FTP for chargers that upload diagnostics only over FTP (issue 59): its port, or "off". */
    FTP_PORT: portOrOff("2121", 'must be a port number, or "off" for no FTP'),
    /** The host name chargers reach the FTP server at (default: APP_URL's). */
    FTP_HOST: optionalString,
    /** Ports for FTP's passive transfers, "first-last". */
    FTP_PASSIVE_PORTS: z
      .string()
      .trim()
      .default("2122-2141")
      .refine((value) => /^\d+-\d+$/.test(value) && Number(value.split("-")[0]) <= Number(value.split("-")[1]), {
        message: 'must be a range of ports, e.g. "2122-2141"',
      })
      .transform((value) => value.split("-").map(Number) as [number, number]),
    /** The IP address passive transfers are offered at to chargers not on this machine. */
    FTP_PASSIVE_ADDRESS: z.string().trim().default("127.0.0.1"),
    /**
     * How many chargers may be updating their firmware at once across the installation (sent the update, downloading,
     * installing or restarting): a rollout's wave goes out this many at a time, so 400 chargers do not fetch a 64 MB
     * image and restart in the same minute (decision 077).
     */
    FIRMWARE_AT_ONCE: z.coerce.number().int().min(1).max(10_000).default(25),
    /**
     * The chargers' TLS listener (issue 59, item 6: OCPP security profiles 2 and 3): its port, or "off"; the host name
     * chargers reach it at (default: APP_URL's); and the operator's own certificate and key (PEM files), without which
     * the product's certificate authority issues one.
     */
    OCPP_TLS_PORT: portOrOff("8443", 'must be a port number, or "off" for no TLS listener for chargers'),
    OCPP_TLS_HOST: optionalString,
    OCPP_TLS_CERT: optionalString,
    OCPP_TLS_KEY: optionalString,
    /**
     * A geocoder speaking Nominatim's search API (issue 60, item 5: one a consultancy can run itself), e.g.
     * http://nominatim.internal:8080/search; without one, or when it cannot be reached, a depot is placed from its
     * postcode with the bundled postcode sectors.
     */
    GEOCODER_URL: optionalString.pipe(
      z
        .string()
        .url("must be the geocoder's search address, e.g. http://nominatim.internal:8080/search")
        .refine((value) => /^https?:/.test(value), "must be an http or https address")
        .optional(),
    ),
    ELECTRIFY_VIDEO: optionalString.pipe(publicMediaPath.optional()),
    BOX_CHARGE_VIDEO: optionalString.pipe(publicMediaPath.optional()),
  })
  .superRefine((env, ctx) => {
    if ((env.S3_ENDPOINT || env.S3_ACCESS_KEY_ID || env.S3_SECRET_ACCESS_KEY) && !env.S3_BUCKET) {
      ctx.addIssue({ code: "custom", path: ["S3_BUCKET"], message: "is required when S3_ENDPOINT or S3 keys are set" });
    }
    if (Boolean(env.OCPP_TLS_CERT) !== Boolean(env.OCPP_TLS_KEY)) {
      ctx.addIssue({
        code: "custom",
        path: [env.OCPP_TLS_CERT ? "OCPP_TLS_KEY" : "OCPP_TLS_CERT"],
        message: "OCPP_TLS_CERT and OCPP_TLS_KEY must be set together",
      });
    }
    if (Boolean(env.S3_ACCESS_KEY_ID) !== Boolean(env.S3_SECRET_ACCESS_KEY)) {
      ctx.addIssue({
        code: "custom",
        path: ["S3_SECRET_ACCESS_KEY"],
        message: "S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set together",
      });
    }
    if (Boolean(env.ADMIN_EMAIL) !== Boolean(env.ADMIN_PASSWORD)) {
      ctx.addIssue({
        code: "custom",
        path: [env.ADMIN_EMAIL ? "ADMIN_PASSWORD" : "ADMIN_EMAIL"],
        message: "ADMIN_EMAIL and ADMIN_PASSWORD must be set together",
      });
    }
  });

export type Env = Omit<z.output<typeof envSchema>, "MAIL_FROM" | "NOTIFY_EMAIL"> & {
  MAIL_FROM: string;
  NOTIFY_EMAIL: string;
  APP_URL: string;
  AUTH_SECRET: string;
  DATA_DIR: string;
  TRUST_PROXY: number;
  SECURE_COOKIES: boolean;
};

export class EnvError extends Error {
  override name = "EnvError";
}

/**
 * Reads and validates the environment once at start. With no environment at
 * all the result is a working embedded setup: DATA_DIR is created and an auth
 * secret is generated there and kept (mode 0600) so sessions survive restarts.
 */
export function loadEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join(".") || "environment"}: ${issue.message}`);
    throw new EnvError(`Invalid environment configuration:\n${lines.join("\n")}\nSee .env.example for every variable.`);
  }
  const env = parsed.data;
  const dataDir = path.resolve(env.DATA_DIR);
  mkdirSync(dataDir, { recursive: true });
  const appUrl = (env.APP_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, "");
  return {
    ...env,
    DATA_DIR: dataDir,
    APP_URL: appUrl,
    AUTH_SECRET: env.AUTH_SECRET ?? readOrCreateSecret(path.join(dataDir, "auth-secret")),
    TRUST_PROXY: env.TRUST_PROXY ?? 0,
    SECURE_COOKIES: env.SECURE_COOKIES ?? appUrl.startsWith("https://"),
    MAIL_FROM: env.MAIL_FROM ?? `Electrify <${env.CONTACT_EMAIL}>`,
    NOTIFY_EMAIL: env.NOTIFY_EMAIL ?? env.CONTACT_EMAIL,
  };
}

function readOrCreateSecret(file: string): string {
  if (existsSync(file)) {
    const secret = readFileSync(file, "utf8").trim();
    if (secret.length >= 32) return secret;
  }
  const secret = randomBytes(32).toString("hex");
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  chmodSync(file, 0o600);
  return secret;
}
