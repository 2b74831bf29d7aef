import { DateTime } from "luxon";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { registerChargePoint } from "~/features/chargers/index.server";
import { planCharging, TARIFF_PRESETS } from "~/features/charging-engine";
import { linkView, networkState, pollVtn, saveLink } from "~/features/connections/index.server";
import { deliveryPounds } from "~/features/flexibility";
import {
  cancelFlex,
  listFlex,
  MEASURE_AFTER_MS,
  measureDeliveries,
  receiveFlex,
  takeVtnFlex,
} from "~/features/flexibility/index.server";
import { siteLimitKw } from "~/features/live-control";
import { depotSite } from "~/features/live-control/index.server";
import { defaultPlanInput } from "~/features/planning";
import { createUser } from "~/features/users/index.server";
import type { SessionUser } from "~/lib/auth/session.server";
import type { Runtime } from "~/lib/runtime.server";
import { UK_ZONE } from "~/lib/uk-dates";

import { insertDepot, insertDepotPlanInputs } from "../support/depots";
import { insertSteadySession } from "../support/metered-session";
import { startTestVtn } from "../support/openadr-vtn";
import { createTestDatabase } from "../support/test-database";
import { openTestRuntime } from "../support/test-runtime";
import { viewerOf } from "../support/viewers";

const HOUR = 3_600_000;
const iso = (ms: number) => new Date(ms).toISOString();
/** The next weekday's 17:00 on the UK clock at least two hours from now (the vans are back at 17:00 on weekdays). */
function nextWeekdayAt17() {
  let day = DateTime.now().setZone(UK_ZONE).set({ hour: 17, minute: 0, second: 0, millisecond: 0 });
  while (day.toMillis() < Date.now() + 2 * HOUR || day.weekday > 5) day = day.plus({ days: 1 });
  return day.toMillis();
}

/**
 * Flexibility requests (issue 60, item 4): ten vans back at 17:00 on a flat tariff charge as soon as they are back,
 * so the evening's draw can all be moved into the night; the same fleet on red/amber/green bands already keeps out
 * of the red evening and has nothing to spare then. Answered, held on the site, cancelled, measured from the chargers' meters,
 * and over OpenADR 3.0.1 against a VTN built from the specification (its reports checked against the report schema).
 */
