/**
 * The records of charging (the charging-records room, issue 58): sessions and meter readings, kept durably before a
 * charger is answered, written so that a message sent twice (a charger resending after a dropped connection, which
 * OCPP expects of it) changes nothing the second time. Decision 031. The chargers' room tells; this room keeps.
 */
import type { Kysely } from "kysely";

import { toIsoString } from "~/lib/db/dialect.server";
import type { Database } from "~/lib/db/schema";
import { chargingChanged, depotChanged } from "~/lib/depot-signals.server";
import type { Runtime } from "~/lib/runtime.server";
import { kw } from "~/lib/units";

import type { MeterSample } from "./meter-values";
import { limitExceeded } from "./session-limits";
import { recordSiteReading } from "./site-meter.server";

type Deps = Pick<Runtime, "database">;
/** Where a record comes from: a charge point at a depot (a charger, or the site's meter at the connection). */
export type SessionPoint = { chargePointId: number; depotId: number; role?: "charger" | "site-meter" };

const now = () => new Date().toISOString();

/**
 * A connector free again has no session on it: one still open lost its stop (a charger reset, a queue dropped), so
 * it closes here (within the chargers' transaction that recorded the status); a stop arriving later still gives its
 * final reading (stopSession).
 */
export async function closeSessionsOnConnector(
  db: Kysely<Database>,
  point: Pick<SessionPoint, "chargePointId">,
  connectorId: number,
  at: string,
): Promise<void> {
  await db
    .updateTable("charging_sessions")
    .set({ stopped_at: at, power_w: 0, stop_reason: INFERRED_STOP, updated_at: now() })
    .where("charge_point_id", "=", point.chargePointId)
    .where("connector_id", "=", connectorId)
    .where("stopped_at", "is", null)
    .where("started_at", "<=", at)
    .execute();
}

/**
 * Opens a session, or finds the one already opened for the same start (a
 * StartTransaction resent after its answer was lost gets the same id).
 */
