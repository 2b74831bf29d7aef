import fc from "fast-check";
import { describe, expect, it } from "vitest";

import { allocate, shareOwn, type Plugged } from "./allocate";

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

  it("names what binds for a shortfall: the site's limit, or the time a vehicle has at a charger of its power", () => {
    const { short } = allocate(
      100,
      [
        { key: "rushed", maxKw: 22, neededKwh: 30, departsAt: HOUR },
        { key: "fine", maxKw: 22, neededKwh: 10, departsAt: 2 * HOUR },
      ],
      0,
    );
    expect(short).toEqual([{ key: "rushed", shortKwh: 8, reason: "time at the charger" }]);
    const tight = allocate(10, [{ key: "a", maxKw: 22, neededKwh: 30, departsAt: 2 * HOUR }], 0);
    expect(tight.short).toEqual([{ key: "a", shortKwh: 10, reason: "site limit" }]);
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

describe("shareOwn (several serving processes, each holding some of a depot's chargers)", () => {
  /** `runningKw`: the limit the charger runs at; `recordedKw`: what the database says (raises recorded when decided). */
  type Car = { key: string; owner: number; maxKw: number; runningKw: number; recordedKw: number };
  const event = fc.oneof(
    fc.record({
      kind: fc.constant("arrive" as const),
      owner: fc.integer({ min: 0, max: 1 }),
      maxKw: fc.constantFrom(7.4, 11, 22),
    }),
    fc.record({ kind: fc.constant("leave" as const), index: fc.nat() }),
    fc.record({ kind: fc.constant("compute" as const), owner: fc.integer({ min: 0, max: 1 }) }),
    fc.record({ kind: fc.constant("apply" as const), owner: fc.integer({ min: 0, max: 1 }) }),
  );
  it("never lets the limits in force pass the site's, however two processes' computations interleave, and ends fair", () => {
    fc.assert(
      fc.property(
        fc.double({ min: 10, max: 200, noNaN: true }),
        fc.array(event, { maxLength: 80 }),
        (limitKw, events) => {
          let cars: Car[] = [];
          let next = 0;
          // What each process decided and has not sent yet. A process decides again only once it has sent (its
          // recomputations run one after another), and decides under the depot's lock, recording its raises then.
          const pending: (Map<string, number> | null)[] = [null, null];
          const running = () => cars.reduce((sum, c) => sum + c.runningKw, 0);
          const view = (owner: number) =>
            cars.map((c) => ({
              key: c.key,
              maxKw: c.maxKw,
              neededKwh: null,
              departsAt: null,
              own: c.owner === owner,
              online: true,
              inForceKw: c.recordedKw,
            }));
          const apply = (owner: number) => {
            const limits = pending[owner];
            pending[owner] = null;
            if (!limits) return;
            // Lowered limits run (and are recorded) before any raise is sent (smart-charging.server.ts: two halves).
            for (const lower of [true, false])
              for (const car of cars)
                if (limits.has(car.key) && limits.get(car.key)! <= car.runningKw === lower) {
                  car.runningKw = limits.get(car.key)!;
                  if (lower) car.recordedKw = car.runningKw;
                  expect(running()).toBeLessThanOrEqual(limitKw + 1e-6);
                }
          };
          const decide = (owner: number) => {
            apply(owner);
            const limits = shareOwn(limitKw, view(owner), 0).limitsKw;
            for (const car of cars)
              if ((limits.get(car.key) ?? 0) > car.recordedKw) car.recordedKw = limits.get(car.key)!;
            pending[owner] = limits;
          };
          for (const e of events) {
            if (e.kind === "arrive")
              // A new transaction starts at the 0 W default until its share comes.
              cars.push({ key: `car${next++}`, owner: e.owner, maxKw: e.maxKw, runningKw: 0, recordedKw: 0 });
            else if (e.kind === "leave" && cars.length) cars = cars.filter((_, i) => i !== e.index % cars.length);
            else if (e.kind === "compute") decide(e.owner);
            else if (e.kind === "apply") apply(e.owner);
            expect(running()).toBeLessThanOrEqual(limitKw + 1e-6);
          }
          // Quiet: each process shares again, twice over, and every charger holds its fair share.
          for (let round = 0; round < 2; round++)
            for (const owner of [0, 1]) {
              decide(owner);
              apply(owner);
            }
          const fair = allocate(
            limitKw,
            cars.map((c) => ({ key: c.key, maxKw: c.maxKw, neededKwh: null, departsAt: null })),
            0,
          );
          for (const car of cars) expect(car.runningKw).toBeCloseTo(fair.limitsKw.get(car.key)!, 6);
        },
      ),
      { numRuns: 1000, seed: 20261125 },
    );
  });
});
