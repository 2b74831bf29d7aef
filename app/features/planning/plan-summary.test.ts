import { describe, expect, it } from "vitest";

import { sizedShortfall } from "./plan-labels";
import { type SizingSummary } from "./plan-summary";

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
    expect(text).toBe("1 vehicle would still be short: no number of chargers can serve every stay of VN01 ABC");
  });

  it("names the first three of many such groups, each once, without counting them as the short vehicles", () => {
    const stay = (group: string, reason: "battery" | "time") => ({
      group,
      reason,
      neededKwh: 70,
      mostKwh: 60,
      hours: 9,
    });
    const text = sizedShortfall(
      sizing([
        stay("VN01", "battery"),
        stay("VN01", "time"),
        stay("VN02", "time"),
        stay("VN03", "time"),
        stay("VN04", "time"),
        stay("VN05", "time"),
      ]),
      { vehiclesShort: 1, recommendedConnectionKva: 80 },
    );
    expect(text).toBe(
      "1 vehicle would still be short: no number of chargers can serve every stay of VN01, VN02, VN03 and 2 more",
    );
  });

  it("otherwise says the connection is the limit, and what it would need", () => {
    expect(sizedShortfall(sizing([]), { vehiclesShort: 4, recommendedConnectionKva: 1_250 })).toBe(
      "4 vehicles would still be short: the connection is then the limit (it would need 1,250 kVA)",
    );
  });
});
