import fc from "fast-check";
import { describe, expect, it } from "vitest";

import { limitAt, lowerOf, nowhereHigher } from "~/features/charging-records";
import { kwhBetween } from "~/features/charging-records/internals";

import type { Plugged } from "./allocate";
import { scheduleAhead, type Slot } from "./schedule-ahead";

const HOUR = 3_600_000;
const FIVE = 5 * 60_000;

/** Random slots from 0: five-minute multiples, each with its room and price. */
const slotsOf = (room: fc.Arbitrary<number>) =>
  fc
    .array(
      fc.record({
        length: fc.integer({ min: 1, max: 36 }),
        roomKw: room,
        pence: fc.constantFrom(7.5, 12, 24.5, 31, 45),
      }),
      { minLength: 1, maxLength: 30 },
    )
    .map((parts) => {
      let from = 0;
      return parts.map(({ length, roomKw, pence }): Slot => {
        const slot = { from, to: from + length * FIVE, roomKw, pence };
        from = slot.to;
        return slot;
      });
    });
// Doubles reach the edges (0, the tiniest, the largest); whole kilowatts look like a depot.
const slotsArb = slotsOf(fc.double({ min: 0, max: 300, noNaN: true }));
const depotSlots = slotsOf(fc.integer({ min: 0, max: 300 }));
const pluggedOf = (
  maxLength: number,
  kw = fc.double({ min: 3.6, max: 150, noNaN: true }),
  kwh = fc.double({ min: 0, max: 300, noNaN: true }),
) =>
  fc.uniqueArray(
    fc.record({
      key: fc.uuid(),
      maxKw: kw,
      neededKwh: fc.option(kwh),
      departsAt: fc.option(fc.integer({ min: 1, max: 40 * HOUR })),
      // Now and then a connector that ignores its limit (often, and the site would be full of them).
      drawingKw: fc.oneof(
        { arbitrary: fc.constant(undefined), weight: 9 },
        { arbitrary: fc.double({ min: 0, max: 50, noNaN: true }), weight: 1 },
      ),
    }),
    { maxLength, selector: (p) => p.key },
  );
// Many vehicles for the limits; a few for the prices (with many, every slot is full and any order looks cheapest).
const pluggedArb = pluggedOf(25);
const fewArb = pluggedOf(4, fc.constantFrom(3.7, 7.4, 11, 22, 50, 150), fc.integer({ min: 0, max: 300 }));

const hoursIn = (slot: Slot, departsAt: number) => Math.max(0, Math.min(slot.to, departsAt) - slot.from) / HOUR;

