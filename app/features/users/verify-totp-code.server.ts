import { base32 } from "@better-auth/utils/base32";
import { createOTP } from "@better-auth/utils/otp";
import { symmetricDecrypt } from "better-auth/crypto";

import type { Runtime } from "~/lib/runtime.server";

/**
 * Checks a code from the user's authenticator app against their stored TOTP
 * secret (decrypted the way Better Auth's two-factor plugin stores it),
 * without creating or changing any session.
 */
export async function verifyTotpCode(deps: Pick<Runtime, "auth">, userId: string, code: string): Promise<boolean> {
  if (!/^\d{6}$/.test(code)) return false;
  const context = await deps.auth.$context;
  const row = await context.adapter.findOne<{ secret: string }>({
    model: "twoFactor",
    where: [{ field: "userId", value: userId }],
  });
  if (!row) return false;
  const stored = await symmetricDecrypt({ key: context.secretConfig, data: row.secret });
  // Secrets imported from other providers are kept as "base32:<secret>".
  const secret = stored.startsWith("base32:") ? base32.decode(stored.slice(7).toUpperCase()) : stored;
  return createOTP(secret, { digits: 6, period: 30 }).verify(code);
}
