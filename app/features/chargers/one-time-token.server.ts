/**
 * One-time tokens for what a charger fetches or uploads outside OCPP (issue 59): a firmware image's download URL, a
 * diagnostics upload's URL or FTP password. Only the SHA-256 is kept, so a copy of the database opens nothing.
 */
import { createHash, randomBytes } from "node:crypto";

export function newToken(): { token: string; hash: string } {
  const token = randomBytes(24).toString("base64url");
  return { token, hash: hashToken(token) };
}

export function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

/** A token as this module makes them (32 URL-safe characters): anything else is not looked up at all. */
export function looksLikeToken(value: string): boolean {
  return /^[A-Za-z0-9_-]{32}$/.test(value);
}
