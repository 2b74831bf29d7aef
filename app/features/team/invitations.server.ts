import { createHash, randomBytes } from "node:crypto";

import { requireRole, type DepotViewer } from "~/features/depots/index.server";
import { createUser, discardNewAccount } from "~/features/users/index.server";
import { isCompanyRole, ROLE_LABELS, type CompanyRole } from "~/lib/company-roles";
import { deliverMail, enqueueMail } from "~/lib/mail/outbox.server";
import type { Runtime } from "~/lib/runtime.server";
import { UserError } from "~/lib/user-error";

import { recordActivity } from "./activity.server";
import { actorOf, checkedDepots } from "./members.server";
import { INVITATION_REFUSALS } from "./team-schemas";

/** How long a team invitation's link works (as long as the account invitation's). */
export const TEAM_INVITATION_DAYS = 7;

const digest = (token: string) => createHash("sha256").update(token).digest("hex");

type Deps = Pick<Runtime, "database" | "env" | "log">;

/**
 * Invites a person by e-mail to the viewer's company with a role (and a depot manager's depots). Owners only. The
 * link works once, for a week; a new invitation to the same address replaces the one before.
 */
export async function inviteMember(
  deps: Deps,
  viewer: DepotViewer,
  input: { email: string; role: CompanyRole; depotIds: number[] },
): Promise<{ emailSent: boolean }> {
  const company = requireRole(viewer, "team.manage");
  const db = deps.database.db;
  const token = randomBytes(24).toString("base64url");
  const mailId = await db.transaction().execute(async (trx) => {
    const already = await trx
      .selectFrom("company_members")
      .innerJoin("user", "user.id", "company_members.user_id")
      .select("company_members.id")
      .where("company_members.company_id", "=", company.id)
      .where("user.email", "=", input.email)
      .executeTakeFirst();
    if (already)
      throw new UserError(`${input.email} is already in the team.`, { fieldErrors: { email: "Already in the team" } });
    const depots = input.role === "depot_manager" ? await checkedDepots(trx, company.id, input.depotIds) : [];
    const now = new Date();
    await trx
      .updateTable("company_invitations")
      .set({ revoked_at: now.toISOString() })
      .where("company_id", "=", company.id)
      .where("email", "=", input.email)
      .where("accepted_at", "is", null)
      .where("revoked_at", "is", null)
      .execute();
    await trx
      .insertInto("company_invitations")
      .values({
        company_id: company.id,
        email: input.email,
        role: input.role,
        depot_ids: JSON.stringify(depots),
        token_hash: digest(token),
        invited_by: viewer.id,
        expires_at: new Date(now.getTime() + TEAM_INVITATION_DAYS * 86_400_000).toISOString(),
      })
      .execute();
    await recordActivity(trx, {
      companyId: company.id,
      actor: actorOf(viewer),
      action: `Invited ${input.email} as ${ROLE_LABELS[input.role].toLowerCase()}`,
    });
    return enqueueMail(trx, {
      to: input.email,
      subject: `Join ${company.name} on Electrify`,
      text: [
        `${viewer.email} has invited you to join ${company.name} on Electrify as ${ROLE_LABELS[input.role].toLowerCase()}.`,
        "",
        `Accept here (the link works once, for ${TEAM_INVITATION_DAYS} days):`,
        `${deps.env.APP_URL}/invitations/${token}`,
        "",
        "If you already have an Electrify account, sign in with this e-mail address to accept; if not, you can create one from the link.",
        "",
        "Electrify",
      ].join("\n"),
    });
  });
  return { emailSent: await deliverMail(deps, mailId) };
}

/** Withdraws an invitation not yet accepted: its link then grants nothing. Owners only. */
export async function revokeInvitation(deps: Pick<Runtime, "database">, viewer: DepotViewer, invitationId: number) {
  const company = requireRole(viewer, "team.manage");
  const row = Number.isSafeInteger(invitationId)
    ? await deps.database.db
        .updateTable("company_invitations")
        .set({ revoked_at: new Date().toISOString() })
        .where("id", "=", invitationId)
        .where("company_id", "=", company.id)
        .where("accepted_at", "is", null)
        .where("revoked_at", "is", null)
        .returning("email")
        .executeTakeFirst()
    : undefined;
  if (!row) throw new UserError("That invitation is no longer waiting.", { status: 404 });
  await recordActivity(deps.database.db, {
    companyId: company.id,
    actor: actorOf(viewer),
    action: `Withdrew the invitation to ${row.email}`,
  });
  return row.email;
}

export type InvitationView =
  | { state: "unknown" | "used" | "expired" | "revoked" }
  | { state: "open"; company: string; role: CompanyRole; email: string; accountExists: boolean };

