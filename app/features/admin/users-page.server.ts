import { containsInsensitive, toBoolean, toIsoString } from "~/lib/db/dialect.server";
import type { Runtime } from "~/lib/runtime.server";

import { containsPattern, PAGE_SIZE, type Paged, type UserParams } from "./list-params";

export type ManagedUser = {
  id: string;
  email: string;
  isAdmin: boolean;
  active: boolean;
  createdAt: string;
};

/** One page of accounts, newest first, optionally only those whose e-mail contains `uq`. */
export async function listUsersPage(deps: Pick<Runtime, "database">, params: UserParams): Promise<Paged<ManagedUser>> {
  const { db } = deps.database;
  const base = () =>
    params.uq
      ? db.selectFrom("user").where(containsInsensitive(deps.database.engine, "email", containsPattern(params.uq)))
      : db.selectFrom("user");
  const countRow = await base()
    .select((eb) => eb.fn.countAll<number | string>().as("count"))
    .executeTakeFirstOrThrow();
  const total = Number(countRow.count);
  const pageCount = Math.max(1, Math.ceil(total / PAGE_SIZE));
  const page = Math.min(params.upage, pageCount);
  const rows = await base()
    .select(["id", "email", "role", "banned", "createdAt"])
    .orderBy("createdAt", "desc")
    .orderBy("email")
    .limit(PAGE_SIZE)
    .offset((page - 1) * PAGE_SIZE)
    .execute();
  return {
    rows: rows.map((row) => ({
      id: row.id,
      email: row.email,
      isAdmin: row.role === "admin",
      active: !toBoolean(row.banned),
      createdAt: toIsoString(row.createdAt),
    })),
    total,
    page,
    pageCount,
    pageSize: PAGE_SIZE,
  };
}
