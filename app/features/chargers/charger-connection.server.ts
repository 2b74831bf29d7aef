/**
 * A charger's connection: connected, dropped, booted, alive (decision 031). Kept apart from its sessions and readings
 * (charging-records.server.ts). Connecting or booting again clears a refusal of charging profiles (send-limits.server.ts):
 * a charger may take them now.
 */
import { chargerReady, depotChanged } from "~/lib/depot-signals.server";
import type { Runtime } from "~/lib/runtime.server";

import { recordChargerEvent, type ConnectedPoint } from "./charger-status.server";

type Deps = Pick<Runtime, "database">;

const now = () => new Date().toISOString();

export async function recordConnected(deps: Deps, point: ConnectedPoint, protocol: string) {
  const at = now();
  await deps.database.db
    .updateTable("charge_points")
    // Connected again: whatever it refused before (a profile it could not take) is asked of it again.
    .set({
      protocol,
      connected_at: at,
      disconnected_at: null,
      last_seen_at: at,
      profiles_refused: null,
      profiles_refused_until: null,
    })
    .where("id", "=", point.chargePointId)
    .execute();
  await recordChargerEvent(deps.database.db, point, "connected", `Connected over ${protocol}`);
  depotChanged(point.depotId);
  // A station that booted before and reconnects is already accepted: its default profile is renewed now.
  const booted = await deps.database.db
    .selectFrom("charge_points")
    .select("booted_at")
    .where("id", "=", point.chargePointId)
    .executeTakeFirst();
  // A site meter takes no profiles: nothing is sent to it.
  if (booted?.booted_at && point.role !== "site-meter") chargerReady(point);
}

/**
 * At start, before any charger can connect: no socket survived the processes
 * that ran before, whatever the table says (a killed process records nothing).
 */
export async function markAllDisconnected(deps: Deps) {
  await deps.database.db
    .updateTable("charge_points")
    .set({ disconnected_at: now() })
    .where("connected_at", "is not", null)
    .execute();
}

export async function recordDisconnected(deps: Deps, point: ConnectedPoint, reason: string) {
  await deps.database.db
    .updateTable("charge_points")
    .set({ disconnected_at: now() })
    .where("id", "=", point.chargePointId)
    .execute();
  await recordChargerEvent(deps.database.db, point, "disconnected", reason || "Connection closed");
  depotChanged(point.depotId);
}

export async function recordBoot(
  deps: Deps,
  point: ConnectedPoint,
  station: { vendor: string; model: string; firmware: string | null },
) {
  const at = now();
  await deps.database.db
    .updateTable("charge_points")
    // Booted (new firmware, a new configuration): it may take profiles now.
    .set({
      ...station,
      booted_at: at,
      last_seen_at: at,
      profiles_refused: null,
      profiles_refused_until: null,
    })
    .where("id", "=", point.chargePointId)
    .execute();
  await recordChargerEvent(deps.database.db, point, "boot", `${station.vendor} ${station.model} booted`);
  depotChanged(point.depotId);
  // After the answer to its boot has gone (the protocol lets the CSMS speak once the station is accepted).
  if (point.role !== "site-meter") setTimeout(() => chargerReady(point), 50);
}

/** Heartbeats only say the charger is alive: written at most once a minute, as nothing else depends on them. */
const lastSeenWritten = new Map<number, number>();
export async function recordSeen(deps: Deps, point: ConnectedPoint) {
  const last = lastSeenWritten.get(point.chargePointId) ?? 0;
  if (Date.now() - last < 60_000) return;
  lastSeenWritten.set(point.chargePointId, Date.now());
  await deps.database.db
    .updateTable("charge_points")
    .set({ last_seen_at: now() })
    .where("id", "=", point.chargePointId)
    .execute();
}
