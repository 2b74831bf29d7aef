/**
 * Booked hub visits hold a connector (issue 59, item 2): from when its vehicle counts as the booked one (its arrival
 * window) until its grace ends, one connector of a charger that takes reservations is reserved for the visit's tag (ReserveNow; 2.0.1
 * with the EVSE), so a walk-in cannot take it; reservation-plan.ts decides which. The charger answers for itself: a
 * connector it says is Occupied, Faulted or Unavailable is passed over for the next; one that says it takes no
 * reservations is not asked again until it boots, and its card says so (a booked visit there keeps its room in the
 * plan only, as before). A cancelled visit's reservation is cancelled (CancelReservation); a no-show's lapses at the
 * charger when its grace ends (2.0.1 tells it, ReservationStatusUpdate); one the vehicle started on was used.
 * Checked when a charger is ready, when visits change (the `tags` signal) and every minute.
 */
import { openSessionsAt } from "~/features/charging-records/index.server";
import { expectedVisits } from "~/features/vehicles/index.server";
import { toIsoString } from "~/lib/db/dialect.server";
import { depotChanged } from "~/lib/depot-signals.server";
import type { Runtime } from "~/lib/runtime.server";

import { recordChargerEvent } from "./charger-status.server";
import type { OcppEndpoint } from "./ocpp-handler-types";
import { reservationPlan, RESERVE_AHEAD_MS, type FreeConnector, type HeldReservation } from "./reservation-plan";
import { readReservationSupport } from "./reservation-support.server";
import { chargerErrorCode, keepUp, serialPerKey } from "./upkeep";

type Deps = Pick<Runtime, "database" | "log">;
type Endpoint = Pick<OcppEndpoint, "call" | "isConnected">;
const EVERY_MS = 60_000;
const ACTIVE = ["sending", "reserved"];

/** Starts keeping the reservations of the chargers this process holds; answers its stop. */
export function startReservations(deps: Deps, endpoint: Endpoint): () => void {
  // One depot's pass after another's end: two passes must not reserve the same connector twice.
  const serial = serialPerKey<number>(deps.log, "a depot's reservations");
  const run = (depotId: number) => serial(depotId, () => reservePass(deps, endpoint, depotId));
  const all = () =>
    void depotsHeldHere(deps, endpoint)
      .then((ids) => ids.forEach(run))
      .catch((error: unknown) => deps.log.warn({ err: error }, "the reservations' round failed"));
  const ready = (point: { chargePointId: number; depotId: number }) =>
    void readReservationSupport(deps, endpoint, point.chargePointId)
      .catch((error: unknown) => deps.log.warn({ err: error }, "a charger's reservation support was not read"))
      .then(() => run(point.depotId));
  return keepUp({ ready, all, everyMs: EVERY_MS });
}

async function depotsHeldHere(deps: Deps, endpoint: Endpoint): Promise<number[]> {
  const rows = await deps.database.db
    .selectFrom("charge_points")
    .select(["id", "depot_id"])
    .where("role", "=", "charger")
    .where("protocol", "is not", null)
    .execute();
  return [...new Set(rows.filter((r) => endpoint.isConnected(r.id)).map((r) => r.depot_id))];
}

async function reservePass(deps: Deps, endpoint: Endpoint, depotId: number, at = Date.now()) {
  const db = deps.database.db;
  const points = (
    await db
      .selectFrom("charge_points")
      .select(["id", "protocol", "connectors", "reservations_unsupported"])
      .where("depot_id", "=", depotId)
      .where("role", "=", "charger")
      .execute()
  ).filter((p) => p.protocol && endpoint.isConnected(p.id));
  if (!points.length) return;
  const ids = points.map((p) => p.id);
  const [statuses, heldRows, visits, sessions] = await Promise.all([
    db
      .selectFrom("charge_point_connectors")
      .select(["charge_point_id", "connector_id", "status"])
      .where("charge_point_id", "in", ids)
      .execute(),
    db
      .selectFrom("charger_reservations")
      .selectAll()
      .where("charge_point_id", "in", ids)
      .where("status", "in", ACTIVE)
      .execute(),
    expectedVisits(db, depotId, at, at + RESERVE_AHEAD_MS),
    openSessionsAt(db, depotId),
  ]);
  // A reservation past its expiry has lapsed at the charger: the visit's grace is over (a no-show).
  const lapsed = heldRows.filter((r) => Date.parse(toIsoString(r.expires_at)) <= at);
  if (lapsed.length)
    await settle(
      deps,
      depotId,
      lapsed.map((r) => r.id),
      "expired",
      "Its grace ended before it came",
    );
  const held: HeldReservation[] = heldRows
    .filter((r) => !lapsed.includes(r))
    .map((r) => ({
      id: r.id,
      visitId: r.visit_id,
      chargePointId: r.charge_point_id,
      connectorId: r.connector_id,
      tag: r.tag,
    }));
  const connectors: FreeConnector[] = points.flatMap((p) =>
    Array.from({ length: p.connectors }, (_, i) => ({
      chargePointId: p.id,
      connectorId: i + 1,
      status: statuses.find((s) => s.charge_point_id === p.id && s.connector_id === i + 1)?.status ?? null,
      takesReservations: p.reservations_unsupported === null,
    })),
  );
  const plugged = new Set(sessions.flatMap((s) => (s.tag ? [s.tag] : [])));
  const plan = reservationPlan(visits, connectors, held, plugged, at);
  for (const { reservation, why } of plan.release) await release(deps, endpoint, depotId, points, reservation, why);
  const tried = new Set<string>();
  for (const { visit, connectors: candidates } of plan.reserve) {
    const vehicle = visits.find((v) => v.id === visit.id);
    for (const connector of candidates) {
      const where = `${connector.chargePointId}:${connector.connectorId}`;
      if (tried.has(where)) continue;
      tried.add(where);
      const point = points.find((p) => p.id === connector.chargePointId)!;
      if (point.reservations_unsupported !== null) continue;
      const answer = await reserve(deps, endpoint, point.protocol!, connector, {
        visitId: visit.id,
        tag: visit.tag,
        vehicle: vehicle?.vehicle ?? visit.tag,
        expiresAt: visit.holdsUntil,
      });
      if (answer === "Accepted") break;
      if (answer === "NotSupported") point.reservations_unsupported = "Takes no reservations (it said NotSupported)";
    }
  }
  if (plan.reserve.length || plan.release.length) depotChanged(depotId);
}

