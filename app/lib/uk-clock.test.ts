import fc from "fast-check";
import { DateTime } from "luxon";
import { describe, expect, it } from "vitest";

import { nextClockTime, parseMonth, ukFields } from "./uk-clock";
import { UK_ZONE } from "./uk-dates";

describe("a departure set by hand as a UK clock time", () => {
  it("is the time's next occurrence, across midnight and the clocks changing", () => {
    const at = (iso: string) => Date.parse(iso);
    // 18:00 UK in winter (UTC): 06:30 is tomorrow's, 19:15 today's.
    expect(new Date(nextClockTime("06:30", at("2026-11-27T18:00:00Z"))).toISOString()).toBe("2026-11-28T06:30:00.000Z");
    expect(new Date(nextClockTime("19:15", at("2026-11-27T18:00:00Z"))).toISOString()).toBe("2026-11-27T19:15:00.000Z");
    // The night the clocks go forward (29 Mar 2026): 06:30 UK is 05:30 UTC.
    expect(new Date(nextClockTime("06:30", at("2026-03-28T22:00:00Z"))).toISOString()).toBe("2026-03-29T05:30:00.000Z");
    // The same minute as now is tomorrow's.
    expect(new Date(nextClockTime("18:00", at("2026-11-27T18:00:00Z"))).toISOString()).toBe("2026-11-28T18:00:00.000Z");
  });
});

describe("a month as the product reads one", () => {
  it("is its first moment on the UK clock, this month when none is given, and nothing else is taken", () => {
    expect(parseMonth("2026-07").toISO()).toBe("2026-07-01T00:00:00.000+01:00");
    expect(parseMonth(null, Date.parse("2026-11-28T03:00:00Z")).toISO()).toBe("2026-11-01T00:00:00.000+00:00");
    for (const bad of ["2026-13", "2026-7", "26-07", "2026-07-01", "1999-12", "x"])
      expect(() => parseMonth(bad)).toThrow("Give the month as YYYY-MM");
  });
});

describe("the UK clock's fields at an instant", () => {
  it("are luxon's at any instant from 1990 to 2100, the hours the clocks change included", () => {
    const instants = fc.oneof(
      fc.integer({ min: Date.parse("1990-01-01T00:00:00Z"), max: Date.parse("2100-01-01T00:00:00Z") }),
      // Around the changes: the last Sundays of March and October, 00:00–02:00 UTC, to the millisecond.
      fc
        .record({
          year: fc.integer({ min: 1996, max: 2099 }),
          october: fc.boolean(),
          ms: fc.integer({ min: -1, max: 2 * 3_600_000 }),
        })
        .map(({ year, october, ms }) => {
          const end = DateTime.utc(year, october ? 10 : 3, 31);
          return end.minus({ days: end.weekday % 7 }).toMillis() + ms;
        }),
    );
    fc.assert(
      fc.property(instants, (at) => {
        const luxon = DateTime.fromMillis(at, { zone: UK_ZONE });
        expect(ukFields(at)).toEqual({
          month: luxon.month,
          weekday: luxon.weekday,
          hour: luxon.hour,
          minute: luxon.minute,
        });
      }),
      { numRuns: 2_000 },
    );
  });
});
