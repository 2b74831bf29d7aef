import fc from "fast-check";
import { describe, expect, it } from "vitest";

import { buildingKwAt, METER_FALLBACK_MARGIN, METER_SILENT_MS, type SiteMeter } from "./site-meter";

const read = Date.UTC(2026, 10, 27, 18, 0);

describe("the building's load with a site meter", () => {
  it("is the meter's while its reading holds, and the plan's before it and beyond it", () => {
    const meter: SiteMeter = { readAt: read, siteKw: 150, buildingKw: 90, silent: false };
    expect(buildingKwAt(meter, 40, 400, read)).toBe(90);
    expect(buildingKwAt(meter, 40, 400, read + METER_SILENT_MS - 1)).toBe(90);
    expect(buildingKwAt(meter, 40, 400, read + METER_SILENT_MS)).toBe(40);
    expect(buildingKwAt(meter, 40, 400, read - 1)).toBe(40);
    expect(buildingKwAt(null, 40, 400, read)).toBe(40);
  });

  it("never gives more room than the plan once the meter is silent (fail safe)", () => {
    fc.assert(
      fc.property(
        fc.double({ min: 0, max: 2000, noNaN: true }),
        fc.double({ min: 1, max: 5000, noNaN: true }),
        fc.double({ min: -500, max: 5000, noNaN: true }),
        fc.integer({ min: 0, max: 48 * 3_600_000 }),
        (planKw, connectionKw, lastBuildingKw, after) => {
          const meter: SiteMeter = { readAt: read, siteKw: 0, buildingKw: lastBuildingKw, silent: true };
          const at = read + METER_SILENT_MS + after;
          expect(buildingKwAt(meter, planKw, connectionKw, at)).toBe(planKw + METER_FALLBACK_MARGIN * connectionKw);
        },
      ),
    );
  });
});
