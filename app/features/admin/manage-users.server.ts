import { createUser } from "~/features/users/create-user.server";
import { inviteUser } from "~/features/users/invite-user.server";
import { UserRuleError } from "~/features/users/user-errors";
import { emailSchema, newUserSchema, type Role } from "~/features/users/user-schemas";
import { containsInsensitive, toBoolean, toIsoString } from "~/lib/db/dialect.server";
import type { Runtime } from "~/lib/runtime.server";

import { recordAudit, type Actor } from "./audit.server";
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

async function findUser(deps: Pick<Runtime, "database">, userId: string) {
  if (!userId || userId.length > 200) return undefined;
  return deps.database.db
    .selectFrom("user")
    .select(["id", "email", "role", "banned"])
    .where("id", "=", userId)
    .executeTakeFirst();
}

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
  input: { userId: string; role: Role; actor: Actor },
): Promise<{ email: string; role: Role }> {
  const user = await findUser(deps, input.userId);
  if (!user) throw new UserRuleError("That user no longer exists");
  const isAdmin = user.role === "admin";
  if (isAdmin === (input.role === "admin")) return { email: user.email, role: input.role };
  if (input.role !== "admin") {
    if (user.id === input.actor.id) throw new UserRuleError("You cannot remove your own admin role");
    if ((await countActiveAdmins(deps, user.id)) === 0)
      throw new UserRuleError("The last admin cannot be demoted; make another user admin first");
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
  input: { userId: string; active: boolean; actor: Actor },
): Promise<{ email: string; active: boolean }> {
  const user = await findUser(deps, input.userId);
  if (!user) throw new UserRuleError("That user no longer exists");
  if (toBoolean(user.banned) === !input.active) return { email: user.email, active: input.active };
  if (!input.active && user.id === input.actor.id) throw new UserRuleError("You cannot deactivate your own account");
  if (!input.active && user.role === "admin" && (await countActiveAdmins(deps, user.id)) === 0) {
    throw new UserRuleError("The last active admin cannot be deactivated");
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

export type AddUserInput = { email: string; password: string; invite: boolean };

/**
 * Creates an account for someone: with a password the admin chose, or with
 * an invitation e-mail that lets them choose their own.
 */
export async function addUser(
  deps: Pick<Runtime, "auth" | "database" | "env" | "log">,
  input: AddUserInput & { actor: Actor },
): Promise<{ email: string; invited: boolean; emailSent: boolean }> {
  if (input.invite) {
    const email = emailSchema.safeParse(input.email);
    if (!email.success) throw new UserRuleError(email.error.issues[0]?.message ?? "Enter a valid email address");
    const user = await inviteUser(deps, { email: email.data });
    await recordAudit(deps.database.db, {
      actor: input.actor,
      action: "user.invited",
      target: { type: "user", id: user.id, label: user.email },
      details: { role: "user" },
    });
    return { email: user.email, invited: true, emailSent: user.emailSent };
  }
  const parsed = newUserSchema.safeParse({ email: input.email, password: input.password });
  if (!parsed.success) throw new UserRuleError(parsed.error.issues.map((issue) => issue.message).join("; "));
  const user = await createUser(deps, parsed.data);
  await recordAudit(deps.database.db, {
    actor: input.actor,
    action: "user.created",
    target: { type: "user", id: user.id, label: user.email },
    details: { role: user.role },
  });
  return { email: user.email, invited: false, emailSent: false };
}
