import { BOOKED_EARLY_MS } from "~/features/vehicles";

/**
 * Which connectors to reserve for booked visits, and which reservations to let go (issue 59, item 2). A visit is
 * reserved from when its vehicle counts as the booked one (BOOKED_EARLY_MS before it is due: its arrival window)
 * until its grace ends (holdsUntil: a no-show is released then, by the charger itself); one connector each, on a charger that takes reservations, free (Available, or not
 * yet told), and not reserved for another. A reservation whose visit was cancelled is cancelled; one whose vehicle
 * has plugged in was used. Pure, so the property test can try any yard.
 */
export const RESERVE_AHEAD_MS = BOOKED_EARLY_MS;

export type DueVisit = { id: number; tag: string; arrivesAt: number; holdsUntil: number };
export type FreeConnector = {
  chargePointId: number;
  connectorId: number;
  /** Its last OCPP status, or null when not told since it connected. */
  status: string | null;
  takesReservations: boolean;
};
export type HeldReservation = { id: number; visitId: number; chargePointId: number; connectorId: number; tag: string };
export type Release = { reservation: HeldReservation; why: "cancelled" | "used" };

const key = (tag: string) => tag.toLowerCase();
const FREE = new Set(["available", null]);

/** The visits to reserve for now, each with the connectors to try in order, and the reservations to let go. */
export function reservationPlan(
  visits: readonly DueVisit[],
  connectors: readonly FreeConnector[],
  held: readonly HeldReservation[],
  plugged: ReadonlySet<string>,
  at: number,
): { reserve: { visit: DueVisit; connectors: FreeConnector[] }[]; release: Release[] } {
  const due = visits.filter((v) => v.arrivesAt - RESERVE_AHEAD_MS <= at && at < v.holdsUntil);
  const pluggedKeys = new Set([...plugged].map(key));
  const wanted = new Map(due.filter((v) => !pluggedKeys.has(key(v.tag))).map((v) => [v.id, v]));
  const release: Release[] = [];
  const kept: HeldReservation[] = [];
  for (const r of held) {
    if (wanted.has(r.visitId)) kept.push(r);
    else release.push({ reservation: r, why: pluggedKeys.has(key(r.tag)) ? "used" : "cancelled" });
  }
  const taken = new Set(kept.map((r) => `${r.chargePointId}:${r.connectorId}`));
  const reservedVisits = new Set(kept.map((r) => r.visitId));
  // Known Available first, then those not told yet (the charger's answer decides).
  const free = connectors
    .filter((c) => c.takesReservations && FREE.has(c.status?.toLowerCase() ?? null))
    .filter((c) => !taken.has(`${c.chargePointId}:${c.connectorId}`))
    .sort((a, b) => Number(a.status === null) - Number(b.status === null));
  const reserve = [...wanted.values()]
    .filter((v) => !reservedVisits.has(v.id))
    .sort((a, b) => a.arrivesAt - b.arrivesAt || a.id - b.id)
    .map((visit) => ({ visit, connectors: free }));
  return { reserve, release };
}
