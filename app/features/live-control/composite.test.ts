import { describe, expect, it } from "vitest";

import type { Limits } from "~/features/charging-records";

import { composedAbove, compositeFrom } from "./profile-changes";

const MIN = 60_000;

describe("a composite schedule read back from a charger", () => {
  const at = Date.parse("2026-11-26T18:00:00Z");
  const sent: Limits = {
    segments: [
      { from: at, kw: 0 },
      { from: at + 60 * MIN, kw: 11 },
      { from: at + 180 * MIN, kw: 0 },
    ],
    until: Infinity,
  };
  const answer16 = (periods: { startPeriod: number; limit: number }[], unit = "W") => ({
    status: "Accepted",
    connectorId: 1,
    scheduleStart: new Date(at).toISOString(),
    chargingSchedule: { chargingRateUnit: unit, duration: 86_400, chargingSchedulePeriod: periods },
  });

  it("passes one that keeps to what it was sent, in watts or amps, and one that composes less", () => {
    const same = compositeFrom(
      answer16([
        { startPeriod: 0, limit: 0 },
        { startPeriod: 3600, limit: 11_000 },
        { startPeriod: 10_800, limit: 0 },
      ]),
      at,
    )!;
    expect(composedAbove(same, sent)).toBeNull();
    // 16 A on three phases is 11.04 kW: within a meter's margin of 11 kW.
    const amps = compositeFrom(answer16([{ startPeriod: 3600, limit: 16 }], "A"), at)!;
    expect(amps.periods[0]!.limitW).toBeCloseTo(11_040, 6);
    const less = compositeFrom(
      {
        status: "Accepted",
        schedule: {
          ...answer16([{ startPeriod: 0, limit: 0 }]).chargingSchedule,
          scheduleStart: new Date(at).toISOString(),
        },
      },
      at,
    )!;
    expect(composedAbove(less, sent)).toBeNull();
  });

  it("finds where one composes more than it was sent (its own full power while it should wait)", () => {
    const full = compositeFrom(answer16([{ startPeriod: 0, limit: 22_000 }]), at)!;
    expect(composedAbove(full, sent)).toEqual({ at, composedW: 22_000, limitW: 0 });
    // Early by a quarter of an hour: above the 0 W it was sent until its hour.
    const early = compositeFrom(
      answer16([
        { startPeriod: 0, limit: 0 },
        { startPeriod: 2700, limit: 11_000 },
        { startPeriod: 10_800, limit: 0 },
      ]),
      at,
    )!;
    expect(composedAbove(early, sent)).toEqual({ at: at + 45 * MIN, composedW: 11_000, limitW: 0 });
  });

  it("reads no composite from a refusal or a charger that has none", () => {
    expect(compositeFrom({ status: "Rejected" }, at)).toBeNull();
    expect(compositeFrom(null, at)).toBeNull();
    expect(compositeFrom({ status: "Accepted" }, at)).toBeNull();
  });
});
