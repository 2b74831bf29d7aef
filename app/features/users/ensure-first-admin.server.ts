import type { Runtime } from "~/lib/runtime.server";

import { countAdmins } from "./count-admins.server";
import { createUser } from "./create-user.server";

/**
 * With ADMIN_EMAIL and ADMIN_PASSWORD set, creates that admin if the address
 * is not yet registered. Idempotent: an existing account is left untouched.
 */
export async function ensureFirstAdmin(deps: Pick<Runtime, "auth" | "database" | "env" | "log">): Promise<void> {
  const { ADMIN_EMAIL: email, ADMIN_PASSWORD: password } = deps.env;
  if (email && password) {
    const existing = await deps.database.db
      .selectFrom("user")
      .select("id")
      .where("email", "=", email.toLowerCase())
      .executeTakeFirst();
    if (!existing) {
      await createUser(deps, { email, password, role: "admin", name: "Administrator" });
      deps.log.info({ email }, "created the first admin from ADMIN_EMAIL");
    }
  }
  if ((await countAdmins(deps)) === 0) {
    deps.log.warn(
      "No admin account exists yet. Create one with: npm run cli -- user:create --email you@example.com --password '…' --admin " +
        "(or set ADMIN_EMAIL and ADMIN_PASSWORD and restart).",
    );
  }
}
