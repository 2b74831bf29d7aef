import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { defaultPlanInput } from "~/features/planning";
import { applicationSchema } from "~/features/portfolio";
import {
  moveGroup,
  openApplications,
  portfolioOf,
  readApplications,
  readQuoteFile,
  readRoadmapSettings,
  removeOrphanQuotes,
  roadmapFor,
  saveApplication,
  saveQuoteFile,
  saveSettings,
  sendApplyByReminders,
} from "~/features/portfolio/index.server";
import { createUser } from "~/features/users/index.server";
import type { SessionUser } from "~/lib/auth/session.server";
import type { Runtime } from "~/lib/runtime.server";
import { UserError } from "~/lib/user-error";

import { insertDepot, insertDepotPlanInputs } from "../support/depots";
import { createTestDatabase, type TestDatabase } from "../support/test-database";
import { openTestRuntime } from "../support/test-runtime";
import { viewerOf } from "../support/viewers";

const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (error: unknown) => {
      if (!(error instanceof UserError)) throw error;
      return { message: error.message, status: error.status, fields: error.fieldErrors ?? {} };
    },
  );

const form = (fields: Record<string, string>) => {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.set(name, value);
  return data;
};

const EMPTY_APPLICATION = {
  stage: "budget-requested",
  requestedKva: null,
  budgetRequestedOn: null,
  quoteReceivedOn: null,
  quotePounds: null,
  quoteKva: null,
  energisationOn: null,
  acceptedOn: null,
  worksOn: null,
  energisedOn: null,
  notes: null,
};

/** The settings form as the page sends it: the defaults, with `changes`. */
const settingsForm = (changes: Record<string, string>) =>
  form({
    endYear: "2035",
    upTo26t: "2035",
    over26t: "2040",
    reminderMonths: "3",
    "lead-nged": "24",
    "lead-ukpn": "24",
    "lead-other": "24",
    batteryPoundsPerKwh: "350",
    batteryPoundsPerKw: "150",
    ...changes,
  });

/** Twenty vans from 2027 over five years on a 60 kVA connection: it runs out in the roadmap. */
function tightPlan() {
  const inputs = defaultPlanInput({ vehicles: 20, chargers: [] });
  return { ...inputs, site: { ...inputs.site, connectionKva: 60 } };
}

