import type { Runtime } from "~/lib/runtime.server";

/** The specification's has_role(_user_id, _role), answered by the server from the database. */
export async function hasRole(
  deps: Pick<Runtime, "database">,
  userId: string,
  role: "admin" | "user",
): Promise<boolean> {
  const row = await deps.database.db.selectFrom("user").select("role").where("id", "=", userId).executeTakeFirst();
  return (row?.role ?? "user") === role;
}
