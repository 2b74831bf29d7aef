import { recordAudit, type Actor } from "~/lib/audit.server";
import { toBoolean } from "~/lib/db/dialect.server";
import type { Runtime } from "~/lib/runtime.server";
import { invalidInput, UserError } from "~/lib/user-error";

import { createUser } from "./create-user.server";
import { inviteUser } from "./invite-user.server";
import { emailSchema, type Role } from "./user-schemas";

/** Who a change is for: the admin console names the account by id, the command line by e-mail. */
export type UserRef = { userId: string } | { email: string };

async function findUser(deps: Pick<Runtime, "database">, ref: UserRef) {
  const query = deps.database.db.selectFrom("user").select(["id", "email", "role", "banned"]);
  if ("email" in ref) return query.where("email", "=", ref.email.trim().toLowerCase()).executeTakeFirst();
  if (!ref.userId || ref.userId.length > 200) return undefined;
  return query.where("id", "=", ref.userId).executeTakeFirst();
}

const noSuchUser = (ref: UserRef) =>
  new UserError("email" in ref ? `No user with the email ${ref.email.trim()}` : "That user no longer exists", {
    status: 404,
  });

async function countActiveAdmins(deps: Pick<Runtime, "database">, exceptUserId: string): Promise<number> {
  const row = await deps.database.db
    .selectFrom("user")
    .select((eb) => eb.fn.countAll<number | string>().as("count"))
    .where("role", "=", "admin")
    .where("id", "!=", exceptUserId)
    .where((eb) =>
      eb.or([eb("banned", "is", null), eb("banned", "=", deps.database.engine === "postgres" ? false : 0)]),
    )
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/**
 * Grants or removes the admin role. An admin cannot remove their own role,
 * and the last active admin cannot be demoted, so the site always has one.
 */
export async function changeUserRole(
  deps: Pick<Runtime, "database">,
  input: UserRef & { role: Role; actor: Actor },
): Promise<{ email: string; role: Role }> {
  const user = await findUser(deps, input);
  if (!user) throw noSuchUser(input);
  const isAdmin = user.role === "admin";
  if (isAdmin === (input.role === "admin")) return { email: user.email, role: input.role };
  if (input.role !== "admin") {
    if (user.id === input.actor.id) throw new UserError("You cannot remove your own admin role");
    if ((await countActiveAdmins(deps, user.id)) === 0)
      throw new UserError("The last admin cannot be demoted; make another user admin first");
  }
  await deps.database.db.transaction().execute(async (trx) => {
    await trx
      .updateTable("user")
      .set({ role: input.role, updatedAt: new Date().toISOString() })
      .where("id", "=", user.id)
      .execute();
    await recordAudit(trx, {
      actor: input.actor,
      action: "user.role_changed",
      target: { type: "user", id: user.id, label: user.email },
      details: { role: input.role },
    });
  });
  return { email: user.email, role: input.role };
}

/**
 * Deactivates an account (it cannot sign in and every session it has ends at
 * once) or reactivates it. An admin cannot deactivate themselves.
 */
export async function setUserActive(
  deps: Pick<Runtime, "database">,
  input: UserRef & { active: boolean; actor: Actor },
): Promise<{ email: string; active: boolean }> {
  const user = await findUser(deps, input);
  if (!user) throw noSuchUser(input);
  if (toBoolean(user.banned) === !input.active) return { email: user.email, active: input.active };
  if (!input.active && user.id === input.actor.id) throw new UserError("You cannot deactivate your own account");
  if (!input.active && user.role === "admin" && (await countActiveAdmins(deps, user.id)) === 0) {
    throw new UserError("The last active admin cannot be deactivated");
  }
  const banned = deps.database.engine === "postgres" ? input.active === false : input.active ? 0 : 1;
  await deps.database.db.transaction().execute(async (trx) => {
    await trx
      .updateTable("user")
      .set({
        banned,
        banReason: input.active ? null : "Deactivated by an admin",
        banExpires: null,
        updatedAt: new Date().toISOString(),
      })
      .where("id", "=", user.id)
      .execute();
    if (!input.active) await trx.deleteFrom("session").where("userId", "=", user.id).execute();
    await recordAudit(trx, {
      actor: input.actor,
      action: input.active ? "user.reactivated" : "user.deactivated",
      target: { type: "user", id: user.id, label: user.email },
    });
  });
  return { email: user.email, active: input.active };
}

export type AddUserInput = {
  email: string;
  /** Without an invitation: the password the admin chose. */
  password?: string;
  name?: string;
  role?: Role;
  /** E-mail a link to choose a password instead. */
  invite: boolean;
};

/**
 * Creates an account for someone, from the admin console or the command line:
 * with a password the admin chose, or with an invitation e-mail that lets them
 * choose their own. The audit row follows the account at once (Better Auth
 * creates the account outside our transactions).
 */
export async function addUser(
  deps: Pick<Runtime, "auth" | "database" | "env" | "log">,
  input: AddUserInput & { actor: Actor },
): Promise<{ id: string; email: string; role: Role; invited: boolean; emailSent: boolean }> {
  const role = input.role ?? "user";
  if (input.invite) {
    const email = emailSchema.safeParse(input.email);
    if (!email.success) throw invalidInput(email.error);
    const user = await inviteUser(deps, { email: email.data, name: input.name, role });
    await recordAudit(deps.database.db, {
      actor: input.actor,
      action: "user.invited",
      target: { type: "user", id: user.id, label: user.email },
      details: { role },
    });
    return { id: user.id, email: user.email, role, invited: true, emailSent: user.emailSent };
  }
  const user = await createUser(deps, { email: input.email, password: input.password ?? "", name: input.name, role });
  await recordAudit(deps.database.db, {
    actor: input.actor,
    action: "user.created",
    target: { type: "user", id: user.id, label: user.email },
    details: { role },
  });
  return { id: user.id, email: user.email, role, invited: false, emailSent: false };
}
