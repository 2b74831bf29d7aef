import { describe, expect, it } from "vitest";

import { catalogueItem, MARKER_M } from "./catalogue";
import {
  chargersOf,
  designReducer,
  initialDesign,
  MAX_COMPONENTS,
  savedDesignSchema,
  type Placed,
} from "./designer-state";
import { describeFit, fitChargers } from "./fit-chargers";

const byPower = (placed: Placed[]) => Object.fromEntries(chargersOf(placed).map((c) => [c.powerKw, c.count]));

/** No charger's marker covers another component's marker or footprint (parking bays excepted). */
function overlaps(placed: Placed[]): [string, string][] {
  const room = (p: Placed) => {
    const spec = catalogueItem(p.componentId);
    const marker = p.componentId === "parking" ? 0 : MARKER_M;
    return { x: Math.max(spec.width / 2, marker), y: Math.max(spec.depth / 2, marker) };
  };
  const clashes: [string, string][] = [];
  for (const [i, a] of placed.entries())
    for (const b of placed.slice(i + 1)) {
      if (a.componentId === "parking" || b.componentId === "parking") continue;
      const ra = room(a);
      const rb = room(b);
      if (Math.abs(a.x - b.x) < ra.x + rb.x && Math.abs(a.y - b.y) < ra.y + rb.y) clashes.push([a.uid, b.uid]);
    }
  return clashes;
}

describe("putting a plan's chargers on the layout", () => {
  const layout: Placed[] = [
    { uid: "c1", componentId: "fastcharger", x: 10, y: 30 },
    { uid: "c2", componentId: "fastcharger", x: 20, y: 30 },
    { uid: "c3", componentId: "rapidcharger", x: 30, y: 30 },
    { uid: "c4", componentId: "transformer", x: 3, y: 3 },
    { uid: "c5", componentId: "parking", x: 50, y: 40 },
    { uid: "c6", componentId: "parking", x: 54, y: 40 },
  ];

  it("keeps chargers of a wanted power where they stand, removes the rest and adds what is missing", () => {
    const fitted = fitChargers(layout, [
      { powerKw: 22, count: 6 },
      { powerKw: 50, count: 1 },
    ]);
    expect(byPower(fitted.placed)).toEqual({ 22: 6, 50: 1 });
    expect(fitted.placed).toContainEqual(layout[0]);
    expect(fitted.placed.some((p) => p.uid === "c2" || p.uid === "c3")).toBe(false);
    expect(fitted.placed.filter((p) => ["transformer", "parking"].includes(p.componentId))).toHaveLength(3);
    expect({ added: fitted.added, removed: fitted.removed, notPlaced: fitted.notPlaced }).toEqual({
      added: 6,
      removed: 2,
      notPlaced: [],
    });
    expect(overlaps(fitted.placed)).toEqual([]);
    expect(savedDesignSchema.safeParse(fitted.placed).success).toBe(true);
  });

  it("puts the first new chargers at the head of the parking bays, then along the top of the site", () => {
    const fitted = fitChargers(layout, [{ powerKw: 150, count: 4 }]);
    const added = fitted.placed.filter((p) => p.componentId === "rapidcharger" && p.uid !== "c3");
    // The bays run from y = 31 to 49: their heads are just above, at x = 50 and 54.
    expect(added.map((p) => [p.x, p.y])).toEqual([[50, 29], [54, 29], expect.any(Array)]);
  });

  it("says which chargers have no unit in the catalogue or no room on the site", () => {
    const fitted = fitChargers(
      [],
      [
        { powerKw: 75, count: 2 },
        { powerKw: 7, count: 600 },
      ],
    );
    expect(fitted.placed.length).toBeLessThanOrEqual(MAX_COMPONENTS);
    expect(fitted.notPlaced).toEqual([
      { powerKw: 75, count: 2, why: "no-unit" },
      { powerKw: 7, count: 600 - fitted.added, why: "no-room" },
    ]);
    expect(overlaps(fitted.placed)).toEqual([]);
    expect(describeFit(fitted).missing).toMatch(/2 × 75 kW \(no such unit in the layout's catalogue\)/);
  });

  it("is one step the designer can undo, and changes nothing when the layout already fits", () => {
    const fitted = fitChargers(layout, [{ powerKw: 11, count: 2 }]);
    const state = designReducer(initialDesign(layout), { type: "replace", placed: fitted.placed });
    expect(byPower(state.placed)).toEqual({ 11: 2 });
    expect(designReducer(state, { type: "undo" }).placed).toEqual(layout);
    // A component placed afterwards never reuses a uid.
    const next = designReducer(designReducer(state, { type: "arm", componentId: "parking" }), {
      type: "place",
      x: 80,
      y: 50,
    });
    expect(new Set(next.placed.map((p) => p.uid)).size).toBe(next.placed.length);
    const again = fitChargers(fitted.placed, [{ powerKw: 11, count: 2 }]);
    expect(again.placed).toEqual(fitted.placed);
    expect(describeFit(again).done).toMatch(/already has these chargers/);
  });
});
