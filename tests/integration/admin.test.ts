import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { submissionParamsSchema, type SubmissionParams } from "~/features/admin";
import {
  exportSubmissionsCsv,
  getSubmissionDetail,
  listRecentAudit,
  listSubmissions,
  listUsersPage,
  reviewDepot,
} from "~/features/admin/index.server";
import { saveDepotList } from "~/features/depots/index.server";
import { addUser, changeUserRole, createUser, saveProfile, setUserActive } from "~/features/users/index.server";
import { CLI_ACTOR } from "~/lib/audit.server";
import type { Runtime } from "~/lib/runtime.server";

import { insertDepot } from "../support/depots";
import { createTestDatabase, ENGINES } from "../support/test-database";
import { openTestRuntime } from "../support/test-runtime";
import { viewerOf } from "../support/viewers";

const params = (overrides: Partial<SubmissionParams> = {}): SubmissionParams => ({
  ...submissionParamsSchema.parse({}),
  ...overrides,
});

describe.each(ENGINES)("admin console rules on %s", (engine) => {
  let runtime: Runtime;
  let admin: { id: string; email: string; isAdmin: boolean };
  let hauliers: { id: string; email: string }[];
  const depotIds: Record<string, number> = {};

  async function addDepot(
    name: string,
    fields: { owner?: number; status?: string; address?: string; email?: string; minutesAgo?: number } = {},
  ) {
    const owner = hauliers[fields.owner ?? 0]!;
    const id = await insertDepot(runtime, {
      user_id: owner.id,
      contact_name: "Casey Contact",
      contact_email: fields.email ?? owner.email,
      depot_name: name,
      depot_address: fields.address ?? `${name} Road`,
      number_of_vehicles: 5,
      status: fields.status ?? "pending",
      created_at: new Date(Date.now() - (fields.minutesAgo ?? 0) * 60_000).toISOString(),
    });
    depotIds[name] = id;
    return id;
  }

  beforeAll(async () => {
    runtime = await openTestRuntime(await createTestDatabase(engine), { SMTP_URL: "smtp://127.0.0.1:9" });
    const boss = await createUser(runtime, {
      email: "boss@consultancy.example",
      password: "boss-password",
      role: "admin",
    });
    admin = { id: boss.id, email: boss.email, isAdmin: true };
    hauliers = [
      await createUser(runtime, { email: "fleet@alpha.example", password: "alpha-password" }),
      await createUser(runtime, { email: "ops@beta.example", password: "beta-password" }),
    ];
    // 30 depots, one a minute apart (the last added is the newest).
    for (let i = 30; i >= 1; i--)
      await addDepot(`Bulk Depot ${String(i).padStart(2, "0")}`, {
        minutesAgo: 100 + i,
        status: ["pending", "reviewing", "approved"][i % 3],
      });
    await addDepot("Avonmouth Cold Store", {
      address: "Kings Weston Lane, Avonmouth",
      email: "Yard.Manager@Gamma.example",
      owner: 1,
      minutesAgo: 5,
    });
    await addDepot("Percent 100% Yard", { address: "1 Under_Score Street", minutesAgo: 4, status: "" });
    await addDepot("Rejected Depot", { status: "rejected", minutesAgo: 3 });
  });
  afterAll(async () => {
    await runtime?.database.destroy();
  });

  it("lists every user's submissions newest first, 25 a page, with the total", async () => {
    const first = await listSubmissions(runtime, params());
    expect(first.total).toBe(33);
    expect(first.pageCount).toBe(2);
    expect(first.rows).toHaveLength(25);
    expect(first.rows.slice(0, 3).map((r) => r.name)).toEqual([
      "Rejected Depot",
      "Percent 100% Yard",
      "Avonmouth Cold Store",
    ]);
    const second = await listSubmissions(runtime, params({ page: 2 }));
    expect(second.rows).toHaveLength(8);
    expect(second.rows.at(-1)!.name).toBe("Bulk Depot 30");
    expect(new Set([...first.rows, ...second.rows].map((r) => r.id)).size).toBe(33);
    // A page past the end shows the last page rather than nothing.
    expect((await listSubmissions(runtime, params({ page: 99 }))).page).toBe(2);
  });

  it("lists users with their name and organisation, and tells Company Setup depots from site surveys", async () => {
    const owner = hauliers[1]!;
    await saveProfile(runtime, owner.id, { name: "Sam Beta", organization: "Beta Freight", phone: null });
    expect((await listUsersPage(runtime, { uq: "ops@beta", upage: 1 })).rows[0]).toMatchObject({
      email: owner.email,
      name: "Sam Beta",
      organization: "Beta Freight",
    });
    // An account without a profile row still lists, with neither.
    expect((await listUsersPage(runtime, { uq: "boss@", upage: 1 })).rows[0]).toMatchObject({
      name: null,
      organization: null,
    });
    await saveDepotList(runtime, await viewerOf(runtime, owner), [
      { name: "Setup Line Depot", address: "9 Setup Street", notes: null },
    ]);
    const find = async (q: string) => (await listSubmissions(runtime, params({ q }))).rows[0];
    expect(await find("Setup Line Depot")).toMatchObject({ origin: "company-setup", photos: 0 });
    expect(await find("Bulk Depot 01")).toMatchObject({ name: "Bulk Depot 01", origin: "survey" });
    // (Gone again, so the counts the other tests read stay theirs.)
    await runtime.database.db.deleteFrom("depots").where("depot_name", "=", "Setup Line Depot").execute();
  });

  it("shows the submitter's name, organisation and phone where the survey only kept an e-mail", async () => {
    const owner = hauliers[0]!;
    await saveProfile(runtime, owner.id, {
      name: "Robin Fleet",
      organization: "Alpha Haulage",
      phone: "0117 496 0123",
    });
    const id = await insertDepot(runtime, {
      user_id: owner.id,
      // A survey fills the contact's name with the e-mail.
      contact_name: owner.email,
      contact_email: owner.email,
      depot_name: "Profile Yard",
      depot_address: "3 Profile Road",
    });
    const detail = (await getSubmissionDetail(runtime, id))!;
    expect(detail.contact).toEqual({
      name: "Robin Fleet",
      email: owner.email,
      phone: "0117 496 0123",
      organization: "Alpha Haulage",
    });
    // The other tests count this console's depots.
    await runtime.database.db.deleteFrom("depots").where("id", "=", id).execute();
  });

  it("searches name, address and contact e-mail, ignoring letter case, with % and _ taken literally", async () => {
    const names = async (q: string) => (await listSubmissions(runtime, params({ q }))).rows.map((r) => r.name);
    expect(await names("avonmouth cold")).toEqual(["Avonmouth Cold Store"]);
    expect(await names("KINGS WESTON")).toEqual(["Avonmouth Cold Store"]);
    expect(await names("yard.manager@gamma")).toEqual(["Avonmouth Cold Store"]);
    expect(await names("100%")).toEqual(["Percent 100% Yard"]);
    expect(await names("under_score")).toEqual(["Percent 100% Yard"]);
    expect(await names("%")).toEqual(["Percent 100% Yard"]);
    expect(await names("_")).toEqual(["Percent 100% Yard"]);
    expect(await names("nothing like this")).toEqual([]);
    // A searched page past the end shows the last page; a search with no match is one empty page.
    const past = await listSubmissions(runtime, params({ q: "BULK depot", page: 9 }));
    expect(past).toMatchObject({ total: 30, page: 2, pageCount: 2 });
    expect(past.rows.map((r) => r.name)).toEqual([
      "Bulk Depot 26",
      "Bulk Depot 27",
      "Bulk Depot 28",
      "Bulk Depot 29",
      "Bulk Depot 30",
    ]);
    expect(await listSubmissions(runtime, params({ q: "nothing like this", page: 3 }))).toMatchObject({
      rows: [],
      total: 0,
      page: 1,
      pageCount: 1,
    });
  });

  it("filters by status, counting an empty status as pending, and sorts by name or status", async () => {
    const rejected = await listSubmissions(runtime, params({ status: "rejected" }));
    expect(rejected.rows.map((r) => r.name)).toEqual(["Rejected Depot"]);
    const pending = await listSubmissions(runtime, params({ status: "pending" }));
    expect(pending.rows.map((r) => r.name)).toContain("Percent 100% Yard");
    expect(pending.rows.find((r) => r.name === "Percent 100% Yard")!.status).toBe("pending");
    expect(pending.rows.every((r) => r.status === "pending")).toBe(true);
    expect(pending.total).toBe(10 + 1 + 1);
    const byName = await listSubmissions(runtime, params({ sort: "name", dir: "asc" }));
    expect(byName.rows[0]!.name).toBe("Avonmouth Cold Store");
    const byNameDesc = await listSubmissions(runtime, params({ sort: "name", dir: "desc" }));
    expect(byNameDesc.rows[0]!.name).toBe("Rejected Depot");
  });

  it("exports the filtered rows of every page as CSV, quoted, and safe to open in a spreadsheet", async () => {
    const all = await exportSubmissionsCsv(runtime, params());
    expect(all.count).toBe(33);
    const approved = await exportSubmissionsCsv(runtime, params({ status: "approved" }));
    const lines = approved.csv
      .replace(/^\uFEFF/, "")
      .trim()
      .split("\r\n");
    expect(lines[0]).toMatch(/^id,depot_name,depot_address,status,submitted_at,/);
    expect(lines).toHaveLength(1 + 10);
    expect(lines.slice(1).every((line) => line.includes(",approved,"))).toBe(true);

    await addDepot('=HYPERLINK("http://evil.example")', { address: 'Comma, "Quoted" Road', minutesAgo: 1 });
    const hostile = await exportSubmissionsCsv(runtime, params({ q: "hyperlink" }));
    expect(hostile.csv).toContain(`"'=HYPERLINK(""http://evil.example"")","Comma, ""Quoted"" Road"`);
  });

  it("changes a status with its history, audit record and an e-mail to the submitter, all together", async () => {
    const id = depotIds["Avonmouth Cold Store"]!;
    const result = await reviewDepot(runtime, {
      depotId: id,
      status: "approved",
      notes: "Site visit booked for Tuesday",
      actor: admin,
    });
    expect(result).toMatchObject({ outcome: "updated", statusChanged: true, notesChanged: true, status: "approved" });
    // SMTP is unreachable in this test: the message waits in the outbox for a retry.
    expect(result.outcome === "updated" && result.notified).toBe("queued");

    const detail = (await getSubmissionDetail(runtime, id))!;
    expect(detail.status).toBe("approved");
    expect(detail.adminNotes).toBe("Site visit booked for Tuesday");
    expect(detail.history).toEqual([
      expect.objectContaining({
        from: "pending",
        to: "approved",
        note: "Site visit booked for Tuesday",
        actorEmail: admin.email,
      }),
    ]);

    const mail = await runtime.database.db
      .selectFrom("outbox")
      .selectAll()
      .where("subject", "like", "%Avonmouth Cold Store%")
      .execute();
    // The account that submitted it, not the contact address typed into the survey.
    expect(mail.map((m) => [m.recipient, m.subject])).toEqual([
      ["ops@beta.example", 'Your depot survey "Avonmouth Cold Store" is now Approved'],
    ]);
    expect(mail[0]!.text_body).toContain(`/depots/${id}`);
    expect(mail[0]!.text_body).not.toContain("Site visit booked");

    const audit = await listRecentAudit(runtime, 5);
    expect(
      audit
        .slice(0, 2)
        .map((a) => a.action)
        .sort(),
    ).toEqual(["depot.notes_updated", "depot.status_changed"]);
    expect(audit.find((a) => a.action === "depot.status_changed")!.summary).toBe(
      "changed Avonmouth Cold Store from Pending to Approved",
    );
  });

  it("keeps notes-only changes in the history, does nothing when nothing changed, and answers not-found", async () => {
    const id = depotIds["Avonmouth Cold Store"]!;
    const outboxBefore = (await runtime.database.db.selectFrom("outbox").select("id").execute()).length;
    expect(
      await reviewDepot(runtime, {
        depotId: id,
        status: "approved",
        notes: "Site visit booked for Tuesday",
        actor: admin,
      }),
    ).toEqual({ outcome: "unchanged" });
    const notesOnly = await reviewDepot(runtime, {
      depotId: id,
      status: "approved",
      notes: "Visit moved to Wednesday",
      actor: admin,
    });
    expect(notesOnly).toMatchObject({
      outcome: "updated",
      statusChanged: false,
      notesChanged: true,
      notified: "no-change",
    });
    const detail = (await getSubmissionDetail(runtime, id))!;
    expect(detail.history[0]).toMatchObject({ from: "approved", to: "approved", note: "Visit moved to Wednesday" });
    expect(detail.history).toHaveLength(2);
    expect((await runtime.database.db.selectFrom("outbox").select("id").execute()).length).toBe(outboxBefore);
    expect(await reviewDepot(runtime, { depotId: 987654, status: "approved", actor: admin })).toEqual({
      outcome: "not-found",
    });
    expect(await reviewDepot(runtime, { depotId: Number("abc"), status: "approved", actor: admin })).toEqual({
      outcome: "not-found",
    });
  });

  it("loses nothing when a step fails midway: the status, history and outbox stay as they were", async () => {
    const id = depotIds["Rejected Depot"]!;
    const outboxBefore = (await runtime.database.db.selectFrom("outbox").select("id").execute()).length;
    // The history insert fails (its actor e-mail is required) after the depot row was updated.
    const broken = { id: admin.id, email: null as unknown as string, isAdmin: true };
    await expect(
      reviewDepot(runtime, { depotId: id, status: "approved", notes: "should not stick", actor: broken }),
    ).rejects.toThrow();
    const detail = (await getSubmissionDetail(runtime, id))!;
    expect(detail).toMatchObject({ status: "rejected", adminNotes: "", history: [] });
    expect((await runtime.database.db.selectFrom("outbox").select("id").execute()).length).toBe(outboxBefore);
  });

  it("does not e-mail the submitter when NOTIFY_ON_STATUS_CHANGE=false", async () => {
    const quiet = await openTestRuntime(
      { engine, dataDir: runtime.env.DATA_DIR, databaseUrl: runtime.env.DATABASE_URL },
      { NOTIFY_ON_STATUS_CHANGE: "false", SMTP_URL: "smtp://127.0.0.1:9" },
    );
    try {
      const before = (await quiet.database.db.selectFrom("outbox").select("id").execute()).length;
      const result = await reviewDepot(quiet, {
        depotId: depotIds["Bulk Depot 01"]!,
        status: "rejected",
        actor: admin,
      });
      expect(result).toMatchObject({ outcome: "updated", statusChanged: true, notified: "off" });
      expect((await quiet.database.db.selectFrom("outbox").select("id").execute()).length).toBe(before);
    } finally {
      await quiet.database.destroy();
    }
  });

  it("grants and removes the admin role, but never an admin's own nor the last admin's", async () => {
    const target = hauliers[0]!;
    await changeUserRole(runtime, { userId: target.id, role: "admin", actor: admin });
    expect((await listUsersPage(runtime, { uq: "fleet@alpha", upage: 1 })).rows[0]).toMatchObject({
      email: target.email,
      isAdmin: true,
    });
    await changeUserRole(runtime, { userId: target.id, role: "user", actor: admin });
    expect((await listUsersPage(runtime, { uq: "fleet@alpha", upage: 1 })).rows[0]!.isAdmin).toBe(false);

    await expect(changeUserRole(runtime, { userId: admin.id!, role: "user", actor: admin })).rejects.toThrow(
      "You cannot remove your own admin role",
    );
    // From the command line (no acting admin), the only admin still cannot be demoted.
    await expect(changeUserRole(runtime, { userId: admin.id!, role: "user", actor: CLI_ACTOR })).rejects.toThrow(
      "The last admin cannot be demoted",
    );
    await expect(changeUserRole(runtime, { userId: "no-such-user", role: "admin", actor: admin })).rejects.toThrow(
      "That user no longer exists",
    );
    expect((await listUsersPage(runtime, { uq: "boss@", upage: 1 })).rows[0]!.isAdmin).toBe(true);

    const audit = await listRecentAudit(runtime, 2);
    expect(audit.map((a) => a.summary)).toEqual([
      `removed the admin role from ${target.email}`,
      `made ${target.email} an admin`,
    ]);
  });

  it("deactivates an account: its sessions end and it cannot sign in until reactivated", async () => {
    const target = hauliers[1]!;
    const signedIn = await runtime.auth.api.signInEmail({
      body: { email: target.email, password: "beta-password" },
      returnHeaders: true,
    });
    const cookie = signedIn.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");
    expect(await runtime.auth.api.getSession({ headers: new Headers({ cookie }) })).not.toBeNull();

    await expect(setUserActive(runtime, { userId: admin.id!, active: false, actor: admin })).rejects.toThrow(
      "You cannot deactivate your own account",
    );
    await setUserActive(runtime, { userId: target.id, active: false, actor: admin });
    expect(await runtime.auth.api.getSession({ headers: new Headers({ cookie }) })).toBeNull();
    await expect(
      runtime.auth.api.signInEmail({ body: { email: target.email, password: "beta-password" } }),
    ).rejects.toThrow();
    expect((await listUsersPage(runtime, { uq: target.email, upage: 1 })).rows[0]!.active).toBe(false);

    await setUserActive(runtime, { userId: target.id, active: true, actor: admin });
    const again = await runtime.auth.api.signInEmail({ body: { email: target.email, password: "beta-password" } });
    expect(again.user.email).toBe(target.email);
    expect((await listRecentAudit(runtime, 2)).map((a) => a.action)).toEqual(["user.reactivated", "user.deactivated"]);
  });

  it("adds users with a password or an invitation, and explains a refusal", async () => {
    const created = await addUser(runtime, {
      email: "New.Driver@Delta.example",
      password: "delta-password",
      invite: false,
      actor: admin,
    });
    expect(created).toMatchObject({
      email: "new.driver@delta.example",
      role: "user",
      invited: false,
      emailSent: false,
    });
    await expect(
      addUser(runtime, {
        email: "new.driver@delta.example",
        password: "another-password",
        invite: false,
        actor: admin,
      }),
    ).rejects.toThrow("A user with the email new.driver@delta.example already exists");
    await expect(
      addUser(runtime, { email: "short@delta.example", password: "123", invite: false, actor: admin }),
    ).rejects.toThrow("Password must be at least");
    await expect(addUser(runtime, { email: "not-an-email", password: "", invite: true, actor: admin })).rejects.toThrow(
      "Enter a valid email address",
    );

    const invited = await addUser(runtime, {
      email: "invitee@delta.example",
      password: "",
      invite: true,
      actor: admin,
    });
    expect(invited).toMatchObject({ email: "invitee@delta.example", invited: true });
    const invitation = await runtime.database.db
      .selectFrom("outbox")
      .selectAll()
      .where("recipient", "=", "invitee@delta.example")
      .executeTakeFirstOrThrow();
    expect(invitation.text_body).toMatch(/\/reset-password\?token=/);
    expect((await listRecentAudit(runtime, 2)).map((a) => a.summary)).toEqual([
      "invited user invitee@delta.example",
      "created user new.driver@delta.example",
    ]);
  });

  it("searches and pages users by e-mail on the server", async () => {
    for (let i = 0; i < 26; i++)
      await createUser(runtime, {
        email: `paged-${String(i).padStart(2, "0")}@fleet.example`,
        password: "paged-password",
      });
    const first = await listUsersPage(runtime, { uq: "PAGED-", upage: 1 });
    expect(first).toMatchObject({ total: 26, pageCount: 2 });
    expect(first.rows).toHaveLength(25);
    expect((await listUsersPage(runtime, { uq: "paged-", upage: 2 })).rows).toHaveLength(1);
    expect((await listUsersPage(runtime, { uq: "nobody-here", upage: 1 })).rows).toEqual([]);
  });
});
