import { describe, expect, it } from "vitest";

import { effectiveLimitW, fromOcpp16, fromOcpp201, type ChargingProfile } from "./charging-profile";

const at = Date.parse("2026-11-25T22:00:00Z");
const profile = (over: Partial<ChargingProfile>): ChargingProfile => ({
  id: 1,
  stackLevel: 0,
  purpose: "TxDefaultProfile",
  kind: "Absolute",
  startsAt: at - 60_000,
  durationS: null,
  unit: "W",
  periods: [{ startPeriod: 0, limit: 11_000 }],
  transactionRef: null,
  ...over,
});

describe("effectiveLimitW (how a charger composes the profiles it holds)", () => {
  it("takes the transaction's own profile over the default, capped by the station maximum", () => {
    const tx = { ref: "7", startedAt: at - 30_000 };
    const held = [
      profile({ id: 1, purpose: "TxDefaultProfile", periods: [{ startPeriod: 0, limit: 0 }] }),
      profile({
        id: 2,
        purpose: "TxProfile",
        stackLevel: 1,
        transactionRef: "7",
        periods: [{ startPeriod: 0, limit: 9000 }],
      }),
      profile({ id: 3, purpose: "ChargePointMaxProfile", periods: [{ startPeriod: 0, limit: 7400 }] }),
    ];
    expect(effectiveLimitW(held.slice(0, 1), at, tx)).toBe(0);
    expect(effectiveLimitW(held.slice(0, 2), at, tx)).toBe(9000);
    expect(effectiveLimitW(held, at, tx)).toBe(7400);
    // Another transaction's profile does not apply; without a transaction only the default and the maximum do.
    expect(effectiveLimitW(held.slice(0, 2), at, { ref: "8", startedAt: at })).toBe(0);
    expect(effectiveLimitW([], at, tx)).toBeNull();
  });

  it("follows periods, stack levels, amps on three phases, relative starts and durations", () => {
    const stepped = profile({
      periods: [
        { startPeriod: 0, limit: 16, numberPhases: 3 },
        { startPeriod: 1800, limit: 10, numberPhases: 1 },
      ],
      unit: "A",
      startsAt: at - 3600_000,
    });
    expect(effectiveLimitW([stepped], at, null)).toBe(10 * 230);
    expect(effectiveLimitW([stepped], at - 3000_000, null)).toBe(16 * 230 * 3);
    const higher = profile({ id: 2, stackLevel: 5, periods: [{ startPeriod: 0, limit: 5000 }], durationS: 600 });
    expect(effectiveLimitW([stepped, higher], at, null)).toBe(5000);
    // Past its duration the higher stack level gives way again.
    expect(effectiveLimitW([stepped, higher], at + 600_000, null)).toBe(10 * 230);
    const relative = profile({
      kind: "Relative",
      startsAt: null,
      periods: [
        { startPeriod: 0, limit: 3000 },
        { startPeriod: 60, limit: 6000 },
      ],
    });
    expect(effectiveLimitW([relative], at, { ref: "1", startedAt: at - 30_000 })).toBe(3000);
    expect(effectiveLimitW([relative], at, { ref: "1", startedAt: at - 90_000 })).toBe(6000);
  });

  it("reads 1.6's csChargingProfiles and 2.0.1's chargingProfile into the same profile", () => {
    const schedule = {
      chargingRateUnit: "W" as const,
      startSchedule: "2026-11-25T21:59:00Z",
      chargingSchedulePeriod: [{ startPeriod: 0, limit: 4200 }],
    };
    const v16 = fromOcpp16({
      chargingProfileId: 4,
      stackLevel: 1,
      chargingProfilePurpose: "TxProfile",
      chargingProfileKind: "Absolute",
      transactionId: 12,
      chargingSchedule: schedule,
    });
    const v201 = fromOcpp201({
      id: 4,
      stackLevel: 1,
      chargingProfilePurpose: "TxProfile",
      chargingProfileKind: "Absolute",
      transactionId: "12",
      chargingSchedule: [{ id: 1, ...schedule }],
    });
    expect(v16).toEqual(v201);
    expect(effectiveLimitW([v16], at, { ref: "12", startedAt: at })).toBe(4200);
  });
});
