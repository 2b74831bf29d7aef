import { DateTime } from "luxon";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { registerChargePoint } from "~/features/chargers/index.server";
import { TARIFF_PRESETS } from "~/features/charging-engine";
import { deliveryPounds } from "~/features/flexibility";
import { listFlex, MEASURE_AFTER_MS, measureDeliveries, receiveFlex } from "~/features/flexibility/index.server";
import { defaultPlanInput } from "~/features/planning";
import { createUser } from "~/features/users/index.server";
import type { SessionUser } from "~/lib/auth/session.server";
import type { Runtime } from "~/lib/runtime.server";
import { UK_ZONE } from "~/lib/uk-dates";

import { insertDepot, insertDepotPlanInputs } from "../support/depots";
import { insertSteadySession } from "../support/metered-session";
import { createTestDatabase, ENGINES } from "../support/test-database";
import { openTestRuntime } from "../support/test-runtime";
import { viewerOf } from "../support/viewers";

const HOUR = 3_600_000;
const iso = (ms: number) => new Date(ms).toISOString();
const uk = (ms: number) => DateTime.fromMillis(ms, { zone: UK_ZONE });

/** The next weekday's 17:00 on the UK clock at least two hours from now. */
function nextWeekdayAt17() {
  let day = DateTime.now().setZone(UK_ZONE).set({ hour: 17, minute: 0, second: 0, millisecond: 0 });
  while (day.toMillis() < Date.now() + 2 * HOUR || day.weekday > 5) day = day.plus({ days: 1 });
  return day.toMillis();
}

/**
 * A flexibility request paid on a historical baseline (decision 079): the middle four of the depot's last ten working
 * days in the same window, read from the chargers' meters, a day the depot was held to another request left out; and
 * one on a depot with no metered history, measured against the nominated baseline with the reason said.
 */
describe.each(ENGINES)("a flexibility request paid on a historical baseline, on %s", (engine) => {
  let runtime: Runtime;
  let owner: SessionUser;
  const from = nextWeekdayAt17();
  const until = from + 2 * HOUR;
  // The eleven working days before the request's, latest first, each at 17:00 on the UK clock.
  const workingDays: number[] = [];
  for (let day = uk(from).minus({ days: 1 }); workingDays.length < 11; day = day.minus({ days: 1 }))
    if (day.weekday <= 5) workingDays.push(day.toMillis());

  /** A van on the depot's one charger drawing `kw` from an hour before the window to an hour after, read every quarter hour. */
  async function drew(depotId: number, pointId: number, windowFrom: number, kw: number, ref: string) {
    await insertSteadySession(runtime, { depotId, pointId, ref, start: windowFrom - HOUR, hours: 4, kw });
  }

  async function depotWithCharger(name: string) {
    const depotId = await insertDepot(runtime, { user_id: owner.id, depot_name: name });
    await insertDepotPlanInputs(runtime, depotId, {
      ...defaultPlanInput({ vehicles: 10, chargers: [] }),
      tariff: TARIFF_PRESETS.flat,
    });
    const point = await registerChargePoint(runtime, owner, depotId, {
      identity: `${name.replace(/\W/g, "").toUpperCase()}-1`,
      name: "Bay 1",
      connectors: 1,
      maxKw: 22,
      currentType: "AC",
    });
    return { depotId, pointId: point.id };
  }

  beforeAll(async () => {
    runtime = await openTestRuntime(await createTestDatabase(engine));
    owner = await viewerOf(
      runtime,
      await createUser(runtime, { email: "hist@fleet.example", password: "hist-password" }),
    );
  });
  afterAll(() => runtime?.database.destroy());

  it("is measured against the middle four of the last ten like days, a day held to another request left out", async () => {
    const { depotId, pointId } = await depotWithCharger("History Yard");
    // kW drawn through the window on each working day back; the third day back was held to another request.
    const kw = [5, 50, 10, 12, 14, 16, 18, 60, 1, 3, 100];
    for (const [n, day] of workingDays.entries()) await drew(depotId, pointId, day, kw[n]!, `day-${n}`);
    await runtime.database.db
      .insertInto("flex_requests")
      .values({
        depot_id: depotId,
        source: "hand",
        ref: null,
        name: "Held before",
        starts_at: iso(workingDays[2]!),
        ends_at: iso(workingDays[2]! + HOUR),
        asked_kw: null,
        price_pounds_per_mwh: null,
        status: "offered",
        created_by: "hist@fleet.example",
        created_at: iso(workingDays[2]! - 24 * HOUR),
      })
      .execute();
    const view = await receiveFlex(
      runtime,
      depotId,
      { name: "Evening", from, until, askedKw: null, poundsPerMwh: 300, baseline: "historical" },
      { viewer: owner },
    );
    expect(view.baseline).toBe("historical");
    await drew(depotId, pointId, from, 4, "the-day");
    expect(await measureDeliveries(runtime, until + MEASURE_AFTER_MS)).toContainEqual({ id: view.id, depotId });
    const measured = (await listFlex(runtime, depotId)).find((v) => v.id === view.id)!;
    const d = measured.delivery!;
    // Ten like days: 5, 50, 12, 14, 16, 18, 60, 1, 3 and 100 kW (10 kW was held). Ranked, the middle four are 12, 14,
    // 16 and 18 kW: 15 kW, 30 kWh over the two hours, 3.75 kWh each quarter hour. The chargers drew 4 kW: 8 kWh.
    expect(d.basis).toBe("historical");
    expect(d.note).toBeNull();
    expect(d.likeDays).toEqual([3, 4, 5, 6].map((n) => uk(workingDays[n]!).toISODate()).sort());
    expect(d.segments.map((s) => s.baselineKwh)).toEqual(new Array(8).fill(3.75));
    expect(d.baselineKwh).toBeCloseTo(30, 9);
    expect(d.usedKwh).toBeCloseTo(8, 9);
    expect(d.deliveredKwh).toBeCloseTo(22, 9);
    // Paid on what was delivered up to what was offered, at £300 per MWh.
    expect(deliveryPounds(measured)).toBe(Math.round(Math.min(22, measured.answer!.offeredKwh) * 30) / 100);
  });

  it("falls back to the nominated baseline where the meters have no history, and says why", async () => {
    const { depotId, pointId } = await depotWithCharger("New Yard");
    const view = await receiveFlex(
      runtime,
      depotId,
      { name: "Evening", from, until, askedKw: null, poundsPerMwh: 300, baseline: "historical" },
      { viewer: owner },
    );
    await drew(depotId, pointId, from, 4, "the-day");
    await measureDeliveries(runtime, until + MEASURE_AFTER_MS);
    const measured = (await listFlex(runtime, depotId)).find((v) => v.id === view.id)!;
    const d = measured.delivery!;
    expect(d.basis).toBe("nominated");
    expect(d.note).toMatch(/^Not enough metered history for a historical baseline: the chargers' readings begin on /);
    expect(d.note).toMatch(/Measured against the nominated baseline\.$/);
    const nominated = measured.answer!.segments.reduce((sum, s) => sum + s.baselineKw / 4, 0);
    expect(d.baselineKwh).toBeCloseTo(nominated, 9);
  });
});