describe("scheduleAhead", () => {
  it("keeps every slot within its room (less what disobeying connectors draw), every charger within its power, and delivers each known vehicle its need less the shortfall it reports", () => {
    fc.assert(
      fc.property(slotsArb, pluggedArb, (slots, plugged: Plugged[]) => {
        const plan = scheduleAhead(slots, plugged, 0);
        const drawn = plugged.reduce((sum, p) => sum + (p.drawingKw ?? 0), 0);
        for (const slot of slots) {
          let sum = 0;
          for (const p of plugged) {
            const kw = limitAt(plan.schedules.get(p.key)!, slot.from);
            expect(kw).toBeGreaterThanOrEqual(0);
            expect(kw).toBeLessThanOrEqual(p.drawingKw === undefined ? p.maxKw + 1e-9 : 0);
            sum += kw;
          }
          expect(sum).toBeLessThanOrEqual(Math.max(0, slot.roomKw - drawn) + 1e-6);
        }
        for (const p of plugged) {
          if (p.drawingKw !== undefined || p.neededKwh === null || p.departsAt === null) continue;
          const end = Math.min(p.departsAt, slots[slots.length - 1]!.to);
          const delivered = end > 0 ? kwhBetween(plan.schedules.get(p.key)!, 0, end) : 0;
          const short = plan.short.find((s) => s.key === p.key)?.shortKwh ?? 0;
          // (A shortfall under 1 Wh is not reported.)
          expect(Math.abs(delivered + short - p.neededKwh)).toBeLessThanOrEqual(1e-6);
        }
      }),
      { numRuns: 300 },
    );
  });

  it("charges each known vehicle in the cheapest slots before it leaves: a cheaper slot it does not use to the full is full with known vehicles", () => {
    fc.assert(
      fc.property(depotSlots, fewArb, (slots, plugged: Plugged[]) => {
        const plan = scheduleAhead(slots, plugged, 0);
        const drawn = plugged.reduce((sum, p) => sum + (p.drawingKw ?? 0), 0);
        const at = (key: string, slot: Slot) => limitAt(plan.schedules.get(key)!, slot.from);
        // Full by the vehicles whose duty is known (the others only take what those leave).
        const known = plugged.filter((p) => p.drawingKw === undefined && p.neededKwh !== null && p.departsAt !== null);
        const used = (slot: Slot) => known.reduce((sum, p) => sum + at(p.key, slot), 0);
        for (const p of known) {
          const mine = slots.filter((s) => hoursIn(s, p.departsAt!) > 0);
          for (const dear of mine)
            if (at(p.key, dear) > 1e-9)
              for (const cheap of mine)
                if (cheap.pence < dear.pence)
                  expect({
                    cheap,
                    full: at(p.key, cheap) >= p.maxKw - 1e-9 || used(cheap) >= cheap.roomKw - drawn - 1e-6,
                  }).toEqual({ cheap, full: true });
        }
      }),
      { numRuns: 500 },
    );
  });

  it("leaves no known vehicle short while the site has room at an instant of its stay when it is below its power (vehicles due back included)", () => {
    const withArrivals = fewArb.chain((plugged) =>
      fc.tuple(
        ...plugged.map((p) =>
          fc
            .option(fc.integer({ min: 0, max: 30 }), { nil: undefined })
            .map((h) => ({ ...p, ...(h === undefined ? {} : { arrivesAt: h * HOUR }) })),
        ),
      ),
    );
    fc.assert(
      fc.property(depotSlots, withArrivals, (slots, plugged: Plugged[]) => {
        const plan = scheduleAhead(slots, plugged, 0);
        const end = slots[slots.length - 1]!.to;
        const drawn = plugged.reduce((sum, p) => sum + (p.drawingKw ?? 0), 0);
        const known = plugged.filter((p) => p.drawingKw === undefined && p.neededKwh !== null && p.departsAt !== null);
        const at = (key: string, t: number) => limitAt(plan.schedules.get(key)!, t);
        const instants = [
          ...new Set([
            ...slots.map((s) => s.from),
            ...[...plan.schedules.values()].flatMap((l) => l.segments.map((g) => g.from)),
            ...plugged.flatMap((p) => [p.arrivesAt ?? 0, p.departsAt ?? 0]),
          ]),
        ].filter((t) => t >= 0 && t < end);
        for (const p of known) {
          const from = p.arrivesAt ?? 0;
          const to = Math.min(p.departsAt!, end);
          if (to <= from) continue;
          const lacks = p.neededKwh! - kwhBetween(plan.schedules.get(p.key)!, from, to);
          if (lacks <= 1e-6) continue;
          for (const t of instants.filter((t) => t >= from && t < to && at(p.key, t) < p.maxKw - 1e-6)) {
            const room = slots.find((s) => s.from <= t && t < s.to)!.roomKw - drawn;
            const used = known.reduce((sum, q) => sum + at(q.key, t), 0);
            expect({ vehicle: p.key, t, full: used >= room - 1e-6 }).toEqual({ vehicle: p.key, t, full: true });
          }
        }
      }),
      { numRuns: 500 },
    );
  });

  it("moves a van's charge to the night's cheap hours, and shares what is left among vehicles nobody told it about", () => {
    // 18:00 to 06:00: peak until 19:00, day rate to 00:00, night rate after, 40 kW of room throughout.
    const slots: Slot[] = [
      { from: 0, to: HOUR, roomKw: 40, pence: 45 },
      { from: HOUR, to: 6 * HOUR, roomKw: 40, pence: 24.5 },
      { from: 6 * HOUR, to: 12 * HOUR, roomKw: 40, pence: 7.5 },
    ];
    const plan = scheduleAhead(
      slots,
      [
        { key: "van", maxKw: 22, neededKwh: 60, departsAt: 12 * HOUR },
        { key: "guest", maxKw: 11, neededKwh: null, departsAt: null },
      ],
      0,
    );
    expect(plan.schedules.get("van")!.segments).toEqual([
      { from: 0, kw: 0 },
      { from: 6 * HOUR, kw: 10 },
    ]);
    expect(plan.schedules.get("guest")!.segments).toEqual([{ from: 0, kw: 11 }]);
    expect(plan.short).toEqual([]);
  });

  it("keeps room for vehicles due back from their arrival on, even inside a run of equal slots that starts now", () => {
    // 14:00 to 19:00 at one price and room, two cheap hours, then dear ones until 07:00; three vans due back at 17:00
    // need 126 kWh by 07:00 at up to 33 kW together (more than the cheap hours hold, so they take 17:00 to 19:00 too);
    // a guest nobody told it about is plugged in now.
    const at = 14 * HOUR;
    const slots: Slot[] = [
      { from: at, to: 19 * HOUR, roomKw: 30, pence: 24.5 },
      { from: 19 * HOUR, to: 21 * HOUR, roomKw: 30, pence: 7.5 },
      { from: 21 * HOUR, to: 31 * HOUR, roomKw: 30, pence: 45 },
    ];
    const due: Plugged = { key: "due:g1", maxKw: 33, neededKwh: 126, departsAt: 31 * HOUR, arrivesAt: 17 * HOUR };
    const guest: Plugged = { key: "guest", maxKw: 22, neededKwh: null, departsAt: null };
    const plan = scheduleAhead(slots, [guest, due], at);
    // Until the vans are back the guest has its charger's 22 kW; after, what the vans leave of the 30 kW.
    expect(plan.limitsKw.get("guest")).toBe(22);
    const guestAt = (t: number) => limitAt(plan.schedules.get("guest")!, t);
    expect(guestAt(16.9 * HOUR)).toBe(22);
    const vansAt = (t: number) => limitAt(plan.schedules.get("due:g1")!, t);
    for (const t of [14, 16.9, 17, 18, 20, 25, 30].map((h) => h * HOUR)) {
      expect(vansAt(t) + guestAt(t)).toBeLessThanOrEqual(30 + 1e-9);
      if (t < 17 * HOUR) expect(vansAt(t)).toBe(0);
    }
    // The cheap hours first (60 kWh), then from their arrival to 19:00 (60 kWh), the last 6 kWh in the dear hours.
    expect([vansAt(20 * HOUR), vansAt(17 * HOUR), vansAt(18.9 * HOUR)]).toEqual([30, 30, 30]);
    expect(vansAt(21 * HOUR) * 10).toBeCloseTo(6, 9);
    expect(plan.short).toEqual([]);
  });

  it("serves a hub's contracted visit before a single visit at the list price, and walk-ins after both", () => {
    // 30 kW for two hours: the contracted van needs 40 kWh, the single visit 30, both leaving at 2 h; a walk-in too.
    // (Without tiers the two would be served in the order of their keys: the single visit first.)
    const slots: Slot[] = [{ from: 0, to: 2 * HOUR, roomKw: 30, pence: 20 }];
    const contracted: Plugged = { key: "b-contracted", maxKw: 22, neededKwh: 40, departsAt: 2 * HOUR, tier: 0 };
    const single: Plugged = { key: "a-single", maxKw: 22, neededKwh: 30, departsAt: 2 * HOUR, tier: 1 };
    const walkIn: Plugged = { key: "walk-in", maxKw: 22, neededKwh: null, departsAt: null };
    const kwh = (plan: ReturnType<typeof scheduleAhead>, key: string) =>
      kwhBetween(plan.schedules.get(key)!, 0, 2 * HOUR);
    const plan = scheduleAhead(slots, [walkIn, single, contracted], 0);
    expect(
      [kwh(plan, "b-contracted"), kwh(plan, "a-single"), kwh(plan, "walk-in")].map((k) => Math.round(k * 1e6) / 1e6),
    ).toEqual([40, 20, 0]);
    expect(plan.short.map((s) => s.key)).toEqual(["a-single"]);
    const untiered = scheduleAhead(
      slots,
      [walkIn, { ...single, tier: undefined }, { ...contracted, tier: undefined }],
      0,
    );
    expect(Math.round(kwh(untiered, "a-single") * 1e6) / 1e6).toBe(30);
  });

  it("names what binds: a vehicle short only for its time at the charger never reads 'site limit'", () => {
    const slots: Slot[] = [{ from: 0, to: 24 * HOUR, roomKw: 1000, pence: 20 }];
    const plan = scheduleAhead(
      slots,
      [
        { key: "rushed", maxKw: 22, neededKwh: 30, departsAt: HOUR },
        { key: "squeezed", maxKw: 22, neededKwh: 30, departsAt: HOUR },
      ],
      0,
    );
    expect(plan.short).toEqual([
      { key: "rushed", shortKwh: 8, reason: "time at the charger" },
      { key: "squeezed", shortKwh: 8, reason: "time at the charger" },
    ]);
    const tight = scheduleAhead(
      [{ from: 0, to: 24 * HOUR, roomKw: 10, pence: 20 }],
      [{ key: "a", maxKw: 22, neededKwh: 30, departsAt: 2 * HOUR }],
      0,
    );
    expect(tight.short).toEqual([{ key: "a", shortKwh: 10, reason: "site limit" }]);
  });
});

describe("changing limits", () => {
  const limits = fc.record({
    segments: fc
      .array(fc.record({ from: fc.integer({ min: 0, max: 20 }), kw: fc.integer({ min: 0, max: 30 }) }))
      .map((s) =>
        [...new Map(s.map((x) => [x.from * FIVE, x.kw]))]
          .sort((a, b) => a[0] - b[0])
          .map(([from, kw]) => ({ from, kw })),
      ),
    until: fc.integer({ min: 0, max: 24 }).map((n) => n * FIVE),
  });
  it("lowerOf is the lesser at every instant, and nowhere higher than either", () => {
    fc.assert(
      fc.property(limits, limits, (a, b) => {
        const low = lowerOf(a, b, 0);
        for (let t = 0; t <= 25 * FIVE; t += FIVE / 2)
          expect(limitAt(low, t)).toBe(Math.min(limitAt(a, t), limitAt(b, t)));
        expect(nowhereHigher(low, a, 0)).toBe(true);
        expect(nowhereHigher(low, b, 0)).toBe(true);
      }),
    );
  });
});
