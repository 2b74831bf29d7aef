/**
 * What keeps the chargers of this process up to date in the background (their local lists, their reservations):
 * work run one after another per key, so two passes never overlap for one charger or depot, and the signals that
 * start a pass (a charger ready, tags or visits changed, a timer). One home, so each keeper is only its own work.
 */
import type { Logger } from "pino";

import { onChargerReady, onTagsChanged } from "~/lib/depot-signals.server";

/**
 * Runs `work` for a key after the last work for that key ended; a failure is logged and does not stop the next. Work
 * asked for while the key's next work is still waiting to begin is dropped: every keeper's work reads the state afresh
 * when it begins, so the waiting one does it (a hundred tag changes in a row are not a hundred passes per charger).
 */
export function serialPerKey<K>(log: Pick<Logger, "warn">, what: string) {
  const queue = new Map<K, Promise<void>>();
  const waiting = new Set<K>();
  return (key: K, work: () => Promise<void>) => {
    if (waiting.has(key)) return;
    waiting.add(key);
    const mine = (queue.get(key) ?? Promise.resolve())
      .then(() => {
        waiting.delete(key);
        return work();
      })
      .catch((error: unknown) => log.warn({ err: error, key }, `${what} failed`));
    queue.set(key, mine);
    void mine.then(() => queue.get(key) === mine && queue.delete(key));
  };
}

/**
 * Calls `ready` when a charger is ready, `all` when tags or visits change, and `every` (else `all`) every `everyMs`;
 * answers the stop.
 */
export function keepUp(options: {
  ready: (point: { chargePointId: number; depotId: number }) => void;
  all: () => void;
  every?: () => void;
  everyMs: number;
}): () => void {
  const stopReady = onChargerReady(options.ready);
  const stopTags = onTagsChanged(options.all);
  const timer = setInterval(options.every ?? options.all, options.everyMs);
  timer.unref();
  return () => {
    stopReady();
    stopTags();
    clearInterval(timer);
  };
}

/** The charger's own error code of a failed call (NotImplemented, NotSupported…), kept as its cause by the endpoint. */
export function chargerErrorCode(error: unknown): string | null {
  const rpc = error instanceof Error && error.cause ? error.cause : error;
  const code = (rpc as { rpcErrorCode?: unknown } | null)?.rpcErrorCode;
  return typeof code === "string" ? code : null;
}
