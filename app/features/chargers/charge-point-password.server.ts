import { createHash, randomBytes, timingSafeEqual } from "node:crypto";

/**
 * A charger's password is generated here, never chosen by a person: 24
 * characters from 62 (about 143 bits), inside the 16–40 that OCPP 1.6's
 * security profile 1 and 2.0.1's BasicAuthPassword allow. With that much
 * entropy a fast hash is enough (as for API tokens), so checking it at every
 * connection costs microseconds and a thousand chargers reconnecting at once
 * do not queue behind a slow hash (decision 031).
 */
const ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";

export function generateChargePointPassword(): string {
  let password = "";
  // Rejection sampling keeps every character equally likely (256 is not a multiple of 62).
  while (password.length < 24) {
    for (const byte of randomBytes(32)) {
      if (byte < 248 && password.length < 24) password += ALPHABET[byte % 62];
    }
  }
  return password;
}

export function hashChargePointPassword(password: string | Buffer): string {
  return `sha256:${createHash("sha256").update(password).digest("hex")}`;
}

export function chargePointPasswordMatches(password: Buffer | undefined, stored: string): boolean {
  if (!password) return false;
  const given = Buffer.from(hashChargePointPassword(password));
  const expected = Buffer.from(stored);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
