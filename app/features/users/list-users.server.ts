import { toBoolean, toIsoString } from "~/lib/db/dialect.server";
import type { Runtime } from "~/lib/runtime.server";

export type UserListItem = {
  id: string;
  email: string;
  name: string | null;
  role: string;
  banned: boolean;
  createdAt: string;
};

export async function listUsers(deps: Pick<Runtime, "database">): Promise<UserListItem[]> {
  const rows = await deps.database.db
    .selectFrom("user")
    .leftJoin("profiles", "profiles.id", "user.id")
    .select(["user.id", "user.email", "profiles.name", "user.role", "user.banned", "user.createdAt"])
    .orderBy("user.createdAt", "asc")
    .execute();
  return rows.map((row) => ({
    id: row.id,
    email: row.email,
    name: row.name,
    role: row.role ?? "user",
    banned: toBoolean(row.banned),
    createdAt: toIsoString(row.createdAt),
  }));
}
