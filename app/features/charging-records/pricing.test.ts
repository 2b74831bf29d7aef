import fc from "fast-check";
import { describe, expect, it } from "vitest";

import { TARIFF_PRESETS } from "~/features/charging-engine";

import { energyCostPence, energyPence, rateAt } from "./pricing";

const dayNight = TARIFF_PRESETS["day-night"]; // 14 p from 00:30 to 07:30 every day, else 27 p
const rag = TARIFF_PRESETS["red-amber-green"];

describe("the cost of a session's energy", () => {
  it("reads bands on the UK clock: 07:00 in June is 06:00 UTC, 07:00 in December is 07:00 UTC", () => {
    expect(rateAt(dayNight, Date.parse("2026-06-10T06:00:00Z"))).toBe(14);
    expect(rateAt(dayNight, Date.parse("2026-06-10T06:45:00Z"))).toBe(27);
    expect(rateAt(dayNight, Date.parse("2026-12-10T07:00:00Z"))).toBe(14);
    // Wednesday 16:30 in December is red; Saturday 16:30 is the default (green).
    expect(rateAt(rag, Date.parse("2026-12-09T16:30:00Z"))).toBe(45);
    expect(rateAt(rag, Date.parse("2026-12-12T16:30:00Z"))).toBe(19);
  });

  it("splits a stretch at a band's edge: 10 kWh evenly from 07:00 to 08:00 UK time is half at 14 p, half at 27 p", () => {
    const points = [
      { at: "2026-12-10T07:00:00Z", wh: 0 },
      { at: "2026-12-10T08:00:00Z", wh: 10_000 },
    ];
    expect(energyPence(points, dayNight)).toBeCloseTo(5 * 14 + 5 * 27, 10);
    // As a line: whole pence (205).
    expect(energyCostPence(points, dayNight)).toBe(205);
  });

  it("prices any readings under a flat rate at energy × rate, whatever their order and spacing", () => {
    const flat = TARIFF_PRESETS.flat;
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.integer({ min: 0, max: 3 * 86_400_000 }), fc.integer({ min: 0, max: 2000 })), {
          minLength: 1,
          maxLength: 30,
        }),
        (steps) => {
          // A register only rises with time: the points are the running sums in time order, then shuffled.
          const sorted = [...steps].sort((a, b) => a[0] - b[0]);
          let wh = 0;
          const points = sorted.map(([ms, add]) => ({
            at: new Date(Date.UTC(2026, 0, 5) + ms).toISOString(),
            wh: (wh += add),
          }));
          const energyKwh = (points.at(-1)!.wh - points[0]!.wh) / 1000;
          expect(energyPence([...points].reverse(), flat)).toBeCloseTo(energyKwh * flat.defaultPencePerKwh, 7);
        },
      ),
    );
  });
});