async function reserve(
  deps: Deps,
  endpoint: Endpoint,
  protocol: string,
  connector: FreeConnector,
  visit: { visitId: number; tag: string; vehicle: string; expiresAt: number },
): Promise<string> {
  const db = deps.database.db;
  const expiry = new Date(visit.expiresAt).toISOString();
  const { id, before } = await reservationRow(deps, connector, visit, expiry);
  const params =
    protocol === "ocpp1.6"
      ? { connectorId: connector.connectorId, expiryDate: expiry, idTag: visit.tag.slice(0, 20), reservationId: id }
      : {
          id,
          expiryDateTime: expiry,
          idToken: { idToken: visit.tag, type: "ISO14443" },
          evseId: connector.connectorId,
        };
  let answer: string;
  try {
    answer =
      ((await endpoint.call(connector.chargePointId, "ReserveNow", params)) as { status?: string }).status ??
      "Rejected";
  } catch (error) {
    const code = chargerErrorCode(error);
    answer = code === "NotImplemented" || code === "NotSupported" ? "NotSupported" : "no answer";
  }
  const reserved = answer === "Accepted";
  const detail = reserved ? null : `It answered ${answer}`;
  await db
    .updateTable("charger_reservations")
    .set({
      status: reserved ? "reserved" : "refused",
      detail,
      expires_at: expiry,
      updated_at: new Date().toISOString(),
    })
    .where("id", "=", id)
    .execute();
  if (answer === "NotSupported")
    await db
      .updateTable("charge_points")
      .set({ reservations_unsupported: "Takes no reservations (it said NotSupported)" })
      .where("id", "=", connector.chargePointId)
      .execute();
  if (!reserved && before?.detail !== detail)
    await recordChargerEvent(
      db,
      connector,
      "reservation",
      `Connector ${connector.connectorId} not reserved for ${visit.vehicle}: it answered ${answer}`,
    );
  return answer;
}

/** The row of this attempt: a connector that refused this visit before is asked again under the same id. */
async function reservationRow(
  deps: Deps,
  connector: FreeConnector,
  visit: { visitId: number; tag: string; vehicle: string },
  expiry: string,
) {
  const db = deps.database.db;
  const now = new Date().toISOString();
  const before = await db
    .selectFrom("charger_reservations")
    .select(["id", "detail"])
    .where("visit_id", "=", visit.visitId)
    .where("charge_point_id", "=", connector.chargePointId)
    .where("connector_id", "=", connector.connectorId)
    .where("status", "=", "refused")
    .executeTakeFirst();
  const id = before
    ? before.id
    : (
        await db
          .insertInto("charger_reservations")
          .values({
            charge_point_id: connector.chargePointId,
            connector_id: connector.connectorId,
            visit_id: visit.visitId,
            tag: visit.tag,
            vehicle: visit.vehicle,
            expires_at: expiry,
            status: "sending",
            detail: null,
            created_at: now,
            updated_at: now,
          })
          .returning("id")
          .executeTakeFirstOrThrow()
      ).id;
  return { id, before };
}

async function release(
  deps: Deps,
  endpoint: Endpoint,
  depotId: number,
  points: { id: number }[],
  reservation: HeldReservation,
  why: "cancelled" | "used",
) {
  if (why === "cancelled" && points.some((p) => p.id === reservation.chargePointId))
    try {
      await endpoint.call(reservation.chargePointId, "CancelReservation", { reservationId: reservation.id });
    } catch {
      // Not answered: it lapses at the charger when its expiry comes.
    }
  await settle(
    deps,
    depotId,
    [reservation.id],
    why,
    why === "used" ? "Its vehicle plugged in" : "Its booking was cancelled",
  );
}

/** Marks reservations as ended (a reservation already ended stays as it ended). */
async function settle(deps: Pick<Runtime, "database">, depotId: number, ids: number[], status: string, detail: string) {
  await deps.database.db
    .updateTable("charger_reservations")
    .set({ status, detail, updated_at: new Date().toISOString() })
    .where("id", "in", ids)
    .where("status", "in", ACTIVE)
    .execute();
  depotChanged(depotId);
}

/** A charger told us a reservation ended: used by a transaction, or lapsed or removed at the charger (2.0.1). */
export async function reservationEnded(
  deps: Pick<Runtime, "database">,
  point: { chargePointId: number; depotId: number },
  reservationId: number,
  how: "used" | "expired" | "removed",
) {
  const row = await deps.database.db
    .selectFrom("charger_reservations")
    .select("id")
    .where("id", "=", reservationId)
    .where("charge_point_id", "=", point.chargePointId)
    .executeTakeFirst();
  if (!row) return;
  const detail = {
    used: "Its vehicle started charging",
    expired: "It lapsed at the charger",
    removed: "The charger removed it",
  }[how];
  await settle(deps, point.depotId, [row.id], how === "removed" ? "cancelled" : how, detail);
}
