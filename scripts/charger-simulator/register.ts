/**
 * Simulated chargers registered to a depot (SIM-<depot>-NN; an existing one is given a new password), alternately
 * OCPP 2.0.1 and 1.6J, ready to connect to the running server.
 */
import { CLI_ACTOR } from "~/lib/audit.server";
import type { Runtime } from "~/lib/runtime.server";

import { registerChargePointAt, resetChargePointPasswordAt } from "../../app/features/chargers/internals";
import { SimCharger, type Protocol } from "./sim-charger";

export async function simulatedChargers(
  runtime: Runtime,
  depot: { id: number; name: string },
  options: { url: string; count: number; maxKw: number },
): Promise<SimCharger[]> {
  const chargers: SimCharger[] = [];
  for (let i = 0; i < options.count; i++) {
    const identity = `SIM-${depot.id}-${String(i + 1).padStart(2, "0")}`;
    const existing = await runtime.database.db
      .selectFrom("charge_points")
      .select(["id", "identity", "depot_id"])
      .where("identity", "=", identity)
      .executeTakeFirst();
    if (existing && existing.depot_id !== depot.id) throw new Error(`${identity} belongs to another depot`);
    const { password } = existing
      ? await resetChargePointPasswordAt(runtime, CLI_ACTOR, existing)
      : await registerChargePointAt(runtime, CLI_ACTOR, depot, {
          identity,
          name: `Simulated ${String(i + 1).padStart(2, "0")}`,
          connectors: 1,
          maxKw: options.maxKw,
          currentType: options.maxKw > 43 ? "DC" : "AC",
        });
    const protocol: Protocol = i % 2 === 0 ? "ocpp2.0.1" : "ocpp1.6";
    chargers.push(new SimCharger(options.url, identity, password, protocol, options.maxKw));
  }
  return chargers;
}

/** Stops the simulation (Ctrl-C or a kill): the tick stops, each charger closes its connection. */
export function stopOnSignal(chargers: SimCharger[], loop: ReturnType<typeof setInterval>): void {
  const stop = async () => {
    clearInterval(loop);
    await Promise.all(chargers.map((c) => c.close().catch(() => undefined)));
    process.exit(0);
  };
  process.on("SIGINT", () => void stop());
  process.on("SIGTERM", () => void stop());
}

/** Connects every charger, or says why not and stops (the server not running, or another address). */
export async function bootAll(chargers: SimCharger[], url: string): Promise<void> {
  await Promise.all(chargers.map((c) => c.boot())).catch((error: unknown) => {
    console.error(
      `Cannot connect to ${url} (${String(error)}). Is the server running (npm start)? --url points the chargers at another.`,
    );
    process.exit(2);
  });
}

/** A read of the server's database that failed: most often another DATA_DIR, or one the server never opened. */
export const unreadable =
  (runtime: Runtime, what: string) =>
  (error: unknown): never => {
    console.error(
      `Cannot read the ${what} in ${runtime.database.description} (${String(error)}). Run this with the same DATA_DIR (or DATABASE_URL) as the server, after it has started once.`,
    );
    process.exit(2);
  };
