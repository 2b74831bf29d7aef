import { describe, expect, it } from "vitest";

import { SITE } from "./catalogue";
import {
  designReducer,
  designStats,
  initialDesign,
  MAX_COMPONENTS,
  savedDesignSchema,
  type DesignAction,
  type DesignState,
} from "./designer-state";
import { recommendationsFor } from "./recommendations";

const run = (actions: DesignAction[], state: DesignState = initialDesign()) => actions.reduce(designReducer, state);

describe("recommendations (the specification's formulas)", () => {
  it.each([
    [0, null],
    [50, { transformerMva: 1, distributionBoards: 1, powerManagementSystem: true, storage: "load balancing" }],
    [500, { transformerMva: 1, distributionBoards: 5, powerManagementSystem: true, storage: "load balancing" }],
    [501, { transformerMva: 1, distributionBoards: 6, powerManagementSystem: true, storage: "battery storage" }],
    [1000, { transformerMva: 1, distributionBoards: 10, powerManagementSystem: true, storage: "battery storage" }],
    [1001, { transformerMva: 2, distributionBoards: 11, powerManagementSystem: true, storage: "battery storage" }],
  ])("at %i kW", (kw, expected) => {
    expect(recommendationsFor(kw)).toEqual(expected);
  });
});

describe("designer state", () => {
  it("arms a component, places it where clicked (snapped to 0.5 m) and counts its power", () => {
    const state = run([
      { type: "arm", componentId: "rapidcharger" },
      { type: "place", x: 10.26, y: 5.1 },
      { type: "place", x: 20, y: 5 },
    ]);
    expect(state.placed).toEqual([
      { uid: "c1", componentId: "rapidcharger", x: 10.5, y: 5 },
      { uid: "c2", componentId: "rapidcharger", x: 20, y: 5 },
    ]);
    expect(designStats(state.placed)).toMatchObject({ count: 2, totalKw: 300 });
    // Nothing is placed while nothing is armed.
    expect(run([{ type: "place", x: 1, y: 1 }]).placed).toEqual([]);
  });

  it("keeps footprints inside the site", () => {
    const state = run([
      { type: "arm", componentId: "parking" },
      { type: "place", x: -50, y: 500 },
    ]);
    // A 4 × 18 m bay: its centre stays 2 m and 9 m from the edges.
    expect(state.placed[0]).toMatchObject({ x: 2, y: SITE.depth - 9 });
  });

  it("undoes the last placement even after it was moved, and undo/redo step through every change", () => {
    let state = run([
      { type: "arm", componentId: "fastcharger" },
      { type: "place", x: 1, y: 1 },
      { type: "arm", componentId: "transformer" },
      { type: "place", x: 30, y: 30 },
      { type: "move", uid: "c2", x: 40, y: 20 },
    ]);
    expect(state.placed.map((p) => [p.uid, p.x, p.y])).toEqual([
      ["c1", 1, 1],
      ["c2", 40, 20],
    ]);
    state = designReducer(state, { type: "undo-last-placement" });
    expect(state.placed.map((p) => p.uid)).toEqual(["c1"]);
    state = designReducer(state, { type: "undo" });
    expect(state.placed.map((p) => [p.uid, p.x])).toEqual([
      ["c1", 1],
      ["c2", 40],
    ]);
    state = designReducer(state, { type: "undo" });
    expect(state.placed.find((p) => p.uid === "c2")!.x).toBe(30);
    state = designReducer(designReducer(state, { type: "redo" }), { type: "redo" });
    expect(state.placed.map((p) => p.uid)).toEqual(["c1"]);
    // A new change clears what could be redone.
    state = designReducer(designReducer(state, { type: "undo" }), { type: "select", uid: "c1" });
    state = designReducer(state, { type: "delete" });
    expect(state.future).toEqual([]);
  });

  it("selects, nudges and deletes the selected component; new ids never repeat", () => {
    let state = run([
      { type: "arm", componentId: "ultracharger" },
      { type: "place", x: 10, y: 10 },
      { type: "select", uid: "c1" },
      { type: "nudge", dx: 1, dy: -0.5 },
    ]);
    expect(state.placed[0]).toMatchObject({ x: 11, y: 9.5 });
    expect(state.armed).toBeNull();
    state = run(
      [{ type: "delete" }, { type: "arm", componentId: "fastcharger" }, { type: "place", x: 5, y: 5 }],
      state,
    );
    expect(state.placed.map((p) => p.uid)).toEqual(["c2"]);
    // Reloading a saved design continues the numbering.
    const reloaded = run(
      [
        { type: "arm", componentId: "fastcharger" },
        { type: "place", x: 6, y: 6 },
      ],
      initialDesign(state.placed),
    );
    expect(reloaded.placed.map((p) => p.uid)).toEqual(["c2", "c3"]);
  });

  it("validates a saved design on the server's terms", () => {
    expect(savedDesignSchema.safeParse([{ uid: "c1", componentId: "fastcharger", x: 1, y: 1 }]).success).toBe(true);
    expect(savedDesignSchema.safeParse([{ uid: "c1", componentId: "nuclear", x: 1, y: 1 }]).success).toBe(false);
    expect(savedDesignSchema.safeParse([{ uid: "c1", componentId: "fastcharger", x: 1e9, y: 1 }]).success).toBe(false);
    expect(
      savedDesignSchema.safeParse([
        { uid: "c1", componentId: "fastcharger", x: 1, y: 1 },
        { uid: "c1", componentId: "fastcharger", x: 2, y: 2 },
      ]).success,
    ).toBe(false);
    const tooMany = Array.from({ length: MAX_COMPONENTS + 1 }, (_, i) => ({
      uid: `c${i + 1}`,
      componentId: "fastcharger",
      x: 1,
      y: 1,
    }));
    expect(savedDesignSchema.safeParse(tooMany).success).toBe(false);
  });
});