describe("flexibility requests", () => {
  let runtime: Runtime;
  let owner: SessionUser;
  let stranger: SessionUser;
  let depotId = 0;
  let nightDepotId = 0;
  const from = nextWeekdayAt17();
  const until = from + 2 * HOUR;
  const request = (o: Partial<Parameters<typeof receiveFlex>[2]> = {}) => ({
    name: "Evening peak",
    from,
    until,
    askedKw: null,
    poundsPerMwh: 300,
    ...o,
  });

  beforeAll(async () => {
    runtime = await openTestRuntime(await createTestDatabase("sqlite"));
    owner = await viewerOf(
      runtime,
      await createUser(runtime, { email: "flex@fleet.example", password: "flex-password" }),
    );
    stranger = await viewerOf(
      runtime,
      await createUser(runtime, { email: "other@fleet.example", password: "other-password" }),
    );
    depotId = await insertDepot(runtime, { user_id: owner.id, depot_name: "Flex Yard" });
    nightDepotId = await insertDepot(runtime, { user_id: owner.id, depot_name: "Night Yard" });
    const plan = defaultPlanInput({ vehicles: 10, chargers: [] });
    // 10 × 22 kW and the building's 20 kW at power factor 0.95: a 260 kVA connection.
    await insertDepotPlanInputs(runtime, depotId, { ...plan, tariff: TARIFF_PRESETS.flat });
    await insertDepotPlanInputs(runtime, nightDepotId, { ...plan, tariff: TARIFF_PRESETS["red-amber-green"] });
  });
  afterAll(() => runtime?.database.destroy());

  it("refuses a request in the past, too far ahead, too long or above the connection, keeping nothing", async () => {
    const refusals = [
      [request({ from: Date.now() - HOUR, until: Date.now() + HOUR }), "It starts in the past"],
      [
        request({ from: Date.now() + 8 * 24 * HOUR, until: Date.now() + 8 * 24 * HOUR + HOUR }),
        "more than 7 days ahead",
      ],
      [request({ until: from + 13 * HOUR }), "at most 12 hours"],
      [request({ until: from + 5 * 60_000 }), "at least 15 minutes"],
      [request({ askedKw: 500 }), "more than the connection's 247 kW"],
    ] as const;
    for (const [asked, message] of refusals)
      await expect(receiveFlex(runtime, depotId, asked, { viewer: owner })).rejects.toThrow(message);
    // Someone else's depot is not found, whatever the request.
    await expect(receiveFlex(runtime, depotId, request(), { viewer: stranger })).rejects.toMatchObject({ status: 404 });
    expect(await listFlex(runtime, depotId)).toEqual([]);
  });

  it("moves the evening's whole draw: the site held to its building's load over the window, and released on cancel", async () => {
    const view = await receiveFlex(runtime, depotId, request(), { viewer: owner });
    expect(view.status).toBe("offered");
    // The baseline is the plan's cost-optimal draw in the window's quarter hours of that weekday (the week starts
    // on Monday), all of it moved into the night.
    const plan = planCharging({ ...defaultPlanInput({ vehicles: 10, chargers: [] }), tariff: TARIFF_PRESETS.flat }, [
      "cost-optimal",
    ]).strategies[0]!;
    const first = (DateTime.fromMillis(from, { zone: UK_ZONE }).weekday - 1) * 96 + 17 * 4;
    const baseline = plan.chargingKw.slice(first, first + 8);
    expect(Math.min(...baseline)).toBeGreaterThan(0);
    expect(view.answer!.segments.map((s) => s.baselineKw)).toEqual(baseline);
    expect(view.answer!.offeredKw).toBeCloseTo(baseline.reduce((a, b) => a + b, 0) / 8, 6);
    // The building's 20 kW at power factor 0.95 is 21.05 kVA: held to 22 kVA, never below the building.
    expect(view.answer!.capKva).toBe(22);
    const state = await networkState(runtime, depotId, Date.now());
    expect(state.instructions.map((i) => [i.source, i.from, i.until, i.limitKva])).toEqual([["flex", from, until, 22]]);
    const site = await depotSite(runtime, depotId);
    expect(siteLimitKw(site, from + HOUR)).toBeCloseTo(22 * 0.95 - 20, 9);
    expect(siteLimitKw(site, until + HOUR)).toBeCloseTo(260 * 0.95 - 20, 9);

    await expect(cancelFlex(runtime, depotId, view.id, { viewer: stranger })).rejects.toMatchObject({ status: 404 });
    await cancelFlex(runtime, depotId, view.id, { viewer: owner });
    expect((await networkState(runtime, depotId, Date.now())).instructions).toEqual([]);
    expect((await listFlex(runtime, depotId))[0]).toMatchObject({
      status: "cancelled",
      note: "Cancelled by flex@fleet.example.",
    });
  });

  it("offers what was asked when that is less, and nothing where the plan already keeps out of the window", async () => {
    const asked = await receiveFlex(runtime, depotId, request({ askedKw: 20 }), { viewer: owner });
    expect(asked.answer!.offeredKw).toBeCloseTo(20, 9);
    expect(asked.answer!.mostKw).toBeGreaterThan(40);
    // Held no lower than moving 20 kW takes: above the building's 22 kVA.
    expect(asked.answer!.capKva).toBeGreaterThan(22);
    await cancelFlex(runtime, depotId, asked.id, { viewer: owner });
    const night = await receiveFlex(runtime, nightDepotId, request(), { viewer: owner });
    expect(night).toMatchObject({ status: "declined", answer: { capKva: null, offeredKwh: 0 } });
    expect(night.note).toMatch(/^Nothing to spare from 17:00 to 19:00: the plan already draws nothing then\.$/);
    expect((await networkState(runtime, nightDepotId, Date.now())).instructions).toEqual([]);
  });

  it("measures the delivery from the chargers' meters against the baseline once the window has passed", async () => {
    const view = await receiveFlex(runtime, depotId, request(), { viewer: owner });
    const point = await registerChargePoint(runtime, owner, depotId, {
      identity: "FLEX-1",
      name: "Bay 1",
      connectors: 1,
      maxKw: 22,
      currentType: "AC",
    });
    // One van drew 11 kW through the window (read every quarter of an hour), 22 kWh where the plan had more.
    await insertSteadySession(runtime, {
      depotId,
      pointId: point.id,
      ref: "flex-1",
      start: from - HOUR,
      hours: 4,
      kw: 11,
    });
    expect(await measureDeliveries(runtime, until + MEASURE_AFTER_MS - 1)).toEqual([]);
    expect(await measureDeliveries(runtime, until + MEASURE_AFTER_MS)).toEqual([{ id: view.id, depotId }]);
    const measured = (await listFlex(runtime, depotId)).find((v) => v.id === view.id)!;
    const baselineKwh = measured.answer!.segments.reduce((sum, s) => sum + s.baselineKw / 4, 0);
    expect(measured.delivery!.baselineKwh).toBeCloseTo(baselineKwh, 9);
    expect(measured.delivery!.usedKwh).toBeCloseTo(22, 9);
    expect(measured.delivery!.deliveredKwh).toBeCloseTo(baselineKwh - 22, 9);
    expect(measured.delivery!.estimated).toBe(false);
    expect(measured.delivery!.segments.map((s) => s.usedKwh)).toEqual(new Array(8).fill(2.75));
    // Paid on what was delivered, up to what was offered (all of the baseline here), at £300 per MWh.
    expect(deliveryPounds(measured)).toBe(Math.round((baselineKwh - 22) * 30) / 100);
    // Measured once.
    expect(await measureDeliveries(runtime, until + 2 * MEASURE_AFTER_MS)).toEqual([]);
  });

  it("takes a request from the VTN, reports its offer and its delivery, and withdraws one the VTN drops", async () => {
    const vtn = await startTestVtn("vtn-token");
    try {
      vtn.state.programs = [{ id: "p-1", objectType: "PROGRAM", programName: "FLEX" }];
      const flexEvent = (id: string, kw: number, start: number) => ({
        id,
        objectType: "EVENT",
        programID: "p-1",
        eventName: `Turn-down ${id}`,
        intervalPeriod: { start: iso(start), duration: "PT1H" },
        intervals: [0, 1].map((n) => ({
          id: n,
          payloads: [
            { type: "DISPATCH_SETPOINT_RELATIVE", values: [-kw] },
            { type: "PRICE", values: [0.25] },
          ],
        })),
      });
      vtn.state.events = [flexEvent("f-1", 30, from), flexEvent("f-2", 30, from + 24 * HOUR)];
      await saveLink(runtime, owner, depotId, { vtnUrl: vtn.url, token: "vtn-token", programName: "FLEX" });
      const taken = await takeVtnFlex(runtime, depotId, (await pollVtn(runtime, depotId, 0.95))!);
      expect(taken).toEqual({ answered: ["f-1", "f-2"], skipped: [] });
      expect(vtn.state.refusedReports).toEqual([]);
      const offer = vtn.state.reports[0] as {
        eventID: string;
        clientName: string;
        reportName: string;
        resources: { intervals: { payloads: { type: string; values: number[] }[] }[] }[];
      };
      expect([offer.eventID, offer.clientName, offer.reportName]).toEqual([
        "f-1",
        `electrify-depot-${depotId}`,
        "Offer: Turn-down f-1",
      ]);
      // Each quarter hour of the window: the baseline, and the 30 kW shed (the plan draws more than that there).
      expect(offer.resources[0]!.intervals).toHaveLength(8);
      for (const interval of offer.resources[0]!.intervals)
        expect(interval.payloads.map((p) => p.type)).toEqual(["BASELINE", "LOAD_SHED_DELTA_AVAILABLE"]);
      expect(offer.resources[0]!.intervals.map((i) => i.payloads[1]!.values[0])).toEqual(new Array(8).fill(30));
      const f1 = (await listFlex(runtime, depotId)).find((v) => v.name === "Turn-down f-1")!;
      // £0.25 per kWh is £250 per MWh.
      expect(f1).toMatchObject({ source: "openadr", status: "offered", askedKw: 30, poundsPerMwh: 250 });
      expect(f1.answer!.offeredKw).toBeCloseTo(30, 9);

      // Polled again: nothing is answered twice; f-2, dropped by the VTN before its window, is withdrawn.
      vtn.state.events = [flexEvent("f-1", 30, from)];
      expect((await takeVtnFlex(runtime, depotId, (await pollVtn(runtime, depotId, 0.95))!)).answered).toEqual([]);
      const f2 = (await listFlex(runtime, depotId)).find((v) => v.name === "Turn-down f-2")!;
      expect(f2.status === "cancelled" || f2.status === "declined").toBe(true);
      if (f2.status === "cancelled") expect(f2.note).toBe("Withdrawn by the network.");

      // Once measured, the delivery is reported on its event at the next poll, once.
      expect(await measureDeliveries(runtime, until + MEASURE_AFTER_MS)).toContainEqual({ id: f1.id, depotId });
      const before = vtn.state.reports.length;
      await takeVtnFlex(runtime, depotId, (await pollVtn(runtime, depotId, 0.95))!);
      await takeVtnFlex(runtime, depotId, (await pollVtn(runtime, depotId, 0.95))!);
      const delivery = vtn.state.reports.slice(before) as (typeof offer)[];
      expect(delivery.map((r) => [r.eventID, r.reportName])).toEqual([["f-1", "Delivery: Turn-down f-1"]]);
      expect(delivery[0]!.resources[0]!.intervals[0]!.payloads.map((p) => [p.type, p.values[0]])).toEqual([
        ["USAGE", 2.75],
        ["BASELINE", expect.any(Number)],
        ["DELTA_USAGE", expect.any(Number)],
      ]);
      expect(vtn.state.refusedReports).toEqual([]);

      // A VTN that floods: ten new requests are answered four a poll, the rest said to wait.
      vtn.state.events = Array.from({ length: 10 }, (_, k) =>
        flexEvent(`g-${k}`, 10, from + 24 * HOUR + k * 15 * 60_000),
      );
      await saveLink(runtime, owner, nightDepotId, { vtnUrl: vtn.url, token: "vtn-token", programName: "FLEX" });
      const flood = await takeVtnFlex(runtime, nightDepotId, (await pollVtn(runtime, nightDepotId, 0.95))!);
      expect(flood.answered).toEqual(["g-0", "g-1", "g-2", "g-3"]);
      expect(flood.skipped).toContain("Turn-down g-4: answered at a later poll (4 at a time)");
      // Said on the link, as the network page shows it.
      expect((await linkView(runtime, nightDepotId))?.lastError).toContain(
        "Turn-down g-4: answered at a later poll (4 at a time)",
      );
      const next = await takeVtnFlex(runtime, nightDepotId, (await pollVtn(runtime, nightDepotId, 0.95))!);
      expect(next.answered).toEqual(["g-4", "g-5", "g-6", "g-7"]);
    } finally {
      await vtn.stop();
    }
  });
});
