import fc from "fast-check";
import { describe, expect, it } from "vitest";

import { FRAME_CHARS, FrameLog, FRAMES_KEPT } from "./frame-log";

describe("a charger's last frames", () => {
  it("keeps each charger's last frames in order, none over the size, whatever comes", () => {
    const frame = fc.record({
      charger: fc.integer({ min: 1, max: 3 }),
      direction: fc.constantFrom("in" as const, "out" as const),
      text: fc.string({ maxLength: FRAME_CHARS * 2 }),
    });
    fc.assert(
      fc.property(fc.array(frame, { maxLength: FRAMES_KEPT * 3 }), (frames) => {
        const log = new FrameLog();
        frames.forEach((f, i) => log.add(f.charger, f.direction, `${i}:${f.text}`));
        for (const charger of [1, 2, 3]) {
          const sent = frames.map((f, i) => ({ ...f, i })).filter((f) => f.charger === charger);
          const kept = log.of(charger);
          if (!sent.length) {
            expect(kept).toBeNull();
            continue;
          }
          const last = sent.slice(-FRAMES_KEPT);
          expect(kept!.map((k) => k.text.slice(0, String(k.text).indexOf(":")))).toEqual(last.map((f) => String(f.i)));
          expect(kept!.map((k) => k.direction)).toEqual(last.map((f) => f.direction));
          for (const k of kept!) expect(k.text.length).toBeLessThanOrEqual(FRAME_CHARS + 40);
        }
      }),
      { numRuns: 200 },
    );
  });
});
