import { hashPassword, verifyPassword } from "better-auth/crypto";

import { backgroundTask } from "~/lib/background/background.server";

/** Better Auth's own scrypt, run in the lower-priority background process so sign-ins do not slow pages. */
export const hashPasswordInBackground = backgroundTask("hashPassword", (password: string) => hashPassword(password));
export const verifyPasswordInBackground = backgroundTask("verifyPassword", (hash: string, password: string) =>
  verifyPassword({ hash, password }),
);
