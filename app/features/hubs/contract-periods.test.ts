import fc from "fast-check";
import { describe, expect, it } from "vitest";

import { addDays, describeDates, togetherSets, touches, type Dated } from "./contract-periods";

type C = Dated & { id: number };
const day = (n: number) => addDays("2027-01-01", n);

describe("contracts that run together", () => {
  it("checks a request against contracts that meet, not against every contract", () => {
    const winter: C = { id: 1, startsOn: day(0), endsOn: day(59) };
    const summer: C = { id: 2, startsOn: day(150), endsOn: day(240) };
    const always: C = { id: 3, startsOn: null, endsOn: null };
    const sets = togetherSets([winter, summer, always], day(0), day(364));
    expect(sets.map((s) => s.map((c) => c.id).sort())).toEqual(
      expect.arrayContaining([
        [1, 3],
        [2, 3],
      ]),
    );
    expect(sets).toHaveLength(2);
    // A request for the spring meets only the contract with no dates.
    expect(togetherSets([winter, summer, always], day(80), day(120))).toEqual([[always]]);
    expect(togetherSets([], day(0), null)).toEqual([[]]);
  });

  it("meets a contract on its own dates only: a renewal from the day after it ends is not counted with it", () => {
    const c: C = { id: 1, startsOn: day(10), endsOn: day(20) };
    expect(touches(c, day(20), day(30))).toBe(true);
    expect(touches(c, day(21), day(30))).toBe(false);
    expect(touches(c, day(0), day(10))).toBe(true);
    expect(touches(c, day(0), day(9))).toBe(false);
    const renewal: C = { id: 2, startsOn: day(21), endsOn: day(40) };
    expect(togetherSets([c, renewal], day(0), day(60))).toEqual([[c], [renewal]]);
  });

  it("every day's set of running contracts is inside a set checked (property)", () => {
    const contract = fc
      .tuple(fc.option(fc.integer({ min: 0, max: 60 })), fc.option(fc.integer({ min: 0, max: 60 })))
      .map(([a, b]) => ({
        startsOn: a === null ? null : day(a),
        endsOn: b === null ? null : day(Math.max(a ?? 0, b)),
      }));
    fc.assert(
      fc.property(
        fc.array(contract, { maxLength: 12 }),
        fc.integer({ min: 0, max: 60 }),
        fc.integer({ min: 0, max: 20 }),
        (list, from, length) => {
          const contracts = list.map((c, id) => ({ ...c, id }));
          const sets = togetherSets(contracts, day(from), day(from + length));
          for (let d = from; d <= from + length; d++) {
            const running = contracts.filter((c) => touches(c, day(d), day(d)));
            expect(sets.some((s) => running.every((c) => s.includes(c)))).toBe(true);
          }
          // Nothing is checked that never runs within the request.
          for (const s of sets) for (const c of s) expect(touches(c, day(from), day(from + length))).toBe(true);
        },
      ),
      { numRuns: 300, seed: 50 },
    );
  });

  it("says the dates as a UK reader writes them", () => {
    expect(describeDates({ startsOn: "2026-12-01", endsOn: "2027-02-28" })).toBe("from 01 Dec 2026 to 28 Feb 2027");
    expect(describeDates({ startsOn: "2026-12-01", endsOn: "2026-12-01" })).toBe("on 01 Dec 2026");
    expect(describeDates({ startsOn: null, endsOn: null })).toBe("");
  });
});
