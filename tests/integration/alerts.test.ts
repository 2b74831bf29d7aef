import { afterAll, beforeAll, describe, expect, it } from "vitest";

import {
  evaluateAllAlerts,
  evaluateDepotAlerts,
  listDepotAlerts,
  setAlertChoices,
} from "~/features/alerts/index.server";
import { registerChargePoint } from "~/features/chargers/index.server";
import type { Runtime } from "~/lib/runtime.server";

import { seedTeamCompany, type TeamDepot } from "../support/team-fixture";
import { createTestDatabase, ENGINES } from "../support/test-database";
import { openTestRuntime } from "../support/test-runtime";
import { viewerOf } from "../support/viewers";

const MINUTE = 60_000;

/** A depot's figures with only what an alert reads: a vehicle short by `shortKwh` (or none), and the chargers given. */
const snapshot = (shortKwh: number | null, chargers: { id: number; connected: boolean }[] = []) => ({
  loadKw: 0,
  limitKw: 30,
  chargers: chargers.map((c) => ({
    ...c,
    name: `Bay ${c.id}`,
    lastSeenAt: null,
    connectors: [],
    notManaged: null,
  })),
  readiness: {
    rows:
      shortKwh === null
        ? []
        : [
            {
              key: "tag:1",
              vehicle: "AB12 CDE",
              status: "short",
              charger: "Bay 1 · 1",
              departsAt: "2026-11-28T06:00:00.000Z",
              shortKwh,
              plugInBy: null,
              targetPct: 90,
            },
          ],
  },
});

/**
 * A depot's alerts (issue 49, item 6) on both engines: shown once they hold, e-mailed through the outbox to the
 * depot's managers (owners, fleet managers, its depot manager; not its viewer, nor another company), each by their
 * choice; one alert for a flapping charger; mailed again only when a shortfall worsens; one mail however many
 * processes look at once.
 */
