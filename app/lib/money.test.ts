import fc from "fast-check";
import { describe, expect, it } from "vitest";

import { formatPence, moneyColumns, toPence } from "./money";

describe("money as the product writes it", () => {
  it("writes whole pence as pounds and pence, a credit with a minus sign", () => {
    expect([formatPence(0), formatPence(7), formatPence(123_456), formatPence(-250)]).toEqual([
      "£0.00",
      "£0.07",
      "£1,234.56",
      "−£2.50",
    ]);
  });

  it("rounds a fraction of a penny once, half away from zero, and a spreadsheet's pounds agree with its pence", () => {
    expect([toPence(2.5), toPence(-2.5), toPence(2.4999), toPence(0)]).toEqual([3, -3, 2, 0]);
    fc.assert(
      fc.property(fc.integer({ min: -10_000_000, max: 10_000_000 }), (pence) => {
        const [whole, gbp] = moneyColumns(pence);
        expect(whole).toBe(pence);
        expect(Math.round(Number(gbp) * 100)).toBe(pence);
        expect(formatPence(pence).replace(/[£,−]/g, "")).toBe((Math.abs(pence) / 100).toFixed(2));
      }),
    );
  });
});
