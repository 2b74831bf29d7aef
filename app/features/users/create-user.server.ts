import type { Runtime } from "~/lib/runtime.server";
import { invalidInput, UserError } from "~/lib/user-error";

import { newUserSchema, type NewUser } from "./user-schemas";

export type CreatedUser = { id: string; email: string; role: string };

/**
 * Creates an account with a password, its role and its profile. Sign-up is closed, so this is the only way in.
 * Every account comes with its own company, which it owns (decision 048), as every account could add depots before
 * teams; an admin's holds the surveys they submit themselves. An account made to join a company (an accepted team
 * invitation: `ownCompany: false`) gets none.
 */
export async function createUser(
  deps: Pick<Runtime, "auth" | "database">,
  input: NewUser,
  options: { ownCompany?: boolean } = {},
): Promise<CreatedUser> {
  const parsed = newUserSchema.safeParse(input);
  if (!parsed.success) throw invalidInput(parsed.error);
  const { email, password, name, role } = parsed.data;

  const existing = await deps.database.db.selectFrom("user").select("id").where("email", "=", email).executeTakeFirst();
  if (existing) throw new UserError(`A user with the email ${email} already exists`);

  const { user } = await deps.auth.api.createUser({
    body: { email, password, name: name ?? "", role },
  });
  await deps.database.db.transaction().execute(async (trx) => {
    await trx
      .insertInto("profiles")
      .values({
        id: user.id,
        name: name ?? null,
        organization: null,
        phone: null,
        updated_at: new Date().toISOString(),
      })
      .onConflict((oc) => oc.column("id").doNothing())
      .execute();
    if (options.ownCompany === false) return;
    const company = await trx
      .insertInto("companies")
      .values({ company_name: name ? `${name}'s company` : email, updated_at: new Date().toISOString() })
      .returning("id")
      .executeTakeFirstOrThrow();
    await trx
      .insertInto("company_members")
      .values({ company_id: company.id, user_id: user.id, role: "owner" })
      .execute();
  });
  return { id: user.id, email: user.email, role };
}

/** Removes an account made a moment ago that is not to be kept (an invitation it was made to accept failed). */
export async function discardNewAccount(deps: Pick<Runtime, "database">, userId: string): Promise<void> {
  await deps.database.db.deleteFrom("user").where("id", "=", userId).execute();
}
