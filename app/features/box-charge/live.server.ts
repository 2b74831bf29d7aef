import { EventEmitter } from "node:events";

/**
 * Tells the operations pages open in this process that a depot's chargers
 * changed (a status, a session, a reading), so they fetch the figures again.
 * The figures themselves always come from the database, so a page is the
 * same on reload as live. Bursts are folded: at most one signal per depot per
 * FOLD_MS. Across several serving processes the same signal travels through
 * the database engine (decision 031: not in this change yet).
 */
const FOLD_MS = 500;
const emitter = new EventEmitter();
emitter.setMaxListeners(0);
const pending = new Map<number, NodeJS.Timeout>();

export function depotChanged(depotId: number): void {
  if (pending.has(depotId)) return;
  pending.set(
    depotId,
    setTimeout(() => {
      pending.delete(depotId);
      emitter.emit(`depot:${depotId}`);
    }, FOLD_MS).unref(),
  );
}

/** Calls `listener` whenever the depot changes; returns the unsubscribe. */
export function onDepotChanged(depotId: number, listener: () => void): () => void {
  emitter.on(`depot:${depotId}`, listener);
  return () => emitter.off(`depot:${depotId}`, listener);
}
