import { describe, expect, it } from "vitest";

import { kwhBetween, maxOver, nextCharging, upperOf, type Limits } from "./limits";

const MIN = 60_000;
// Nothing for an hour, 22 kW for two, 7 kW for one, then nothing until the schedule ends at six hours.
const van: Limits = {
  segments: [
    { from: 0, kw: 0 },
    { from: 60 * MIN, kw: 22 },
    { from: 180 * MIN, kw: 7 },
    { from: 240 * MIN, kw: 0 },
  ],
  until: 360 * MIN,
};

describe("a charger's limits over time", () => {
  it("tells the next stretch of charging and the most drawn in it, from any instant", () => {
    expect(nextCharging(van, 0)).toEqual({ from: 60 * MIN, to: 240 * MIN, kw: 22 });
    expect(nextCharging(van, 200 * MIN)).toEqual({ from: 200 * MIN, to: 240 * MIN, kw: 7 });
    expect(nextCharging(van, 240 * MIN)).toBeNull();
    // Held until further notice: no end.
    expect(nextCharging({ segments: [{ from: 0, kw: 11 }], until: Infinity }, 5)).toEqual({
      from: 5,
      to: Infinity,
      kw: 11,
    });
  });

  it("adds up the energy of a stretch as its segments' powers over their parts, nothing after the schedule ends", () => {
    const limits = {
      segments: [
        { from: 0, kw: 10 },
        { from: 30 * 60_000, kw: 4 },
      ],
      until: 90 * 60_000,
    };
    // 10 kW for 30 minutes from 0, 4 kW for the hour after; 0 from 90 minutes on.
    expect(kwhBetween(limits, 0, 2 * 3_600_000)).toBeCloseTo(5 + 4, 12);
    expect(kwhBetween(limits, 15 * 60_000, 45 * 60_000)).toBeCloseTo(2.5 + 1, 12);
    expect(kwhBetween(limits, 95 * 60_000, 3_600_000 * 3)).toBe(0);
  });

  it("counts the most drawn within a stretch, and the higher of two schedules while one replaces the other", () => {
    expect(maxOver(van, 30 * MIN, 61 * MIN)).toBe(22);
    expect(maxOver(van, 30 * MIN, 60 * MIN)).toBe(0);
    expect(maxOver(van, 350 * MIN, 400 * MIN)).toBe(0);
    const guest: Limits = { segments: [{ from: 0, kw: 15 }], until: Infinity };
    expect(upperOf(van, guest, 0)).toEqual({
      segments: [
        { from: 0, kw: 15 },
        { from: 60 * MIN, kw: 22 },
        { from: 180 * MIN, kw: 15 },
      ],
      until: Infinity,
    });
  });
});
