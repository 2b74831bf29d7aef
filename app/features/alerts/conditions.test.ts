import { describe, expect, it } from "vitest";

import { conditionsAt, type DepotNow } from "./conditions";

const quiet: DepotNow = { loadKw: 0, limitKw: 100, chargers: [], readiness: { rows: [] }, meter: null };

describe("a depot's conditions from the network (issue 60)", () => {
  it("says so when a flexible connection is held to its firm part, and when the network lowers the site", () => {
    expect(conditionsAt(quiet)).toEqual([]);
    const held = conditionsAt({
      ...quiet,
      connection: { name: "Flexible, 2026", nowKva: 60, failSafe: true, loweredTo: null, loweredUntil: null },
    });
    expect(held.map((c) => [c.kind, c.reason])).toEqual([
      [
        "network-silent",
        "The network has not been heard for five minutes or more: Flexible, 2026 is held to its firm part (60 kVA) until it is.",
      ],
    ]);
    const lowered = conditionsAt({
      ...quiet,
      connection: {
        name: "The plan's connection",
        nowKva: 120,
        failSafe: false,
        loweredTo: 120,
        loweredUntil: "2026-12-01T19:00:00.000Z",
      },
    });
    expect(lowered.map((c) => [c.kind, c.reason])).toEqual([
      ["network-limit", "The network has lowered the site to 120 kVA until 19:00."],
    ]);
  });
});
