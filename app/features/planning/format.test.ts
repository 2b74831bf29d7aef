import fc from "fast-check";
import { describe, expect, it } from "vitest";

import { clock, parseClock } from "./format";

describe("24-hour times in the plan editor", () => {
  it("reads back every minute of the day as written, and as typed without the colon or the leading zero", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1439 }), (minutes) => {
        const written = clock(minutes);
        expect(parseClock(written)).toBe(minutes);
        expect(parseClock(written.replace(":", ""))).toBe(minutes);
        expect(parseClock(written.replace(/^0/, ""))).toBe(minutes);
      }),
    );
  });

  it("takes nothing that is not a 24-hour time", () => {
    for (const text of [
      "",
      "24:00",
      "12:60",
      "7:3",
      "12345",
      "7.30",
      "7:30 AM",
      "12:30 PM",
      "noon",
      "-1:00",
      "07:30:00",
    ])
      expect(parseClock(text), text).toBeNull();
  });
});
