import fc from "fast-check";
import { describe, expect, it } from "vitest";

import { defaultPlanInput } from "~/features/planning";

import { PLUG_IN_MARGIN_MS, readinessBoard, unnamedVehicles, type BoardSession } from "./readiness";
import type { VehicleTag } from "./vehicle-duty";
import { socNow, toldDueBack, type StoredState } from "./vehicle-state";

const HOUR = 3_600_000;
const plan = defaultPlanInput({ vehicles: 4, chargers: [] });
const van = plan.vehicleTypes.find((t) => t.id === plan.vehicles[0]!.typeId)!;
const target = plan.vehicles[0]!.targetSocPct;
const tags: VehicleTag[] = [
  { id: 1, tag: "T1", vehicle: "AB12 CDE", groupId: "g1" },
  { id: 2, tag: "T2", vehicle: "XY34 FGH", groupId: "g1" },
];
// Wednesday 25 November 2026, 21:30 UK time (GMT): the vans are back, and leave at 07:00.
const now = Date.UTC(2026, 10, 25, 21, 30);
const departs = Date.UTC(2026, 10, 26, 7, 0);

const state = (over: Partial<StoredState>): StoredState => ({
  socPct: null,
  socReadAt: null,
  socSource: null,
  socSessionId: null,
  socFromWh: null,
  departsAt: null,
  arrivesAt: null,
  targetSocPct: null,
  neededKwh: null,
  neededSessionId: null,
  neededFromWh: null,
  planSource: null,
  ...over,
});
const session = (over: Partial<BoardSession>): BoardSession => ({
  id: 10,
  tag: "T1",
  charger: "North 1",
  connectorId: 1,
  charging: true,
  startWh: 0,
  lastWh: 0,
  socPct: null,
  socAt: now,
  shortKwh: null,
  shortReason: null,
  powerKw: 11,
  told: { by: null, departsAt: null, neededWh: null, fromWh: null },
  ...over,
});
const board = (states: Map<number, StoredState>, sessions: BoardSession[] = [], fastestKw = 22) =>
  readinessBoard({ now, plan, tags, states, sessions, visits: [], fastestKw });

