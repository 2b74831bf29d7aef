import fc from "fast-check";
import { describe, expect, it } from "vitest";

import { energyInSpans, type MeteredSession } from "./metered-energy";

const MIN = 60_000;

describe("a depot's chargers' energy in spans of time, from their registers", () => {
  it("reads between readings, and stops at a session's end", () => {
    // 22 kW from 0 for an hour (read every 20 minutes), then stopped.
    const session: MeteredSession = {
      startedAt: 0,
      stoppedAt: 60 * MIN,
      startWh: 1_000,
      lastWh: 23_000,
      powerW: 0,
      readings: [20, 40].map((m) => ({ at: m * MIN, wh: 1_000 + (22_000 * m) / 60, w: 22_000 })),
    };
    const { kwh, estimated } = energyInSpans(
      [session],
      [
        { from: -30 * MIN, to: 30 * MIN },
        { from: 30 * MIN, to: 90 * MIN },
      ],
      120 * MIN,
    );
    expect(kwh[0]).toBeCloseTo(11, 9);
    expect(kwh[1]).toBeCloseTo(11, 9);
    expect(estimated).toBe(false);
  });

  it("a charger not read since is counted on at its last power, and said to be estimated", () => {
    const session: MeteredSession = {
      startedAt: 0,
      stoppedAt: null,
      startWh: 0,
      lastWh: 5_000,
      powerW: 10_000,
      readings: [{ at: 30 * MIN, wh: 5_000, w: 10_000 }],
    };
    const { kwh, estimated } = energyInSpans([session], [{ from: 30 * MIN, to: 90 * MIN }], 120 * MIN);
    expect(kwh[0]).toBeCloseTo(10, 9);
    expect(estimated).toBe(true);
  });

  it("an open session never read is counted at the power it told, not as drawing nothing", () => {
    const silent: MeteredSession = {
      startedAt: 0,
      stoppedAt: null,
      startWh: 0,
      lastWh: 0,
      powerW: 7_000,
      readings: [],
    };
    const { kwh, estimated } = energyInSpans([silent], [{ from: 0, to: 60 * MIN }], 120 * MIN);
    expect(kwh[0]).toBeCloseTo(7, 9);
    expect(estimated).toBe(true);
  });

  it("spans side by side add up to the span that covers them, whatever the readings", () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 22_000 }), { minLength: 1, maxLength: 20 }),
        fc.integer({ min: 0, max: 200 }),
        fc.integer({ min: 1, max: 200 }),
        fc.integer({ min: 1, max: 200 }),
        (steps, from, a, b) => {
          let wh = 0;
          const readings = steps.map((w, k) => ({ at: (k + 1) * 7 * MIN, wh: (wh += (w * 7) / 60), w }));
          const session = { startedAt: 0, stoppedAt: null, startWh: 0, lastWh: wh, powerW: 0, readings };
          const spans = [
            { from: from * MIN, to: (from + a) * MIN },
            { from: (from + a) * MIN, to: (from + a + b) * MIN },
            { from: from * MIN, to: (from + a + b) * MIN },
          ];
          const { kwh } = energyInSpans([session], spans, 1_000 * MIN);
          expect(kwh[0]! + kwh[1]!).toBeCloseTo(kwh[2]!, 9);
        },
      ),
    );
  });
});
