/**
 * Simulated chargers registered to a depot (SIM-<depot>-NN; an existing one is given a new password), alternately
 * OCPP 2.0.1 and 1.6J, ready to connect to the running server.
 */
import { CLI_ACTOR } from "~/lib/audit.server";
import type { Runtime } from "~/lib/runtime.server";

import { registerChargePointAt, resetChargePointPasswordAt } from "../../app/features/operations/index.server";
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
