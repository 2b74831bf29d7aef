/**
 * Lets the event loop turn once: sockets that have something to say are read, and their handlers run, before the
 * caller goes on. node:sqlite answers synchronously, so a round of awaited queries over every depot never lets the
 * loop turn by itself: at 5,000 chargers the alerts' minute held every charger's answer for 1.8 s (decision 081).
 * A round awaits this between two depots; the plan runner, before it computes a plan on its own thread, so the caller
 * sees the run started first. (setImmediate runs after the loop's poll for I/O, so the waiting sockets really are
 * served; a resolved promise would only let other promises in.)
 */
export function letOthersIn(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}
