import type { Runtime } from "~/lib/runtime.server";

import type { Role } from "./user-schemas";

/** The specification's has_role(_user_id, _role), answered by the server from the database. */
export async function hasRole(deps: Pick<Runtime, "database">, userId: string, role: Role): Promise<boolean> {
  const row = await deps.database.db.selectFrom("user").select("role").where("id", "=", userId).executeTakeFirst();
  return (row?.role ?? "user") === role;
}

export async function countAdmins(deps: Pick<Runtime, "database">): Promise<number> {
  const row = await deps.database.db
    .selectFrom("user")
    .select((eb) => eb.fn.countAll<number | string>().as("count"))
    .where("role", "=", "admin")
    .executeTakeFirstOrThrow();
  return Number(row.count);
}
