import fc from "fast-check";
import { describe, expect, it } from "vitest";

import { allocate, type Plugged } from "./allocate";

const HOUR = 3_600_000;
const plugged = fc.uniqueArray(
  fc.record({
    key: fc.uuid(),
    maxKw: fc.double({ min: 3.6, max: 350, noNaN: true }),
    neededKwh: fc.option(fc.double({ min: 0, max: 400, noNaN: true })),
    departsAt: fc.option(fc.integer({ min: -HOUR, max: 24 * HOUR })),
    drawingKw: fc.option(fc.double({ min: 0, max: 400, noNaN: true }), { nil: undefined }),
  }),
  { maxLength: 40, selector: (p) => p.key },
);

describe("allocate", () => {
  it("never sends more than the site limit, less what disobeying connectors draw, and never more than a charger's maximum", () => {
    fc.assert(
      fc.property(fc.double({ min: 0, max: 2000, noNaN: true }), plugged, (limitKw, all: Plugged[]) => {
        const { limitsKw } = allocate(limitKw, all, 0);
        const drawn = all.reduce((sum, p) => sum + (p.drawingKw ?? 0), 0);
        let sent = 0;
        for (const p of all) {
          const limit = limitsKw.get(p.key)!;
          expect(limit).toBeGreaterThanOrEqual(0);
          expect(limit).toBeLessThanOrEqual(p.maxKw + 1e-9);
          sent += limit;
        }
        expect(sent).toBeLessThanOrEqual(Math.max(0, limitKw - drawn) + 1e-6);
        // The limit is used: either all of it, or every obeying charger is at its maximum.
        const obeying = all.filter((p) => p.drawingKw === undefined);
        const full = obeying.every((p) => limitsKw.get(p.key)! >= p.maxKw - 1e-6);
        if (!full) expect(sent).toBeGreaterThanOrEqual(Math.max(0, limitKw - drawn) - 1e-6);
      }),
    );
  });

  it("gives the vehicle leaving first what it needs to make its target, and says who is short and by how much", () => {
    const at = 0;
    const { limitsKw, short } = allocate(
      20,
      [
        { key: "late", maxKw: 22, neededKwh: 40, departsAt: 8 * HOUR },
        { key: "early", maxKw: 22, neededKwh: 30, departsAt: 2 * HOUR },
        { key: "unknown", maxKw: 11, neededKwh: null, departsAt: null },
      ],
      at,
    );
    // early needs 15 kW for 2 h; late needs 5 kW for 8 h but only 5 kW are left; nothing for the vehicle nobody knows.
    expect(limitsKw.get("early")).toBeCloseTo(15, 9);
    expect(limitsKw.get("late")).toBeCloseTo(5, 9);
    expect(limitsKw.get("unknown")).toBeCloseTo(0, 9);
    expect(short).toEqual([]);
    const tight = allocate(
      10,
      [
        { key: "a", maxKw: 22, neededKwh: 30, departsAt: 2 * HOUR },
        { key: "b", maxKw: 22, neededKwh: 10, departsAt: 4 * HOUR },
      ],
      at,
    );
    expect(tight.limitsKw.get("a")).toBeCloseTo(10, 9);
    expect(tight.short.map((s) => [s.key, Number(s.shortKwh.toFixed(6))])).toEqual([
      ["a", 10],
      ["b", 10],
    ]);
  });

  it("shares evenly what no vehicle needs, up to each charger's maximum (a vehicle with no known duty gets a fair share)", () => {
    const { limitsKw } = allocate(
      30,
      [
        { key: "small", maxKw: 3.7, neededKwh: null, departsAt: null },
        { key: "x", maxKw: 22, neededKwh: null, departsAt: null },
        { key: "y", maxKw: 22, neededKwh: null, departsAt: null },
      ],
      0,
    );
    expect(limitsKw.get("small")).toBeCloseTo(3.7, 9);
    expect(limitsKw.get("x")).toBeCloseTo(13.15, 9);
    expect(limitsKw.get("y")).toBeCloseTo(13.15, 9);
  });
});
