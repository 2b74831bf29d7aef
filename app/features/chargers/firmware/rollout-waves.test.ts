import fc from "fast-check";
import { describe, expect, it } from "vitest";

import { FINISHED, rolloutStep, waveOf } from "./rollout-waves";

const STATUSES = [
  "waiting",
  "sent",
  "Downloading",
  "Installing",
  "Installed",
  "done",
  "failed",
  "skipped",
  "cancelled",
];

describe("a rollout's waves", () => {
  it("puts the first chargers in wave 1 and doubles each wave after", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 20 }), fc.integer({ min: 1, max: 400 }), (first, count) => {
        const waves = Array.from({ length: count }, (_, i) => waveOf(i, first));
        // Never decreasing, no wave skipped, wave k holding first × 2^(k−1) (the last may be short).
        for (let i = 1; i < count; i++) expect(waves[i]! - waves[i - 1]!).toBeGreaterThanOrEqual(0);
        const last = waves[count - 1]!;
        for (let k = 1; k <= last; k++) {
          const size = waves.filter((w) => w === k).length;
          if (k < last) expect(size).toBe(first * 2 ** (k - 1));
          else expect(size).toBeGreaterThan(0);
        }
      }),
    );
  });

  it("never sends a wave while an earlier one is under way, pauses on any failure, and ends only when all are finished", () => {
    const update = fc.record({ wave: fc.integer({ min: 1, max: 4 }), status: fc.constantFrom(...STATUSES) });
    fc.assert(
      fc.property(fc.array(update, { maxLength: 30 }), (updates) => {
        const step = rolloutStep(updates);
        if (updates.some((u) => u.status === "failed")) {
          expect(step.kind).toBe("pause");
          return;
        }
        if (step.kind === "done") {
          expect(updates.every((u) => FINISHED.has(u.status))).toBe(true);
          return;
        }
        expect(step.kind === "send" || step.kind === "wait").toBe(true);
        if (step.kind !== "send" && step.kind !== "wait") return;
        // Every earlier wave is finished; the wave sent has a waiting update.
        expect(updates.filter((u) => u.wave < step.wave).every((u) => FINISHED.has(u.status))).toBe(true);
        if (step.kind === "send")
          expect(updates.some((u) => u.wave === step.wave && u.status === "waiting")).toBe(true);
        else expect(updates.some((u) => u.wave === step.wave && u.status === "waiting")).toBe(false);
      }),
    );
  });
});