describe.each(ENGINES)("depot alerts on %s", (engine) => {
  let runtime: Runtime;
  let team: Awaited<ReturnType<typeof seedTeamCompany>>;
  let north: TeamDepot;
  let south: TeamDepot;
  const t0 = Date.UTC(2026, 10, 27, 20, 0);

  const mails = async () =>
    runtime.database.db.selectFrom("outbox").select(["recipient", "subject", "text_body"]).orderBy("id").execute();
  const alertMails = async () =>
    (await mails()).filter((m) => / alert|: a |: the /.test(m.subject) || /What to do/.test(m.text_body));

  beforeAll(async () => {
    runtime = await openTestRuntime(await createTestDatabase(engine));
    team = await seedTeamCompany(runtime, `alerts-${engine}`);
    [north, south] = team.depots as [TeamDepot, TeamDepot];
    const owner = await viewerOf(runtime, { id: team.ids.owner!, email: team.people.owner.email });
    await registerChargePoint(runtime, owner, north.id, {
      identity: `AL-${engine}`,
      name: "Bay 1",
      connectors: 1,
      maxKw: 22,
      currentType: "AC",
    });
  });
  afterAll(async () => {
    await runtime?.database.destroy();
  });

  it("shows a charger offline only once it has been ten minutes, and mails the depot's managers once", async () => {
    const before = (await alertMails()).length;
    // A charger registered and never connected: offline, but not yet for ten minutes.
    await evaluateDepotAlerts(runtime, north.id, t0);
    expect(await listDepotAlerts(runtime, north.id, t0)).toEqual([]);
    await evaluateDepotAlerts(runtime, north.id, t0 + 11 * MINUTE);
    const [alert] = await listDepotAlerts(runtime, north.id, t0 + 11 * MINUTE);
    expect(alert).toMatchObject({ kind: "charger-offline", subject: "Bay 1", clearedAt: null, count: 1 });
    expect(alert!.advice).toMatch(/power and network/);
    await evaluateDepotAlerts(runtime, north.id, t0 + 12 * MINUTE);
    const sent = (await alertMails()).slice(before);
    expect(sent.map((m) => m.recipient).sort()).toEqual(
      [team.people.owner.email, team.people.fleetManager.email, team.people.depotManager.email].sort(),
    );
    expect(sent[0]!.subject).toBe(`${north.name}: a charger is offline`);
    expect(sent[0]!.text_body).toContain(`/electrify/operations/${north.id}`);
  });

  it("counts a charger's ten minutes from when it was last heard from, not from when the watch first looked", async () => {
    const depot = south.id;
    const lost = snapshot(null, [{ id: 7, connected: false }]);
    lost.chargers[0]!.lastSeenAt = new Date(t0 - 30 * MINUTE).toISOString() as never;
    await evaluateDepotAlerts(runtime, depot, t0, lost);
    expect((await listDepotAlerts(runtime, depot, t0)).map((a) => a.subject)).toEqual(["Bay 7"]);
    await evaluateDepotAlerts(runtime, depot, t0 + MINUTE, snapshot(null, [{ id: 7, connected: true }]));
  });

  it("keeps a flapping charger one alert with a count, and mails it once", async () => {
    const before = (await alertMails()).length;
    const depot = south.id;
    const offline = snapshot(null, [{ id: 9, connected: false }]);
    const online = snapshot(null, [{ id: 9, connected: true }]);
    await evaluateDepotAlerts(runtime, depot, t0, offline);
    await evaluateDepotAlerts(runtime, depot, t0 + 10 * MINUTE, offline);
    for (let i = 1; i <= 3; i++) {
      await evaluateDepotAlerts(runtime, depot, t0 + (10 + 2 * i) * MINUTE, online);
      await evaluateDepotAlerts(runtime, depot, t0 + (11 + 2 * i) * MINUTE, offline);
    }
    const alerts = (await listDepotAlerts(runtime, depot, t0 + 20 * MINUTE)).filter((a) => a.subject === "Bay 9");
    expect(alerts).toHaveLength(1);
    expect(alerts[0]).toMatchObject({ kind: "charger-offline", count: 4, clearedAt: null });
    // Owner and fleet manager (south has no depot manager): one mail each, not one per flap.
    expect((await alertMails()).length - before).toBe(2);
    // Back for good: cleared, and still listed for the day.
    await evaluateDepotAlerts(runtime, depot, t0 + 21 * MINUTE, online);
    const later = await listDepotAlerts(runtime, depot, t0 + 22 * MINUTE);
    expect(later.find((a) => a.subject === "Bay 9")!.clearedAt).not.toBeNull();
  });

  it("mails a shortfall as soon as it is predicted and again only when it worsens, each person by their choice", async () => {
    const fleet = await viewerOf(runtime, { id: team.ids.fleetManager!, email: team.people.fleetManager.email });
    await setAlertChoices(runtime, fleet, ["charger-offline"]);
    const before = (await alertMails()).length;
    const at = t0 + 60 * MINUTE;
    await evaluateDepotAlerts(runtime, north.id, at, snapshot(5));
    await evaluateDepotAlerts(runtime, north.id, at + MINUTE, snapshot(5.5));
    await evaluateDepotAlerts(runtime, north.id, at + 2 * MINUTE, snapshot(7));
    const sent = (await alertMails()).slice(before);
    // Owner and North's depot manager, twice (predicted; worse); the fleet manager chose not to hear of it.
    expect(sent.map((m) => m.recipient).sort()).toEqual(
      [
        team.people.owner.email,
        team.people.owner.email,
        team.people.depotManager.email,
        team.people.depotManager.email,
      ].sort(),
    );
    expect(sent.filter((m) => m.subject.endsWith("(worse)"))).toHaveLength(2);
    expect(sent.at(-1)!.text_body).toContain("AB12 CDE will leave 7 kWh short at 06:00");
    await evaluateDepotAlerts(runtime, north.id, at + 3 * MINUTE, snapshot(null));
    const short = (await listDepotAlerts(runtime, north.id, at + 3 * MINUTE)).find((a) => a.kind === "short");
    expect(short!.clearedAt).not.toBeNull();
  });

  it("sends one mail for an alert however many processes look at once", async () => {
    const before = (await alertMails()).length;
    const at = t0 + 120 * MINUTE;
    await Promise.all([1, 2, 3].map(() => evaluateDepotAlerts(runtime, south.id, at, snapshot(12))));
    const open = await runtime.database.db
      .selectFrom("depot_alerts")
      .select("id")
      .where("depot_id", "=", south.id)
      .where("kind", "=", "short")
      .where("cleared_at", "is", null)
      .execute();
    expect(open).toHaveLength(1);
    // South's owner and fleet manager (whose choice leaves out shortfalls): the owner alone, once.
    expect((await alertMails()).slice(before).map((m) => m.recipient)).toEqual([team.people.owner.email]);
  });

  it("looks at every depot in its round and lets the chargers' messages in between two depots", async () => {
    const owner = await viewerOf(runtime, { id: team.ids.owner!, email: team.people.owner.email });
    await registerChargePoint(runtime, owner, south.id, {
      identity: `AL-S-${engine}`,
      name: "Bay 1",
      connectors: 1,
      maxKw: 22,
      currentType: "AC",
    });
    // The loop's turns while the round runs: on SQLite (which answers synchronously) none came before, however many
    // depots, so every charger waited for the whole round.
    let turns = 0;
    let round = true;
    const count = () => {
      turns++;
      if (round) setImmediate(count);
    };
    setImmediate(count);
    const at = t0 + 240 * MINUTE;
    await evaluateAllAlerts(runtime, at);
    round = false;
    expect(turns).toBeGreaterThanOrEqual(2);
    // Both depots looked at: each has its offline charger's alert.
    for (const depot of [north, south]) {
      const offline = (await listDepotAlerts(runtime, depot.id, at)).filter((a) => a.kind === "charger-offline");
      expect(offline.length, depot.name).toBeGreaterThan(0);
    }
  });
});