describe("the readiness board", () => {
  it("shows a hub's booked visitor on charge with its booking's departure and need, as the controller plans it", () => {
    // HUB-9 is another company's van, booked to leave at 23:00 with 40 kWh; 10 kWh given so far.
    const visit = {
      id: 5,
      tag: "HUB-9",
      arrivesAt: now - HOUR,
      holdsUntil: now,
      departsAt: now + 1.5 * HOUR,
      neededKwh: 40,
      maxKw: 22,
      tier: 0,
    };
    const rows = readinessBoard({
      now,
      plan,
      tags,
      states: new Map(),
      sessions: [session({ id: 11, tag: "HUB-9", lastWh: 10_000, shortKwh: null })],
      visits: [visit],
      fastestKw: 22,
    });
    const row = rows.find((r) => r.vehicle === "HUB-9")!;
    expect(row).toMatchObject({ departsAt: visit.departsAt, departsFrom: "booking", targetPct: null, status: "ready" });
  });

  it("reads a vehicle on charge from the controller's decision: short when it expects a shortfall", () => {
    const states = new Map([[1, state({ socPct: 30, socReadAt: now - HOUR, socSource: "fleet" })]]);
    const rows = board(states, [session({ shortKwh: 6, lastWh: 3000 })]);
    const row = rows.find((r) => r.vehicle === "AB12 CDE")!;
    expect(row.status).toBe("short");
    // 30 % read before it plugged in, plus the 3 kWh it has had since.
    expect(row.soc!.pct).toBeCloseTo(30 + (3 / van.batteryKwh) * 100, 9);
    // It leaves with its target less the shortfall.
    expect(row.leavesWithPct).toBeCloseTo(target - (6 / van.batteryKwh) * 100, 9);
    expect(row.departsAt).toBe(departs);
    // The short one comes first.
    expect(rows[0]!.vehicle).toBe("AB12 CDE");
  });

  it("marks a vehicle on a charger that cannot charge at risk", () => {
    const row = board(new Map(), [session({ charging: false, socPct: 40 })]).find((r) => r.vehicle === "AB12 CDE")!;
    expect(row.status).toBe("at risk");
    // Unless it is moved, it leaves with what it has.
    expect(row.leavesWithPct).toBe(40);
  });

  it("takes a departure told over the plan's, and one more than a day ahead off the board", () => {
    const later = now + 3 * HOUR;
    const told = new Map([[2, state({ departsAt: later, planSource: "hand" })]]);
    const row = board(told).find((r) => r.vehicle === "XY34 FGH")!;
    expect(row).toMatchObject({ departsAt: later, departsFrom: "hand" });
    const away = new Map([[2, state({ departsAt: now + 30 * HOUR, planSource: "fleet" })]]);
    expect(board(away).some((r) => r.vehicle === "XY34 FGH")).toBe(false);
  });

  it("counts a van on the plan's trip from when it is back, unless it was told to leave before then", () => {
    const midday = Date.UTC(2026, 10, 25, 12, 0);
    const at = (departsAt: number) =>
      readinessBoard({
        now: midday,
        plan,
        tags,
        states: new Map([[1, state({ socPct: 50, socReadAt: midday, departsAt, planSource: "fleet" })]]),
        sessions: [],
        visits: [],
        fastestKw: 22,
      }).find((r) => r.vehicle === "AB12 CDE")!;
    // Leaves tomorrow at 07:00: back from today's trip at 17:00 first.
    expect(at(Date.UTC(2026, 10, 26, 7, 0)).backAt).toBe(Date.UTC(2026, 10, 25, 17, 0));
    // Told to leave at 16:00: it is not on that trip, so it can charge from now.
    expect(at(Date.UTC(2026, 10, 25, 16, 0))).toMatchObject({ backAt: null, status: "ready" });
  });

  it("names the plan's vehicles without a tag", () => {
    expect(unnamedVehicles(plan, tags)).toEqual([{ group: "Vans", count: 2 }]);
  });

  it("for one not plugged in: short, at risk or ready from its charge, its departure and the fastest charger", () => {
    fc.assert(
      fc.property(
        fc.double({ min: 0, max: 100, noNaN: true }),
        fc.integer({ min: 1, max: 20 * 60 }),
        fc.double({ min: 3, max: 350, noNaN: true }),
        (soc, minutes, fastestKw) => {
          const leaves = now + minutes * 60_000;
          const states = new Map([[1, state({ socPct: soc, socReadAt: now, departsAt: leaves, planSource: "fleet" })]]);
          const row = board(states, [], fastestKw).find((r) => r.vehicle === "AB12 CDE")!;
          const kw = Math.min(fastestKw, van.maxChargeKw);
          const needKwh = Math.max(0, ((target - soc) / 100) * van.batteryKwh);
          const canKwh = (kw * minutes) / 60;
          if (needKwh < 0.1) expect(row.status).toBe("ready");
          else if (needKwh - canKwh >= 0.1) {
            expect(row.status).toBe("short");
            expect(row.shortKwh).toBeCloseTo(needKwh - canKwh, 6);
            expect(row.leavesWithPct).toBeCloseTo(soc + (canKwh / van.batteryKwh) * 100, 6);
          } else {
            const plugInBy = leaves - (needKwh / kw) * HOUR;
            expect(row.status).toBe(now >= plugInBy - PLUG_IN_MARGIN_MS ? "at risk" : "ready");
            expect(row.plugInBy).toBeCloseTo(plugInBy, 0);
            // Its target, less a shortfall too small to count (under 0.1 kWh).
            const leavesWith = soc + (Math.min(needKwh, canKwh) / van.batteryKwh) * 100;
            expect(row.leavesWithPct).toBeCloseTo(leavesWith, 6);
            expect(target - leavesWith).toBeLessThan((0.1 / van.batteryKwh) * 100);
          }
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe("the charge now", () => {
  const reading = { id: 10, startWh: 1000, lastWh: 9000, socPct: null as number | null, socAt: now };

  it("is the newer of the charger's and the fleet's, with what was delivered since the fleet's", () => {
    const fleet = state({ socPct: 40, socReadAt: now - HOUR, socSource: "fleet" });
    // Read before it plugged in: all 8 kWh since count.
    expect(socNow(fleet, reading, 80)).toEqual({ pct: 50, at: now - HOUR, source: "fleet" });
    // Read while on charge, at 5 kWh on the meter: 4 kWh since.
    expect(socNow({ ...fleet, socSessionId: 10, socFromWh: 5000 }, reading, 80)!.pct).toBe(45);
    // The charger's newer reading wins; an older one does not.
    expect(socNow(fleet, { ...reading, socPct: 70 }, 80)).toMatchObject({ pct: 70, source: "charger" });
    expect(socNow(fleet, { ...reading, socPct: 70, socAt: now - 2 * HOUR }, 80)!.source).toBe("fleet");
    // Never more than full.
    expect(socNow(state({ socPct: 95, socReadAt: now - HOUR }), reading, 80)!.pct).toBe(100);
    expect(socNow(null, reading, 80)).toBeNull();
  });
});

describe("vans away whose return the fleet told", () => {
  const byKey = new Map(tags.map((t) => [t.tag.toLowerCase(), t]));
  const midday = Date.UTC(2026, 10, 25, 12, 0);
  const until = midday + 24 * HOUR;

  it("are each due back from their ETA (now when late), with their told charge and departure", () => {
    const states = new Map([
      [1, state({ arrivesAt: midday + 6 * HOUR, socPct: 30, socReadAt: midday, departsAt: midday + 18 * HOUR })],
      [2, state({ arrivesAt: midday - HOUR })],
    ]);
    const due = toldDueBack(plan, byKey, states, new Set(), midday, until);
    expect(due).toEqual([
      {
        key: "due:tag:1",
        tag: "T1",
        arrivesAt: midday + 6 * HOUR,
        departsAt: midday + 18 * HOUR,
        neededKwh: expect.closeTo(((target - 30) / 100) * van.batteryKwh, 9),
        maxKw: Math.min(van.maxChargeKw, 22),
      },
      // Late: due now; leaving at the plan's next departure, needing the plan's duty.
      expect.objectContaining({ key: "due:tag:2", arrivesAt: midday, departsAt: Date.UTC(2026, 10, 26, 7, 0) }),
    ]);
    // One plugged in, or one back after the plan's horizon, is not due.
    expect(toldDueBack(plan, byKey, states, new Set(["t1", "t2"]), midday, until)).toEqual([]);
    expect(toldDueBack(plan, byKey, states, new Set(["t2"]), midday, midday + HOUR)).toEqual([]);
  });
});
