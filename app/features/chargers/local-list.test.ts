import fc from "fast-check";
import { describe, expect, it } from "vitest";

import { applyUpdates, distinctTags, listUpdates } from "./local-list";

const tag = fc.constantFrom("A-1", "a-1", "A-2", "B-7", "VAN-01", "van-01", "CARD-9", "X", "Y", "Z", "Q-5", "R-6");
const list = fc.array(tag, { maxLength: 14 });
const keys = (tags: readonly string[] | null) =>
  tags === null ? null : [...new Set(tags.map((t) => t.toLowerCase()))].sort();

describe("a charger's local authorization list", () => {
  it("reaches exactly the wanted list, each message within the charger's limit, versions one apart", () => {
    fc.assert(
      fc.property(
        fc.option(list, { nil: null }),
        fc.nat({ max: 1000 }),
        list,
        fc.integer({ min: 1, max: 6 }),
        (held, version, wanted, perMessage) => {
          const updates = listUpdates(held, version, wanted, perMessage);
          expect(keys(applyUpdates(held, updates))).toEqual(keys(wanted));
          for (const u of updates) expect(u.add.length + u.remove.length).toBeLessThanOrEqual(perMessage);
          expect(updates.map((u) => u.version)).toEqual(updates.map((_, i) => version + i + 1));
          // Not known: the first message is the whole list's start; known: only what differs is sent.
          if (held === null) expect(updates[0]?.kind).toBe("Full");
          else if (updates.every((u) => u.kind === "Differential"))
            expect(updates.reduce((n, u) => n + u.add.length + u.remove.length, 0)).toBeLessThanOrEqual(
              Math.max(distinctTags(wanted).length, 1),
            );
        },
      ),
      { numRuns: 500 },
    );
  });

  it("sends nothing to a charger that holds the list already, whatever the case of its tags", () => {
    expect(listUpdates(["VAN-01", "a-1"], 7, ["van-01", "A-1"], 3)).toEqual([]);
  });

  it("sends one tag added and one removed as a single differential update", () => {
    expect(listUpdates(["A-1", "B-7"], 4, ["A-1", "Q-5"], 10)).toEqual([
      { version: 5, kind: "Differential", add: ["Q-5"], remove: ["B-7"] },
    ]);
  });
});