/** What a link says before anything is granted: whether it still works, and for whom. */
export async function readInvitation(deps: Pick<Runtime, "database">, token: string): Promise<InvitationView> {
  const db = deps.database.db;
  if (!/^[\w-]{20,64}$/.test(token)) return { state: "unknown" };
  const row = await db
    .selectFrom("company_invitations")
    .innerJoin("companies", "companies.id", "company_invitations.company_id")
    .select([
      "company_invitations.email",
      "company_invitations.role",
      "company_invitations.expires_at",
      "company_invitations.accepted_at",
      "company_invitations.revoked_at",
      "companies.company_name",
    ])
    .where("token_hash", "=", digest(token))
    .executeTakeFirst();
  if (!row || !isCompanyRole(row.role)) return { state: "unknown" };
  if (row.accepted_at) return { state: "used" };
  if (row.revoked_at) return { state: "revoked" };
  if (new Date(row.expires_at).getTime() <= Date.now()) return { state: "expired" };
  const account = await db.selectFrom("user").select("id").where("email", "=", row.email).executeTakeFirst();
  return {
    state: "open",
    company: row.company_name,
    role: row.role,
    email: row.email,
    accountExists: Boolean(account),
  };
}

/**
 * Joins the invited person (signed in as the invited address) to the company. The link is claimed in the same
 * transaction that adds the membership, so a link used twice, at once or later, grants once.
 */
export async function acceptInvitation(
  deps: Pick<Runtime, "database">,
  token: string,
  user: { id: string; email: string },
): Promise<{ companyId: number; company: string }> {
  const view = await readInvitation(deps, token);
  if (view.state !== "open") throw new UserError(INVITATION_REFUSALS[view.state], { status: 410 });
  if (view.email !== user.email.toLowerCase())
    throw new UserError(
      `This invitation is for ${view.email}. Sign out and open the link again to accept it as them.`,
      {
        status: 403,
      },
    );
  return deps.database.db.transaction().execute(async (trx) => {
    const claimed = await trx
      .updateTable("company_invitations")
      .set({ accepted_at: new Date().toISOString(), accepted_by: user.id })
      .where("token_hash", "=", digest(token))
      .where("accepted_at", "is", null)
      .where("revoked_at", "is", null)
      .returning(["company_id", "role", "depot_ids"])
      .executeTakeFirst();
    if (!claimed) throw new UserError(INVITATION_REFUSALS.used, { status: 410 });
    const already = await trx
      .selectFrom("company_members")
      .select("id")
      .where("company_id", "=", claimed.company_id)
      .where("user_id", "=", user.id)
      .executeTakeFirst();
    if (already) throw new UserError(`You are already in ${view.company}'s team.`, { status: 409 });
    const member = await trx
      .insertInto("company_members")
      .values({ company_id: claimed.company_id, user_id: user.id, role: claimed.role })
      .returning("id")
      .executeTakeFirstOrThrow();
    // Only depots still the company's: one removed since the invitation is not granted.
    const named = (JSON.parse(claimed.depot_ids) as number[]).filter(Number.isSafeInteger);
    const depots = named.length
      ? await trx
          .selectFrom("depots")
          .select("id")
          .where("company_id", "=", claimed.company_id)
          .where("id", "in", named)
          .execute()
      : [];
    if (depots.length)
      await trx
        .insertInto("member_depots")
        .values(depots.map((d) => ({ member_id: member.id, depot_id: d.id })))
        .execute();
    await recordActivity(trx, {
      companyId: claimed.company_id,
      actor: { id: user.id, email: user.email },
      action: `Joined the team as ${ROLE_LABELS[claimed.role as CompanyRole].toLowerCase()}`,
    });
    return { companyId: claimed.company_id, company: view.company };
  });
}

/**
 * Accepts with a new account for the invited address (one that has none): the company creates the account, as
 * the consultancy would, so sign-up stays closed to everyone without a link. If the link fails to be claimed, the
 * new account is removed again.
 */
export async function acceptWithNewAccount(
  deps: Pick<Runtime, "database" | "auth">,
  token: string,
  input: { name: string; password: string },
): Promise<{ email: string; company: string; companyId: number; userId: string }> {
  const view = await readInvitation(deps, token);
  if (view.state !== "open") throw new UserError(INVITATION_REFUSALS[view.state], { status: 410 });
  if (view.accountExists)
    throw new UserError(`${view.email} already has an account: sign in to accept.`, { status: 409 });
  const user = await createUser(
    deps,
    { email: view.email, password: input.password, name: input.name },
    { ownCompany: false },
  );
  try {
    const joined = await acceptInvitation(deps, token, user);
    return { email: user.email, userId: user.id, ...joined };
  } catch (error) {
    await discardNewAccount(deps, user.id);
    throw error;
  }
}
