import type { Runtime } from "~/lib/runtime.server";

import { countAdmins } from "./has-role.server";
import { UserRuleError } from "./user-errors";
import { emailSchema, roleSchema, type Role } from "./user-schemas";

/** Grants or removes the admin role. The last admin cannot be demoted, so the site is never left without one. */
export async function setUserRole(
  deps: Pick<Runtime, "database">,
  input: { email: string; role: Role },
): Promise<void> {
  const email = emailSchema.parse(input.email);
  const role = roleSchema.parse(input.role);
  const user = await deps.database.db
    .selectFrom("user")
    .select(["id", "role"])
    .where("email", "=", email)
    .executeTakeFirst();
  if (!user) throw new UserRuleError(`No user with the email ${email}`);
  if (user.role === "admin" && role !== "admin" && (await countAdmins(deps)) <= 1) {
    throw new UserRuleError("The last admin cannot be demoted; make another user admin first");
  }
  await deps.database.db
    .updateTable("user")
    .set({ role, updatedAt: new Date().toISOString() })
    .where("id", "=", user.id)
    .execute();
}