describe("the roadmap on the server", () => {
  let database: TestDatabase;
  let runtime: Runtime;
  const owner: SessionUser = { id: "", email: "director@fleet.example", isAdmin: false };
  const stranger: SessionUser = { id: "", email: "other@fleet.example", isAdmin: false };
  const admin = { id: "", email: "ops@consultancy.example", isAdmin: true };
  let yard = 0;
  let spare = 0;
  const today = "2026-11-26";

  beforeAll(async () => {
    database = await createTestDatabase("sqlite");
    runtime = await openTestRuntime(database);
    Object.assign(
      owner,
      await viewerOf(runtime, await createUser(runtime, { email: owner.email, password: "owner-password" })),
    );
    Object.assign(
      stranger,
      await viewerOf(runtime, await createUser(runtime, { email: stranger.email, password: "other-password" })),
    );
    Object.assign(
      admin,
      await viewerOf(
        runtime,
        await createUser(runtime, { email: admin.email, password: "admin-password", role: "admin" }),
      ),
    );
    yard = await insertDepot(runtime, { user_id: owner.id, depot_name: "Tight Yard" });
    spare = await insertDepot(runtime, { user_id: owner.id, depot_name: "Spare Yard" });
    await insertDepotPlanInputs(runtime, yard, tightPlan());
    await insertDepotPlanInputs(runtime, spare, defaultPlanInput({ vehicles: 4, chargers: [] }));
  });
  afterAll(async () => {
    await runtime?.database.destroy();
  });

  it("plans each depot-year once, in any process after a restart, and a moved group plans only the fleets it makes new", async () => {
    const first = await roadmapFor(runtime, portfolioOf(owner), today);
    // Tight Yard: 4, 8, 12, 16, 20 vans; Spare Yard: 1, 2, 3, 4 (from 2027 over five years: 4 vans in years 1–4).
    expect(first.planned).toBe(9);
    expect((await roadmapFor(runtime, portfolioOf(owner), today)).planned).toBe(0);
    // Another runtime on the same database (a restart, another process) reads what was kept.
    const other = await openTestRuntime(database);
    try {
      expect((await roadmapFor(other, portfolioOf(owner), today)).planned).toBe(0);
    } finally {
      await other.database.destroy();
    }
    // The vans a year later over four years: 5, 10, 15, 20 — three fleets not seen before (20 was).
    await moveGroup(runtime, owner, form({ depotId: String(yard), groupId: "g1", firstYear: "2028", cycleYears: "4" }));
    const moved = await roadmapFor(runtime, portfolioOf(owner), today);
    expect(moved.planned).toBe(3);
    const depot = moved.roadmap.depots.find((d) => d.id === yard)!;
    expect(depot.years.find((y) => y.year === 2028)!.electric).toBe(5);
    expect(depot.flag.kind).toBe("apply-by");
  });

  it("refuses settings it cannot keep with the field's message, and changes nothing", async () => {
    const before = await readRoadmapSettings(runtime, owner.company!.id);
    const bad = await refusal(
      saveSettings(
        runtime,
        owner,
        settingsForm({ endYear: "2090", over26t: "2030", "lead-nged": "-1", batteryPoundsPerKw: "x" }),
      ),
    );
    expect(bad?.fields).toEqual({
      endYear: "Choose a year from 2025 to 2050",
      "lead-nged": "A lead time cannot be negative",
      batteryPoundsPerKw: "Give a price per kW",
    });
    expect(await readRoadmapSettings(runtime, owner.company!.id)).toEqual(before);
    // The heavier mark before the lighter one is refused on its own field.
    const marks = await refusal(
      saveSettings(runtime, owner, settingsForm({ endYear: "2040", over26t: "2030", "lead-nged": "30" })),
    );
    expect(marks?.fields).toEqual({ over26t: "The heavier vehicles' mark cannot come before the lighter ones'" });
    // Another company's depot, or a group its plan does not have, is not there to move.
    expect(
      (
        await refusal(
          moveGroup(
            runtime,
            stranger,
            form({ depotId: String(yard), groupId: "g1", firstYear: "2030", cycleYears: "5" }),
          ),
        )
      )?.status,
    ).toBe(404);
    expect(
      (
        await refusal(
          moveGroup(
            runtime,
            owner,
            form({ depotId: String(yard), groupId: "nope", firstYear: "2030", cycleYears: "5" }),
          ),
        )
      )?.status,
    ).toBe(404);
    expect(
      (
        await refusal(
          moveGroup(runtime, owner, form({ depotId: String(yard), groupId: "g1", firstYear: "2030", cycleYears: "0" })),
        )
      )?.fields,
    ).toEqual({ cycleYears: "A cycle is at least 1 year" });
    expect(
      (
        await refusal(
          moveGroup(
            runtime,
            owner,
            form({
              depotId: String(yard),
              groupId: "g1",
              firstYear: "2030",
              cycleYears: "5",
              pace: "targets",
              targets: "2028 25%, later",
            }),
          ),
        )
      )?.fields,
    ).toEqual({ targets: "Write each target as a year and a share, e.g. 2028 25%, 2030 60%, 2033 100%" });
    expect(await readRoadmapSettings(runtime, owner.company!.id)).toEqual(before);
  });

  it("moves a group to target shares by year, and back to its cycle", async () => {
    await moveGroup(
      runtime,
      owner,
      form({
        depotId: String(spare),
        groupId: "g1",
        firstYear: "2027",
        cycleYears: "5",
        pace: "targets",
        targets: "2027 50%, 2029 100%",
      }),
    );
    const depot = (await roadmapFor(runtime, portfolioOf(owner), today)).roadmap.depots.find((d) => d.id === spare)!;
    expect(depot.years.slice(0, 4).map((y) => y.electric)).toEqual([0, 2, 2, 4]);
    expect(depot.groups[0]).toMatchObject({ electricFrom: 2027, lastYear: 2029 });
    await moveGroup(
      runtime,
      owner,
      form({ depotId: String(spare), groupId: "g1", firstYear: "2027", cycleYears: "5", pace: "cycle" }),
    );
    const back = (await roadmapFor(runtime, portfolioOf(owner), today)).roadmap.depots.find((d) => d.id === spare)!;
    expect(back.years.slice(0, 4).map((y) => y.electric)).toEqual([0, 1, 2, 3]);
  });

  it("e-mails the haulier once before an apply-by date, and not once an application is made", async () => {
    // A year's notice: the apply-by date is within it.
    await saveSettings(runtime, owner, settingsForm({ reminderMonths: "24" }));
    const { roadmap } = await roadmapFor(runtime, portfolioOf(owner), today);
    const flag = roadmap.depots.find((d) => d.id === yard)!.flag;
    expect(flag.kind).toBe("apply-by");
    const mails = () =>
      runtime.database.db.selectFrom("outbox").select(["recipient", "subject", "text_body"]).execute();
    const before = (await mails()).length;
    expect(await sendApplyByReminders(runtime, today)).toBe(1);
    expect(await sendApplyByReminders(runtime, today)).toBe(0);
    const sent = (await mails()).slice(before);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.recipient).toBe(owner.email);
    expect(sent[0]!.subject).toMatch(/^Apply for Tight Yard's connection by \d{2} [A-Z][a-z]{2} \d{4}$/);
    expect(sent[0]!.text_body).toContain("/electrify/portfolio");
    // Once the budget estimate is asked for, there is nothing to remind of (even for a date not yet e-mailed).
    await runtime.database.db.deleteFrom("apply_by_reminders").execute();
    await saveApplication(
      runtime,
      owner,
      yard,
      applicationSchema.parse({ ...EMPTY_APPLICATION, budgetRequestedOn: "2026-11-25" }),
    );
    expect(await sendApplyByReminders(runtime, today)).toBe(0);
  });

  it("keeps the application by stage, for its haulier and the admins only, with its quote as a PDF; a late quote is at risk", async () => {
    const neededYear = (await roadmapFor(runtime, portfolioOf(owner), today)).roadmap.depots.find(
      (d) => d.id === yard,
    )!.flag;
    if (neededYear.kind === "enough") throw new Error("the yard should need an upgrade");
    const quote = {
      stage: "quote-received",
      requestedKva: 200,
      budgetRequestedOn: "2026-06-01",
      quoteReceivedOn: "2026-11-01",
      quotePounds: 84_000,
      quoteKva: 200,
      energisationOn: `${neededYear.neededYear + 1}-04-01`,
      acceptedOn: null,
      worksOn: null,
      energisedOn: null,
      notes: null,
    };
    const missing = applicationSchema.safeParse({ ...quote, energisationOn: null, quotePounds: null });
    expect(missing.success).toBe(false);
    const parsed = applicationSchema.parse(quote);
    expect((await refusal(saveApplication(runtime, stranger, yard, parsed)))?.status).toBe(404);
    await saveApplication(runtime, owner, yard, parsed);
    // An admin keeps it too.
    await saveApplication(runtime, admin, yard, { ...parsed, notes: "Chased the operator" });
    expect((await readApplications(runtime, portfolioOf(owner))).get(yard)).toMatchObject({
      stage: "quote-received",
      notes: "Chased the operator",
    });

    expect(
      (
        await refusal(
          saveQuoteFile(runtime, owner, yard, { name: "q.pdf", bytes: new TextEncoder().encode("not a pdf") }),
        )
      )?.message,
    ).toBe("The quote must be a PDF.");
    const pdf = (text: string) => new TextEncoder().encode(`%PDF-1.4\n% ${text}\n%%EOF\n`);
    await saveQuoteFile(runtime, owner, yard, { name: "quote one.pdf", bytes: pdf("one") });
    await saveQuoteFile(runtime, admin, yard, { name: "quote two.pdf", bytes: pdf("two") });
    // The first file is gone: only the latest is kept.
    expect(await runtime.storage.list("connection-quotes/")).toHaveLength(1);
    expect(await readQuoteFile(runtime, stranger, yard)).toBeNull();
    const file = await readQuoteFile(runtime, owner, yard);
    expect(file?.name).toBe("quote two.pdf");
    file?.stream.destroy();

    const audit = await runtime.database.db
      .selectFrom("audit_log")
      .select(["action", "actor_email"])
      .where("target_id", "=", String(yard))
      .execute();
    expect(audit.map((a) => a.action).sort()).toEqual([
      "connection.quote_added",
      "connection.quote_added",
      "connection.updated",
      "connection.updated",
      "connection.updated",
    ]);

    // Energised a year and three months after it is needed: at risk, for the admins.
    const open = await openApplications(runtime);
    expect(open).toEqual([
      expect.objectContaining({
        depotId: yard,
        depot: "Tight Yard",
        neededYear: neededYear.neededYear,
        monthsLate: 15,
      }),
    ]);
    const { roadmap } = await roadmapFor(runtime, portfolioOf(owner), today);
    expect(roadmap.depots.find((d) => d.id === yard)!.flag).toMatchObject({ kind: "quoted-late", monthsLate: 15 });

    // A depot deleted takes its application with it; its quote's file goes at the next start.
    expect((await removeOrphanQuotes(runtime)).removed).toEqual([]);
    await runtime.database.db.deleteFrom("depots").where("id", "=", yard).execute();
    expect((await removeOrphanQuotes(runtime)).removed).toHaveLength(1);
    expect(await runtime.storage.list("connection-quotes/")).toEqual([]);
  });
});
