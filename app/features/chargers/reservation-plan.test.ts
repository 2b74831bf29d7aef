import fc from "fast-check";
import { describe, expect, it } from "vitest";

import { reservationPlan, RESERVE_AHEAD_MS, type DueVisit, type FreeConnector } from "./reservation-plan";

const MIN = 60_000;
const AT = Date.UTC(2026, 10, 28, 17, 0);

describe("which connectors to reserve for booked visits", () => {
  it("reserves only visits due now and not plugged in, on free connectors of chargers that take reservations; lets go of the rest", () => {
    const visit = fc.record({
      id: fc.integer({ min: 1, max: 40 }),
      tag: fc.constantFrom("A1", "a1", "B2", "C3", "D4"),
      arrivesAt: fc.integer({ min: AT - 120 * MIN, max: AT + 120 * MIN }),
      graceMin: fc.integer({ min: 0, max: 90 }),
    });
    const connector = fc.record({
      chargePointId: fc.integer({ min: 1, max: 3 }),
      connectorId: fc.integer({ min: 1, max: 2 }),
      status: fc.constantFrom("Available", "Occupied", "Faulted", "Reserved", "Charging", null),
      takesReservations: fc.boolean(),
    });
    fc.assert(
      fc.property(
        fc.uniqueArray(visit, { selector: (v) => v.id, maxLength: 8 }),
        fc.uniqueArray(connector, { selector: (c) => `${c.chargePointId}:${c.connectorId}`, maxLength: 6 }),
        fc.subarray(["a1", "B2", "C3"]),
        fc.array(fc.integer({ min: 0, max: 10 }), { maxLength: 4 }),
        (rawVisits, connectors: FreeConnector[], plugged, heldPicks) => {
          const visits: DueVisit[] = rawVisits.map((v) => ({
            id: v.id,
            tag: v.tag,
            arrivesAt: v.arrivesAt,
            holdsUntil: v.arrivesAt + v.graceMin * MIN,
          }));
          // Reservations already held: on distinct connectors, for distinct visits (some now cancelled: id 99).
          const held = heldPicks
            .map((p, i) => ({ c: connectors[p % Math.max(connectors.length, 1)], v: visits[p] ?? null, i }))
            .filter((h, i, all) => h.c && all.findIndex((o) => o.c === h.c) === i)
            .filter((h, i, all) => all.findIndex((o) => (o.v?.id ?? -o.i) === (h.v?.id ?? -h.i)) === i)
            .map((h) => ({
              id: 1000 + h.i,
              visitId: h.v?.id ?? 99 + h.i,
              tag: h.v?.tag ?? "GONE",
              chargePointId: h.c!.chargePointId,
              connectorId: h.c!.connectorId,
            }));
          const pluggedSet = new Set(plugged);
          const plan = reservationPlan(visits, connectors, held, pluggedSet, AT);
          const isPlugged = (tag: string) => plugged.some((p) => p.toLowerCase() === tag.toLowerCase());
          const due = (v: DueVisit) => v.arrivesAt - RESERVE_AHEAD_MS <= AT && AT < v.holdsUntil && !isPlugged(v.tag);
          // Every visit due and not yet reserved is offered; nothing else.
          const reservedIds = new Set(
            held.filter((h) => visits.some((v) => v.id === h.visitId && due(v))).map((h) => h.visitId),
          );
          expect(plan.reserve.map((r) => r.visit.id).sort()).toEqual(
            visits
              .filter((v) => due(v) && !reservedIds.has(v.id))
              .map((v) => v.id)
              .sort(),
          );
          // A held reservation is let go exactly when its visit is no longer wanted, as used when its vehicle is in.
          for (const h of held) {
            const released = plan.release.find((r) => r.reservation.id === h.id);
            const visitDue = visits.some((v) => v.id === h.visitId && due(v));
            expect(released === undefined).toBe(visitDue);
            if (released) expect(released.why).toBe(isPlugged(h.tag) ? "used" : "cancelled");
          }
          // Only free connectors of chargers that take reservations, none another reservation kept holds.
          const keptOn = new Set(
            held
              .filter((h) => !plan.release.some((r) => r.reservation.id === h.id))
              .map((h) => `${h.chargePointId}:${h.connectorId}`),
          );
          for (const { connectors: tried } of plan.reserve)
            for (const c of tried) {
              expect(c.takesReservations).toBe(true);
              expect(c.status === null || c.status === "Available").toBe(true);
              expect(keptOn.has(`${c.chargePointId}:${c.connectorId}`)).toBe(false);
            }
        },
      ),
      { numRuns: 400 },
    );
  });
});
