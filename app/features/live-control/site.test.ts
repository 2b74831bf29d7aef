import fc from "fast-check";
import { DateTime } from "luxon";
import { describe, expect, it } from "vitest";

import { priceAt, TARIFF_PRESETS } from "~/features/charging-engine";

import { siteSlots, type DepotSite } from "./site";

const site: DepotSite = {
  connectionKw: 400,
  // A building busier by day, so the room changes on the hour as well as the price on its bands.
  buildingKwByHour: Array.from({ length: 24 }, (_, h) => (h >= 7 && h < 19 ? 120 + h : 30)),
  tariff: TARIFF_PRESETS["red-amber-green"],
  tariffFromPlan: true,
  inputs: null,
  planPerDay: null,
  meter: null,
};

describe("the day ahead as slots", () => {
  // Each minute's room and price read from the UK clock at that minute, the zone looked up every time.
  const expected = (at: number) => {
    const local = DateTime.fromMillis(at, { zone: "Europe/London" });
    return {
      roomKw: Math.max(0, site.connectionKw! - site.buildingKwByHour[local.hour]!),
      pence: priceAt(site.tariff, local.weekday - 1, local.hour * 60 + local.minute),
    };
  };

  it("gives every minute ahead the room and price of the UK clock at that minute, clock changes included", () => {
    const clockChanges = [Date.UTC(2026, 2, 29, 1), Date.UTC(2026, 9, 25, 1), Date.UTC(2027, 2, 28, 1)];
    const instant = fc.oneof(
      fc.integer({ min: Date.UTC(2026, 0, 1), max: Date.UTC(2028, 0, 1) }),
      // Within a day either side of a clock change, where one offset for the whole window would be wrong.
      fc
        .tuple(fc.constantFrom(...clockChanges), fc.integer({ min: -26 * 3_600_000, max: 26 * 3_600_000 }))
        .map(([change, delta]) => change + delta),
    );
    fc.assert(
      fc.property(instant, (at) => {
        const slots = siteSlots(site, at, 24);
        expect(slots[0]!.from).toBe(at);
        for (let i = 1; i < slots.length; i++) expect(slots[i]!.from).toBe(slots[i - 1]!.to);
        for (const slot of slots)
          for (let minute = slot.from; minute < slot.to; minute += 60_000)
            expect({ roomKw: slot.roomKw, pence: slot.pence }).toEqual(expected(minute));
      }),
      { numRuns: 40 },
    );
  });
});
