import { EventEmitter } from "node:events";

/**
 * Box Charge's signals within a serving process (and, relayed, across them): the live controller hears that a
 * depot's charging changed, the pages that a depot's chargers changed. Tells the operations pages open in this
 * process that a depot's chargers
 * changed (a status, a session, a reading), so they fetch the figures again.
 * The figures themselves always come from the database, so a page is the
 * same on reload as live. Bursts are folded: at most one signal per depot per
 * FOLD_MS. Across several serving processes on PostgreSQL the signals of
 * this process are relayed to the others (cluster.server.ts, decision 032).
 */
const FOLD_MS = 500;
const emitter = new EventEmitter();
emitter.setMaxListeners(0);
const pending = new Map<number, { timer: NodeJS.Timeout; relay: boolean }>();

type Signal = { kind: "depot" | "charging"; depotId: number } | { kind: "tags" };
let relay: ((signal: Signal) => void) | null = null;

/** Sends this process's own signals on to the other processes as well (one relay at a time); returns the stop. */
export function relayTo(send: (signal: Signal) => void): () => void {
  relay = send;
  return () => {
    if (relay === send) relay = null;
  };
}

/** A depot's chargers changed; `relayed` when the signal came from another process (so it is not sent back). */
export function depotChanged(depotId: number, { relayed = false } = {}): void {
  const folding = pending.get(depotId);
  if (folding) {
    folding.relay ||= !relayed;
    return;
  }
  const entry = {
    relay: !relayed,
    timer: setTimeout(() => {
      pending.delete(depotId);
      emitter.emit(`depot:${depotId}`);
      // Folded here too: one message per depot per FOLD_MS at most, however many readings arrive.
      if (entry.relay) relay?.({ kind: "depot", depotId });
    }, FOLD_MS).unref(),
  };
  pending.set(depotId, entry);
}

/**
 * For the live controller (smart-charging.server.ts): a vehicle plugged in or
 * left, or a connector faulted or freed, at a depot; or a connector drew
 * more than its limit. Not folded: the controller debounces per depot.
 */
export function chargingChanged(depotId: number, { relayed = false } = {}): void {
  emitter.emit("charging", depotId);
  if (!relayed) relay?.({ kind: "charging", depotId });
}

/** Tells the other processes only (this one knows): a depot's limits were lowered here, so theirs may rise. */
export function limitsLowered(depotId: number): void {
  relay?.({ kind: "charging", depotId });
}

/**
 * Which tags may charge where changed (a vehicle named or removed, a visit booked or cancelled, a site's access):
 * the chargers' local lists are brought up to date. Folded like the others; relayed to the other processes.
 */
let tagsPending: NodeJS.Timeout | null = null;
export function tagsChanged({ relayed = false } = {}): void {
  if (!relayed) relay?.({ kind: "tags" });
  if (tagsPending) return;
  tagsPending = setTimeout(() => {
    tagsPending = null;
    emitter.emit("tags");
  }, FOLD_MS);
  tagsPending.unref();
}

export function onTagsChanged(listener: () => void): () => void {
  emitter.on("tags", listener);
  return () => emitter.off("tags", listener);
}

/** A charger booted or reconnected after a boot: the controller gives it its default for new transactions. */
export function chargerReady(point: { chargePointId: number; depotId: number }): void {
  emitter.emit("ready", point);
}

export function onChargerReady(listener: (point: { chargePointId: number; depotId: number }) => void): () => void {
  emitter.on("ready", listener);
  return () => emitter.off("ready", listener);
}

export function onChargingChanged(listener: (depotId: number) => void): () => void {
  emitter.on("charging", listener);
  return () => emitter.off("charging", listener);
}

/** Calls `listener` whenever the depot changes; returns the unsubscribe. */
export function onDepotChanged(depotId: number, listener: () => void): () => void {
  emitter.on(`depot:${depotId}`, listener);
  return () => emitter.off(`depot:${depotId}`, listener);
}
