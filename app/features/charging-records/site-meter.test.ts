import fc from "fast-check";
import { describe, expect, it } from "vitest";

import { buildingKwAt, METER_FALLBACK_MARGIN, METER_SILENT_MS, type SiteMeter } from "./site-meter";

const read = Date.UTC(2026, 10, 27, 18, 0);

describe("the building's load with a site meter", () => {
  it("is the meter's while its reading holds, and the fallback from the instant it expires", () => {
    const meter: SiteMeter = { readAt: read, siteKw: 150, buildingKw: 90, silent: false };
    expect(buildingKwAt(meter, 40, 400, read)).toBe(90);
    expect(buildingKwAt(meter, 40, 400, read + METER_SILENT_MS - 1)).toBe(90);
    // The last reading (90) is above the plan's (40): the fallback counts it, and 10 % of the connection on top.
    expect(buildingKwAt(meter, 40, 400, read + METER_SILENT_MS)).toBe(130);
    expect(buildingKwAt(meter, 120, 400, read + METER_SILENT_MS)).toBe(160);
    expect(buildingKwAt(null, 40, 400, read)).toBe(40);
  });

  it("counts a meter registered that never spoke at the plan's load plus the margin from the start", () => {
    const meter: SiteMeter = { readAt: read, siteKw: 0, buildingKw: null, silent: true };
    expect(buildingKwAt(meter, 40, 400, read)).toBe(80);
    expect(buildingKwAt(meter, 40, 400, read + 10 * METER_SILENT_MS)).toBe(80);
  });

  it("never counts less than the plan or the last reading once the reading has expired (fail safe)", () => {
    fc.assert(
      fc.property(
        fc.double({ min: 0, max: 2000, noNaN: true }),
        fc.double({ min: 1, max: 5000, noNaN: true }),
        fc.double({ min: -500, max: 5000, noNaN: true }),
        fc.integer({ min: 0, max: 48 * 3_600_000 }),
        fc.boolean(),
        (planKw, connectionKw, lastBuildingKw, after, silent) => {
          const meter: SiteMeter = { readAt: read, siteKw: 0, buildingKw: lastBuildingKw, silent };
          const counted = buildingKwAt(meter, planKw, connectionKw, read + METER_SILENT_MS + after);
          expect(counted).toBe(Math.max(planKw, lastBuildingKw) + METER_FALLBACK_MARGIN * connectionKw);
        },
      ),
    );
  });
});
