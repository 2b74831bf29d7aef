import type { Runtime } from "~/lib/runtime.server";

import type { ProfileInput } from "./account-schemas";

export async function getProfile(deps: Pick<Runtime, "database">, userId: string) {
  const row = await deps.database.db
    .selectFrom("profiles")
    .select(["name", "organization", "phone"])
    .where("id", "=", userId)
    .executeTakeFirst();
  return row ?? { name: null, organization: null, phone: null };
}

/** Saves the profile, creating it if the user has none yet; empty values are stored as null. */
export async function saveProfile(deps: Pick<Runtime, "database">, userId: string, input: ProfileInput): Promise<void> {
  const values = { ...input, updated_at: new Date().toISOString() };
  await deps.database.db
    .insertInto("profiles")
    .values({ id: userId, ...values })
    .onConflict((oc) => oc.column("id").doUpdateSet(values))
    .execute();
}
