/**
 * The live controller (decision 031): whenever a vehicle plugs in or leaves,
 * a connector faults or is freed, or a charger draws above its limit, and
 * every five minutes besides (departures come closer, tariff bands change),
 * it shares the depot's site limit among the vehicles plugged in (allocate.ts)
 * and sends each charger connected to this process a TxProfile with its
 * share. Lower limits go out before higher ones, so the sum sent holds at
 * every instant; a charger that refuses a profile, or draws above it, is
 * counted at what it draws and the others are tightened.
 *
 * The allocation is a function of the database and the clock, so with
 * several serving processes each computes the same shares and sends its own
 * chargers theirs.
 */

import type { OcppEndpoint } from "~/features/chargers";
import { readProfileSupport } from "~/features/chargers/index.server";
import {
  chargingChanged,
  depotChanged,
  limitsLowered,
  onChargerReady,
  onChargingChanged,
} from "~/lib/depot-signals.server";
import type { Runtime } from "~/lib/runtime.server";

import { decideDepot } from "./depot-decision.server";
import { sendDefaultProfile, sendLimits, type ReadBack } from "./send-limits.server";
import { everyFiveMinutes, lookForOtherProcesses } from "./smart-charging-rounds.server";

type Deps = Pick<Runtime, "database" | "log">;
/** Events at a depot within this long are shared out in one go (a new vehicle waits at 0 W meanwhile). */
const DEBOUNCE_MS = 500;

/**
 * `relayed`: the other processes' signals reach this one (PostgreSQL's NOTIFY, cluster.server.ts), so their
 * chargers' comings and goings need not be looked for in the database.
 */
export function startSmartCharging(
  deps: Deps,
  endpoint: Pick<OcppEndpoint, "call" | "isConnected">,
  { relayed = false } = {},
): () => void {
  const readBack: ReadBack = new Set();

  /** Decides for the depot, sends what changed, and tells the pages and the other processes. */
  const recompute = async (depotId: number) => {
    const at = Date.now();
    const { open, changes, computedMs, waitedMs } = await decideDepot(deps, endpoint, depotId, at);
    const { lowered, refused } = await sendLimits(deps, endpoint, changes, at, readBack);
    // What this process gave up, the others' chargers may now take (they decide for their own).
    if (lowered) limitsLowered(depotId);
    deps.log.debug(
      { depotId, sessions: open.length, sent: changes.length, computedMs, waitedMs, ms: Date.now() - at },
      "smart charging recomputed",
    );
    depotChanged(depotId);
    // A refusal changes what the others may have: share again with it counted at its maximum.
    if (refused) chargingChanged(depotId);
  };
  const schedule = debouncedPerDepot(recompute, (error, depotId) =>
    deps.log.error({ err: error, depotId }, "smart charging could not recompute a depot"),
  );

  const unsubscribeReady = onChargerReady((point) => {
    // First whether it takes profiles at all (its configuration), then its 0 W default for new transactions.
    void readProfileSupport(deps, endpoint, point.chargePointId)
      .then(() => sendDefaultProfile(deps, endpoint, point))
      .then((limited) => limited && schedule(point.depotId))
      .catch((error: unknown) => deps.log.warn({ err: error }, "could not prepare a charger"));
  });
  const unsubscribe = onChargingChanged(schedule);
  // On SQLite with several processes, their chargers' comings and goings are looked for in the database; on
  // PostgreSQL they arrive as signals.
  const stopLooking = relayed ? () => undefined : lookForOtherProcesses(deps, schedule);
  const stopRounds = everyFiveMinutes(deps, schedule);
  return () => {
    unsubscribe();
    unsubscribeReady();
    stopRounds();
    stopLooking();
    schedule.cancel();
  };
}

/**
 * Runs `work` for a depot once per burst of calls (DEBOUNCE_MS), one run at a time per depot: a run asked for while
 * one is going waits for it, so two decisions for a depot never overlap in this process.
 */
function debouncedPerDepot(
  work: (depotId: number) => Promise<void>,
  failed: (error: unknown, depotId: number) => void,
): ((depotId: number) => void) & { cancel: () => void } {
  const pending = new Map<number, NodeJS.Timeout>();
  const running = new Map<number, Promise<void>>();
  const run = (depotId: number) => {
    pending.delete(depotId);
    const previous = running.get(depotId) ?? Promise.resolve();
    const next = previous.then(() => work(depotId)).catch((error: unknown) => failed(error, depotId));
    running.set(depotId, next);
    void next.finally(() => {
      if (running.get(depotId) === next) running.delete(depotId);
    });
  };
  const schedule = (depotId: number) => {
    if (!pending.has(depotId))
      pending.set(
        depotId,
        setTimeout(() => run(depotId), DEBOUNCE_MS),
      );
  };
  return Object.assign(schedule, {
    cancel: () => {
      for (const t of pending.values()) clearTimeout(t);
    },
  });
}
