import { mkdtempSync, readFileSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";

import { EnvError, loadEnv } from "./env.server";

function tempDir() {
  return path.join(mkdtempSync(path.join(tmpdir(), "electrify-env-")), "data");
}

describe("loadEnv", () => {
  it("starts with no environment: creates DATA_DIR and keeps a generated secret there with mode 0600", () => {
    const dataDir = tempDir();
    const env = loadEnv({ DATA_DIR: dataDir });
    expect(env.PORT).toBe(3000);
    expect(env.APP_URL).toBe("http://localhost:3000");
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.AUTH_SECRET).toMatch(/^[0-9a-f]{64}$/);
    const secretFile = path.join(dataDir, "auth-secret");
    expect(statSync(secretFile).mode & 0o777).toBe(0o600);
    expect(readFileSync(secretFile, "utf8").trim()).toBe(env.AUTH_SECRET);
    expect(loadEnv({ DATA_DIR: dataDir }).AUTH_SECRET).toBe(env.AUTH_SECRET);
  });

  it("uses AUTH_SECRET when given instead of generating one", () => {
    const secret = "s".repeat(40);
    expect(loadEnv({ DATA_DIR: tempDir(), AUTH_SECRET: secret }).AUTH_SECRET).toBe(secret);
  });

  it("marks cookies secure when the site is served over https", () => {
    expect(loadEnv({ DATA_DIR: tempDir(), APP_URL: "https://electrify.example.com/" }).SECURE_COOKIES).toBe(true);
    expect(loadEnv({ DATA_DIR: tempDir(), APP_URL: "https://electrify.example.com/" }).APP_URL).toBe(
      "https://electrify.example.com",
    );
    expect(loadEnv({ DATA_DIR: tempDir() }).SECURE_COOKIES).toBe(false);
  });

  it.each([
    [{ PORT: "eighty" }, "PORT"],
    [{ DATABASE_URL: "mysql://db/electrify" }, "DATABASE_URL: must be a postgres:// URL"],
    [{ AUTH_SECRET: "short" }, "AUTH_SECRET: must be at least 32 characters"],
    [{ ADMIN_EMAIL: "admin@example.com" }, "ADMIN_PASSWORD: ADMIN_EMAIL and ADMIN_PASSWORD must be set together"],
    [{ ADMIN_EMAIL: "not-an-email", ADMIN_PASSWORD: "long-enough" }, "ADMIN_EMAIL: must be an e-mail address"],
    [{ LOG_LEVEL: "loud" }, "LOG_LEVEL"],
    [{ TRUST_PROXY: "yes" }, "TRUST_PROXY: must be the number of reverse proxies"],
    [{ ELECTRIFY_VIDEO: "https://video.example/embed.mp4" }, "ELECTRIFY_VIDEO: must be a path under public/"],
    [{ BOX_CHARGE_VIDEO: "/media/../../etc/passwd.mp4" }, "BOX_CHARGE_VIDEO: must not contain .."],
    [{ INVESTOR_PASSWORD: "short" }, "INVESTOR_PASSWORD: must be at least 8 characters"],
    [{ OCPP_TLS_PORT: "tls" }, 'OCPP_TLS_PORT: must be a port number, or "off" for no TLS listener for chargers'],
    [{ OCPP_TLS_CERT: "/etc/chargers.crt" }, "OCPP_TLS_KEY: OCPP_TLS_CERT and OCPP_TLS_KEY must be set together"],
    [{ FTP_PORT: "70000" }, 'FTP_PORT: must be a port number, or "off" for no FTP'],
    [{ GEOCODER_URL: "nominatim" }, "GEOCODER_URL: must be the geocoder's search address"],
    [{ GEOCODER_URL: "ftp://geocoder.internal/search" }, "GEOCODER_URL: must be an http or https address"],
  ])("rejects %o with a message naming the variable", (values, message) => {
    expect(() => loadEnv({ DATA_DIR: tempDir(), ...values })).toThrow(EnvError);
    expect(() => loadEnv({ DATA_DIR: tempDir(), ...values })).toThrow(message);
  });
});
