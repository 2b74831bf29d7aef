import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { reviewDepot } from "~/features/admin/index.server";
import {
  acceptInvitation,
  acceptWithNewAccount,
  changeRole,
  companyRecipients,
  inviteMember,
  leaveCompany,
  listActivity,
  readInvitation,
  removeMember,
  revokeInvitation,
  setNotify,
  transferOwnership,
} from "~/features/team/index.server";
import { createUser } from "~/features/users/index.server";
import type { SessionUser } from "~/lib/auth/session.server";
import type { Runtime } from "~/lib/runtime.server";

import { seedTeamCompany, type TeamDepot } from "../support/team-fixture";
import { createTestDatabase, ENGINES } from "../support/test-database";
import { openTestRuntime } from "../support/test-runtime";
import { viewerOf } from "../support/viewers";

const refusal = async (work: Promise<unknown>) => {
  try {
    await work;
  } catch (error) {
    return error as { status: number; message: string };
  }
  throw new Error("expected a refusal");
};

describe.each(ENGINES)("a company's team on %s", (engine) => {
  let runtime: Runtime;
  let team: Awaited<ReturnType<typeof seedTeamCompany>>;
  let owner: SessionUser;
  let fleet: SessionUser;
  let manager: SessionUser;
  let north: TeamDepot;

  const member = (who: keyof typeof team.people) =>
    viewerOf(runtime, { id: team.ids[who]!, email: team.people[who].email });
  /** The token of the newest invitation mail to `email`, as the outbox holds it. */
  const linkTo = async (email: string) => {
    const mail = await runtime.database.db
      .selectFrom("outbox")
      .select("text_body")
      .where("recipient", "=", email)
      .orderBy("id", "desc")
      .executeTakeFirstOrThrow();
    return /\/invitations\/([\w-]+)/.exec(mail.text_body)![1]!;
  };

  beforeAll(async () => {
    runtime = await openTestRuntime(await createTestDatabase(engine));
    team = await seedTeamCompany(runtime, `teams-${engine}`);
    [owner, fleet, manager] = [await member("owner"), await member("fleetManager"), await member("depotManager")];
    north = team.depots[0]!;
  });
  afterAll(async () => {
    await runtime?.database.destroy();
  });

  it("invites by e-mail with a link that works once, only for the invited address, and not after it expires or is replaced", async () => {
    const outsider = await member("outsider");
    await inviteMember(runtime, owner, { email: "new.one@fleet.example", role: "depot_manager", depotIds: [north.id] });
    const token = await linkTo("new.one@fleet.example");
    expect(await readInvitation(runtime, token)).toMatchObject({
      state: "open",
      role: "depot_manager",
      accountExists: false,
    });
    // Someone else signed in: refused, nothing granted.
    expect(await refusal(acceptInvitation(runtime, token, outsider))).toMatchObject({ status: 403 });
    expect((await viewerOf(runtime, { id: team.ids.outsider!, email: outsider.email })).company!.id).not.toBe(
      team.companyId,
    );
    // Twice at once with a new account: one account joins, the other attempt is refused and leaves no account.
    const tries = await Promise.allSettled([
      acceptWithNewAccount(runtime, token, { name: "New One", password: "new-one-password" }),
      acceptWithNewAccount(runtime, token, { name: "New One", password: "new-one-password" }),
    ]);
    expect(tries.filter((t) => t.status === "fulfilled")).toHaveLength(1);
    const joined = await viewerOf(
      runtime,
      await runtime.database.db
        .selectFrom("user")
        .select(["id", "email"])
        .where("email", "=", "new.one@fleet.example")
        .executeTakeFirstOrThrow(),
    );
    expect(joined.company).toMatchObject({ id: team.companyId, role: "depot_manager" });
    expect(await readInvitation(runtime, token)).toEqual({ state: "used" });
    expect(await refusal(acceptInvitation(runtime, token, joined))).toMatchObject({ status: 410 });

    // Expired, and replaced by a newer invitation: both say so and grant nothing.
    await inviteMember(runtime, owner, { email: "late@fleet.example", role: "viewer", depotIds: [] });
    const first = await linkTo("late@fleet.example");
    await inviteMember(runtime, owner, { email: "late@fleet.example", role: "viewer", depotIds: [] });
    const second = await linkTo("late@fleet.example");
    expect(await readInvitation(runtime, first)).toEqual({ state: "revoked" });
    await runtime.database.db
      .updateTable("company_invitations")
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where("email", "=", "late@fleet.example")
      .execute();
    expect(await readInvitation(runtime, second)).toEqual({ state: "expired" });
    expect(
      await refusal(acceptWithNewAccount(runtime, second, { name: "Late", password: "late-password" })),
    ).toMatchObject({ status: 410 });
    expect(
      await runtime.database.db.selectFrom("user").select("id").where("email", "=", "late@fleet.example").execute(),
    ).toEqual([]);
    expect(await readInvitation(runtime, "no-such-token-anywhere-at-all")).toEqual({ state: "unknown" });

    // Withdrawn by an owner (not by anyone else): the link grants nothing.
    await inviteMember(runtime, owner, { email: "withdrawn@fleet.example", role: "viewer", depotIds: [] });
    const withdrawn = await linkTo("withdrawn@fleet.example");
    const { id } = await runtime.database.db
      .selectFrom("company_invitations")
      .select("id")
      .where("email", "=", "withdrawn@fleet.example")
      .executeTakeFirstOrThrow();
    expect(await refusal(revokeInvitation(runtime, fleet, id))).toMatchObject({ status: 403 });
    expect(await revokeInvitation(runtime, owner, id)).toBe("withdrawn@fleet.example");
    expect(await readInvitation(runtime, withdrawn)).toEqual({ state: "revoked" });
  });

  it("lets only owners change the team; a manager cannot raise their own role; a company always keeps an owner", async () => {
    // A fleet manager and a depot manager cannot change roles, their own included.
    expect(
      await refusal(changeRole(runtime, fleet, { memberId: fleet.company!.memberId, role: "owner", depotIds: [] })),
    ).toMatchObject({ status: 403 });
    expect(
      await refusal(
        changeRole(runtime, manager, { memberId: manager.company!.memberId, role: "fleet_manager", depotIds: [] }),
      ),
    ).toMatchObject({ status: 403 });
    expect(
      await refusal(inviteMember(runtime, fleet, { email: "x@fleet.example", role: "owner", depotIds: [] })),
    ).toMatchObject({ status: 403 });
    expect((await member("depotManager")).company!.role).toBe("depot_manager");
    // The last owner can neither leave nor step down.
    expect(await refusal(leaveCompany(runtime, owner))).toMatchObject({ status: 409 });
    expect(
      await refusal(changeRole(runtime, owner, { memberId: owner.company!.memberId, role: "viewer", depotIds: [] })),
    ).toMatchObject({ status: 409 });
    // A depot manager needs one of the company's depots.
    expect(
      await refusal(
        changeRole(runtime, owner, { memberId: fleet.company!.memberId, role: "depot_manager", depotIds: [] }),
      ),
    ).toMatchObject({ status: 400 });
    expect(
      await refusal(
        changeRole(runtime, owner, {
          memberId: fleet.company!.memberId,
          role: "depot_manager",
          depotIds: [team.outsiderDepot.id],
        }),
      ),
    ).toMatchObject({ status: 400 });
    expect((await member("fleetManager")).company!.role).toBe("fleet_manager");

    // Handing over: the fleet manager becomes an owner, the owner a fleet manager; then the old owner may leave.
    await transferOwnership(runtime, owner, fleet.company!.memberId);
    expect((await member("fleetManager")).company!.role).toBe("owner");
    expect((await member("owner")).company!.role).toBe("fleet_manager");
    const newOwner = await member("fleetManager");
    await transferOwnership(runtime, newOwner, (await member("owner")).company!.memberId);
    expect((await member("owner")).company!.role).toBe("owner");
  });

  it("sends a company's mails to those who act on them, each able to turn them off, and keeps the team's activity", async () => {
    const emails = await companyRecipients(runtime.database.db, team.companyId, north.id);
    expect(emails.sort()).toEqual(
      [
        team.people.owner.email,
        team.people.fleetManager.email,
        team.people.depotManager.email,
        "new.one@fleet.example",
      ].sort(),
    );
    expect(await companyRecipients(runtime.database.db, team.companyId, team.depots[1]!.id)).not.toContain(
      team.people.depotManager.email,
    );
    await setNotify(runtime, fleet, false);
    expect(await companyRecipients(runtime.database.db, team.companyId, north.id)).not.toContain(
      team.people.fleetManager.email,
    );
    // A review's status change reaches them through the outbox.
    const before = await runtime.database.db.selectFrom("outbox").select("recipient").execute();
    await reviewDepot(
      { ...runtime, env: { ...runtime.env, NOTIFY_ON_STATUS_CHANGE: true } },
      {
        depotId: north.id,
        status: "reviewing",
        actor: { id: team.ids.admin!, email: team.people.admin.email, isAdmin: true },
      },
    );
    const sent = (await runtime.database.db.selectFrom("outbox").select("recipient").execute())
      .slice(before.length)
      .map((r) => r.recipient);
    expect(sent.sort()).toEqual(
      [team.people.owner.email, team.people.depotManager.email, "new.one@fleet.example"].sort(),
    );
    const log = await listActivity(runtime.database.db, team.companyId);
    expect(log.map((l) => l.action)).toEqual(
      expect.arrayContaining(["Invited new.one@fleet.example as depot manager", "Joined the team as depot manager"]),
    );
  });

  it("removes a member at once, keeping everything of the company", async () => {
    const depots = await runtime.database.db
      .selectFrom("depots")
      .select("id")
      .where("company_id", "=", team.companyId)
      .execute();
    const email = await removeMember(runtime, owner, manager.company!.memberId);
    expect(email).toBe(team.people.depotManager.email);
    const removed = await member("depotManager");
    expect(removed.company).toBeUndefined();
    expect(
      await runtime.database.db.selectFrom("depots").select("id").where("company_id", "=", team.companyId).execute(),
    ).toEqual(depots);
    // Deleting a person who added depots is refused by the database itself; their company's depots stay.
    await expect(runtime.database.db.deleteFrom("user").where("id", "=", team.ids.owner!).execute()).rejects.toThrow(
      /cannot be deleted/,
    );
    expect(
      await runtime.database.db.selectFrom("depots").select("id").where("company_id", "=", team.companyId).execute(),
    ).toEqual(depots);
    // A person with nothing left still has an account and can be invited again.
    const again = await createUser(runtime, { email: "spare@fleet.example", password: "spare-password" });
    expect((await viewerOf(runtime, again)).company).toBeDefined();
  });
});
