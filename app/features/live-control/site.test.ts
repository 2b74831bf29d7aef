import fc from "fast-check";
import { DateTime } from "luxon";
import { describe, expect, it } from "vitest";

import { priceAt, TARIFF_PRESETS } from "~/features/charging-engine";
import { parseProfileCsv } from "~/features/connections";

import { siteLimitKw, siteSlots, type DepotSite } from "./site";

const site: DepotSite = {
  connectionKw: 400,
  // A building busier by day, so the room changes on the hour as well as the price on its bands.
  buildingKwByHour: Array.from({ length: 24 }, (_, h) => (h >= 7 && h < 19 ? 120 + h : 30)),
  tariff: TARIFF_PRESETS["red-amber-green"],
  tariffFromPlan: true,
  inputs: null,
  planPerDay: null,
  meter: null,
  connectionOffer: null,
};

/** A flexible connection in force: 200 kVA firm and 400 non-firm, at power factor 1. */
const FLEXIBLE_200_400: DepotSite["connectionOffer"] = {
  name: "Flexible",
  shape: { kind: "flexible", name: "Flexible", firmKva: 200, nonFirmKva: 400, record: "imported", curtailment: [] },
  powerFactor: 1,
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

  it("holds a profiled connection in force to its half hour of the UK clock, and a flexible one to its firm part", () => {
    // Weekday evenings at 300 kVA in winter, 600 otherwise; summer 700 throughout (issue 60).
    const profile = parseProfileCsv(
      "winter,weekdays,00:00,16:00,600\nwinter,weekdays,16:00,19:30,300\nwinter,weekdays,19:30,24:00,600\nwinter,weekends,00:00,24:00,600\nsummer,all,00:00,24:00,700",
    );
    const profiled: DepotSite = {
      ...site,
      connectionOffer: { name: "Profiled", shape: { kind: "profiled", name: "Profiled", profile }, powerFactor: 0.9 },
    };
    const kvaAt = (at: number) => {
      const local = DateTime.fromMillis(at, { zone: "Europe/London" });
      if (local.month >= 4 && local.month <= 10) return 700;
      const evening =
        local.weekday <= 5 &&
        local.hour * 60 + local.minute >= 16 * 60 &&
        local.hour * 60 + local.minute < 19 * 60 + 30;
      return evening ? 300 : 600;
    };
    const instant = fc.integer({ min: Date.UTC(2026, 0, 1), max: Date.UTC(2028, 0, 1) });
    fc.assert(
      fc.property(instant, (at) => {
        for (const slot of siteSlots(profiled, at, 24))
          for (let minute = slot.from; minute < slot.to; minute += 60_000) {
            const building = site.buildingKwByHour[DateTime.fromMillis(minute, { zone: "Europe/London" }).hour]!;
            expect({ at: minute, roomKw: slot.roomKw }).toEqual({
              at: minute,
              roomKw: Math.max(0, kvaAt(minute) * 0.9 - building),
            });
          }
      }),
      { numRuns: 30 },
    );
    const flexible: DepotSite = {
      ...site,
      connectionOffer: FLEXIBLE_200_400,
    };
    // 03:00 on a winter night, the building at 30 kW: the firm 200 kVA less it, not the 600 the two parts make.
    expect(siteLimitKw(flexible, Date.UTC(2026, 11, 2, 3))).toBe(170);
  });

  it("uses a flexible connection's non-firm part only until the network's channel falls silent, and obeys its limits over every slot they touch", () => {
    const heardAt = Date.UTC(2026, 11, 2, 2, 58);
    const flexible: DepotSite = {
      ...site,
      connectionOffer: FLEXIBLE_200_400,
      // Heard at 02:58; a limit of 100 kVA from 03:41 to 03:52 (GMT in December).
      network: {
        heardAt,
        instructions: [{ from: Date.UTC(2026, 11, 2, 3, 41), until: Date.UTC(2026, 11, 2, 3, 52), limitKva: 100 }],
      },
    };
    const at = Date.UTC(2026, 11, 2, 3, 0);
    const slots = siteSlots(flexible, at, 2);
    const roomAt = (minute: number) => slots.find((s) => s.from <= minute && minute < s.to)!.roomKw;
    // Both parts (600 kVA less the building's 30 kW) until 03:03, five minutes after it was heard: the schedules sent
    // now step down there by themselves, whether or not the server is still up to decide again.
    expect(slots.some((s) => s.to === heardAt + 5 * 60_000)).toBe(true);
    expect(roomAt(at)).toBe(570);
    expect(roomAt(heardAt + 5 * 60_000)).toBe(170);
    // The limit's slots, 03:40 to 03:55 whole: 100 kVA less the building.
    for (const minute of [40, 41, 47, 51, 54]) expect(roomAt(Date.UTC(2026, 11, 2, 3, minute))).toBe(70);
    expect(roomAt(Date.UTC(2026, 11, 2, 3, 39))).toBe(170);
    expect(roomAt(Date.UTC(2026, 11, 2, 3, 55))).toBe(170);
  });
});
