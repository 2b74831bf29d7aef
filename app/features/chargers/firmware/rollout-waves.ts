/**
 * A firmware rollout's waves (issue 59, item 3): a few chargers first, then twice as many each wave, and the next wave
 * only once every charger of the last one has installed and come back. Pure, so the rule is tested on its own
 * (rollout-waves.test.ts) and the keeper (firmware-updates.server.ts) only carries it out.
 */

/** Finished for the rollout: installed and back, failed, skipped by the operator, or cancelled. */
export const FINISHED = new Set(["done", "failed", "skipped", "cancelled"]);

/** The wave (1, 2, 3…) of the charger at `index` (0-based) when the first wave has `first` chargers and each next doubles. */
export function waveOf(index: number, first: number): number {
  if (!Number.isInteger(index) || index < 0 || !Number.isInteger(first) || first < 1)
    throw new RangeError("waveOf takes a whole index ≥ 0 and a first wave ≥ 1");
  // Waves 1..k hold first × (2^k − 1) chargers: the index is in wave k when it is below that and not below k − 1's.
  let wave = 1;
  while (first * (2 ** wave - 1) <= index) wave++;
  return wave;
}

export type RolloutStep =
  | { kind: "send"; wave: number }
  | { kind: "wait"; wave: number }
  | { kind: "pause"; wave: number; failed: number }
  | { kind: "done" };

/**
 * What the rollout does next, from its updates' waves and statuses: pause when any update failed (the operator looks,
 * then skips it or cancels); send the waiting updates of the first wave not finished; wait while that wave is under
 * way; done when every update is finished.
 */
export function rolloutStep(updates: readonly { wave: number; status: string }[]): RolloutStep {
  const failed = updates.filter((u) => u.status === "failed");
  if (failed.length > 0) return { kind: "pause", wave: Math.min(...failed.map((u) => u.wave)), failed: failed.length };
  const open = updates.filter((u) => !FINISHED.has(u.status));
  if (open.length === 0) return { kind: "done" };
  const wave = Math.min(...open.map((u) => u.wave));
  return open.some((u) => u.wave === wave && u.status === "waiting") ? { kind: "send", wave } : { kind: "wait", wave };
}
