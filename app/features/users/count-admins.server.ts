import type { Runtime } from "~/lib/runtime.server";

export async function countAdmins(deps: Pick<Runtime, "database">): Promise<number> {
  const row = await deps.database.db
    .selectFrom("user")
    .select((eb) => eb.fn.countAll<number | string>().as("count"))
    .where("role", "=", "admin")
    .executeTakeFirstOrThrow();
  return Number(row.count);
}
