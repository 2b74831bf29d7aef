import { containsInsensitive, toBoolean, toIsoString } from "~/lib/db/dialect.server";
import type { Runtime } from "~/lib/runtime.server";

import { containsPattern, PAGE_SIZE, type Paged, type UserParams } from "./list-params";

export type ManagedUser = {
  id: string;
  email: string;
  /** From the profile, where the user (or the admin who created them) gave one. */
  name: string | null;
  organization: string | null;
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
    .leftJoin("profiles", "profiles.id", "user.id")
    .select([
      "user.id",
      "user.email",
      "user.role",
      "user.banned",
      "user.createdAt",
      "profiles.name",
      "profiles.organization",
    ])
    .orderBy("user.createdAt", "desc")
    .orderBy("user.email")
    .limit(PAGE_SIZE)
    .offset((page - 1) * PAGE_SIZE)
    .execute();
  return {
    rows: rows.map((row) => ({
      id: row.id,
      email: row.email,
      name: row.name ?? null,
      organization: row.organization ?? null,
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
