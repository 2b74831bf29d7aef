import { describe, expect, it } from "vitest";

import { formatCurve, parseCurve } from "./curve-input";

describe("charging curve field", () => {
  it("reads charge:power pairs, and says when it cannot", () => {
    expect(parseCurve("0:150, 80:150, 100:40")).toEqual([
      [0, 150],
      [80, 150],
      [100, 40],
    ]);
    expect(parseCurve("0 150; 100 40")).toEqual([
      [0, 150],
      [100, 40],
    ]);
    expect(parseCurve("  ")).toBeUndefined();
    expect(parseCurve("0:150, 80")).toBeNull();
    expect(parseCurve("fast")).toBeNull();
    expect(formatCurve(parseCurve("0:150,100:40")!)).toBe("0:150, 100:40");
  });
});
