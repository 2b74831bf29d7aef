/**
 * The last OCPP frames of each charger this process holds (issue 59, item 4), for support: what it said and was told
 * lately, on its page and as a download. Bounded: at most FRAMES_KEPT frames a charger, each cut at FRAME_CHARS
 * characters (a charger's worst case about 50 kB, a typical one under 15 kB), kept in memory only (a restart or another
 * serving process starts afresh) and kept after the charger drops, so the frames before a fault are still there.
 */
export const FRAMES_KEPT = 50;
export const FRAME_CHARS = 1_000;

export type Frame = { at: string; direction: "in" | "out"; text: string };

export class FrameLog {
  private readonly frames = new Map<number, Frame[]>();

  add(chargePointId: number, direction: Frame["direction"], message: string | Buffer, at = new Date()) {
    const text = String(message);
    const kept = this.frames.get(chargePointId) ?? [];
    kept.push({
      at: at.toISOString(),
      direction,
      text: text.length > FRAME_CHARS ? `${text.slice(0, FRAME_CHARS)}… (${text.length} characters)` : text,
    });
    if (kept.length > FRAMES_KEPT) kept.splice(0, kept.length - FRAMES_KEPT);
    this.frames.set(chargePointId, kept);
  }

  /** The charger's frames, oldest first; null when this process never held it. */
  of(chargePointId: number): Frame[] | null {
    const kept = this.frames.get(chargePointId);
    return kept ? [...kept] : null;
  }
}

/** This process's log (one endpoint a process). */
export const frameLog = new FrameLog();
