import { describe, expect, it } from "vitest";

import { sizedShortfall, type SizingSummary } from "./plan-summary";

describe("why vehicles are still short with the sized chargers", () => {
  const sizing = (unreachable: SizingSummary["unreachable"]): SizingSummary => ({
    chargers: [{ powerKw: 7, kind: "AC", pricePounds: 1_500, count: 3 }],
    capitalPounds: 4_500,
    rotation: false,
    unreachable,
    strategies: [],
  });

  it("names the groups no charger can serve rather than blaming the connection", () => {
    const text = sizedShortfall(
      sizing([{ group: "VN01 ABC", reason: "battery", neededKwh: 70, mostKwh: 67.5, hours: 60 }]),
      { vehiclesShort: 1, recommendedConnectionKva: 80 },
    );
    expect(text).toBe("1 vehicle would still be short: the ones no number of chargers can serve (VN01 ABC)");
  });

  it("otherwise says the connection is the limit, and what it would need", () => {
    expect(sizedShortfall(sizing([]), { vehiclesShort: 4, recommendedConnectionKva: 1_250 })).toBe(
      "4 vehicles would still be short: the connection is then the limit (it would need 1,250 kVA)",
    );
  });
});
