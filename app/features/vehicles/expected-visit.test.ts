import { describe, expect, it } from "vitest";

import { visitOf, visitsDueBack, type ExpectedVisit } from "./expected-visit";

const HOUR = 3_600_000;
const visit: ExpectedVisit = {
  id: 7,
  tag: "BOOKED-1",
  arrivesAt: 10 * HOUR,
  holdsUntil: 10.5 * HOUR,
  departsAt: 13 * HOUR,
  neededKwh: 20,
  maxKw: 11,
  tier: 0,
};

describe("a booked visit", () => {
  it("keeps its room from its arrival until it is late by its grace, then frees it (a no-show)", () => {
    const due = (at: number, plugged: string[] = []) => visitsDueBack([visit], new Set(plugged), at, at + 24 * HOUR);
    expect(due(8 * HOUR)).toEqual([
      {
        key: "visit:7",
        tag: "BOOKED-1",
        arrivesAt: 10 * HOUR,
        departsAt: 13 * HOUR,
        neededKwh: 20,
        maxKw: 11,
        tier: 0,
      },
    ]);
    // Late but within its grace: room from now.
    expect(due(10.25 * HOUR)[0]!.arrivesAt).toBe(10.25 * HOUR);
    expect(due(10.6 * HOUR)).toEqual([]);
    expect(due(9 * HOUR, ["BOOKED-1"])).toEqual([]);
  });

  it("is the visit of a vehicle that plugs in with its tag, in any case, from two hours before its arrival until it leaves", () => {
    expect(visitOf([visit], "booked-1", 8.5 * HOUR)).toBe(visit);
    expect(visitOf([visit], "booked-1", 7.5 * HOUR)).toBeNull();
    expect(visitOf([visit], "BOOKED-1", 13 * HOUR)).toBeNull();
    expect(visitOf([visit], "OTHER", 11 * HOUR)).toBeNull();
    expect(visitOf([visit], null, 11 * HOUR)).toBeNull();
  });
});