export async function startSession(
  deps: Deps,
  point: SessionPoint,
  start: { connectorId: number; ref: string | null; idTag: string | null; at: string; meterWh: number },
): Promise<number> {
  // A 1.6 transaction has no id of its own until this table gives it one: its start identifies it meanwhile.
  const ref = start.ref ?? `start:${start.connectorId}:${start.at}:${start.meterWh}`;
  const id = await deps.database.db.transaction().execute(async (tx) => {
    const existing = await tx
      .selectFrom("charging_sessions")
      .select("id")
      .where("charge_point_id", "=", point.chargePointId)
      .where("transaction_ref", "=", ref)
      .executeTakeFirst();
    if (existing) return existing.id;
    const { id } = await tx
      .insertInto("charging_sessions")
      .values({
        charge_point_id: point.chargePointId,
        depot_id: point.depotId,
        connector_id: start.connectorId,
        transaction_ref: ref,
        id_tag: start.idTag,
        started_at: start.at,
        meter_start_wh: start.meterWh,
        meter_last_wh: start.meterWh,
        updated_at: now(),
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    return id;
  });
  depotChanged(point.depotId);
  chargingChanged(point.depotId);
  return id;
}

export async function findSession(deps: Deps, point: SessionPoint, by: { id: number } | { ref: string }) {
  let query = deps.database.db
    .selectFrom("charging_sessions")
    .select(["id", "connector_id", "stopped_at", "id_tag"])
    .where("charge_point_id", "=", point.chargePointId);
  query = "id" in by ? query.where("id", "=", by.id) : query.where("transaction_ref", "=", by.ref);
  return query.executeTakeFirst();
}

/**
 * A session's tag, told after it started (a 2.0.1 station that starts a transaction at plug-in sends its idToken in a
 * later event): kept when the session has none yet, and the depot decided again at once, since the vehicle is now
 * known to the controller, the board and a hub's statement. A tag once kept is not replaced.
 */
export async function recordSessionTag(
  deps: Deps,
  point: SessionPoint,
  sessionId: number,
  tag: string,
): Promise<boolean> {
  const { numUpdatedRows } = await deps.database.db
    .updateTable("charging_sessions")
    .set({ id_tag: tag, updated_at: now() })
    .where("id", "=", sessionId)
    .where("charge_point_id", "=", point.chargePointId)
    .where("id_tag", "is", null)
    .executeTakeFirst();
  if (Number(numUpdatedRows) === 0) return false;
  depotChanged(point.depotId);
  chargingChanged(point.depotId);
  return true;
}

/**
 * Keeps readings, and the session's latest energy, power and charge. Answers, for the chargers' history, how a
 * connector first drew clearly above the limit it was sent (it is then counted at its full power: decision 031).
 */
export async function recordReadings(
  deps: Deps,
  point: SessionPoint,
  reading: { sessionId: number | null; connectorId: number; samples: MeterSample[] },
): Promise<{ overLimit: string | null }> {
  const samples = reading.samples.filter((s) => s.energyWh !== null || s.powerW !== null || s.socPct !== null);
  if (samples.length === 0) return { overLimit: null };
  if (point.role === "site-meter") {
    // The site's import at the connection: the room for charging is the connection less the building (issue 49).
    const latest = samples
      .filter((s) => s.powerW !== null)
      .reduce<MeterSample | null>((a, b) => (a && a.at >= b.at ? a : b), null);
    // A meter's clock a little fast is the meter's mistake, not a reason to lose its reading: taken as of now.
    const readAt = latest && new Date(Math.min(Date.parse(latest.at), Date.now())).toISOString();
    if (latest)
      await recordSiteReading(deps, point.depotId, { siteKw: latest.powerW! / 1000, readAt: readAt!, source: "ocpp" });
    return { overLimit: null };
  }
  let overLimit: string | null = null;
  let socTold = false;
  await deps.database.db.transaction().execute(async (tx) => {
    // Readings that name no transaction belong to the one open on their connector, if any.
    const sessionId =
      reading.sessionId ??
      (
        await tx
          .selectFrom("charging_sessions")
          .select("id")
          .where("charge_point_id", "=", point.chargePointId)
          .where("connector_id", "=", reading.connectorId)
          .where("stopped_at", "is", null)
          .orderBy("id", "desc")
          .executeTakeFirst()
      )?.id ??
      null;
    await tx
      .insertInto("meter_readings")
      .values(
        samples.map((s) => ({
          charge_point_id: point.chargePointId,
          session_id: sessionId,
          connector_id: reading.connectorId,
          read_at: s.at,
          energy_wh: s.energyWh,
          power_w: s.powerW,
          soc_pct: s.socPct,
        })),
      )
      .execute();
    if (sessionId === null) return;
    const latest = samples.reduce((a, b) => (a.at >= b.at ? a : b));
    const session = await tx
      .selectFrom("charging_sessions")
      .select(["meter_last_wh", "stopped_at", "limit_w", "limit_schedule", "limit_sent_at", "ignores_limit", "soc_pct"])
      .where("id", "=", sessionId)
      .executeTakeFirst();
    if (!session || session.stopped_at) return;
    const sentAt = session.limit_sent_at === null ? null : Date.parse(toIsoString(session.limit_sent_at));
    const exceededW = limitExceeded(session, sentAt, latest);
    const ignores = exceededW !== null;
    if (ignores && !session.ignores_limit) {
      overLimit = `Drew ${kw(latest.powerW! / 1000)} against its ${kw(exceededW / 1000)} limit: counted at its full power, the others tightened`;
    }
    // The vehicle's charge, first told (or far from the last): what it needs is known now, so decide again as at a
    // plug-in (issue 49); its steady rise while charging is what the plan expects, and the next round takes it.
    socTold =
      latest.socPct !== null &&
      (session.soc_pct === null || Math.abs(latest.socPct - session.soc_pct) >= SOC_JUMP_POINTS);
    await tx
      .updateTable("charging_sessions")
      .set({
        ...(ignores ? { ignores_limit: 1 } : {}),
        meter_last_wh: Math.max(session.meter_last_wh, latest.energyWh ?? session.meter_last_wh),
        ...(latest.powerW !== null ? { power_w: latest.powerW } : {}),
        ...chargeTold(latest),
        updated_at: now(),
      })
      .where("id", "=", sessionId)
      .execute();
  });
  depotChanged(point.depotId);
  if (overLimit || socTold) chargingChanged(point.depotId);
  return { overLimit };
}

/** The charge a sample tells, with its own time (a charger's clock ahead of ours taken as now: it may not outrank a newer reading). */
function chargeTold(sample: MeterSample) {
  if (sample.socPct === null) return {};
  const at = Math.min(Date.parse(sample.at) || Date.now(), Date.now());
  return { soc_pct: sample.socPct, soc_read_at: new Date(at).toISOString() };
}

/** A charge this far from the last reading is news (another vehicle's, a correction), not charging as planned. */
const SOC_JUMP_POINTS = 10;

/** Why a session was closed without its charger saying so. */
export const INFERRED_STOP = "Connector available (stop not received)";

/** Closes a session; closing one already closed (a resent stop) changes nothing, unless only its status closed it. */
export async function stopSession(
  deps: Deps,
  point: SessionPoint,
  stop: { sessionId: number; at: string; meterWh: number | null; reason: string | null },
) {
  const session = await deps.database.db
    .selectFrom("charging_sessions")
    .select(["meter_last_wh", "stopped_at", "stop_reason"])
    .where("id", "=", stop.sessionId)
    .where("charge_point_id", "=", point.chargePointId)
    .executeTakeFirst();
  if (!session || (session.stopped_at && session.stop_reason !== INFERRED_STOP)) return;
  await deps.database.db
    .updateTable("charging_sessions")
    .set({
      stopped_at: stop.at,
      meter_last_wh: Math.max(session.meter_last_wh, stop.meterWh ?? session.meter_last_wh),
      power_w: 0,
      stop_reason: stop.reason,
      updated_at: now(),
    })
    .where("id", "=", stop.sessionId)
    .execute();
  depotChanged(point.depotId);
  chargingChanged(point.depotId);
}
