import fc from "fast-check";
import { describe, expect, it } from "vitest";

import { buildStatement, type StatementBooking, type StatementSession } from "./statement";

const HOUR = 3_600_000;
const bookingArb = fc.record({
  arrive: fc.integer({ min: 0, max: 600 }),
  stayHours: fc.integer({ min: 1, max: 14 }),
  pencePerKwh: fc.integer({ min: 1, max: 500 }),
  pencePerVisit: fc.integer({ min: 0, max: 10_000 }),
  pencePerReservedHour: fc.integer({ min: 0, max: 10_000 }),
  overstayPencePerHour: fc.integer({ min: 0, max: 10_000 }),
  sessions: fc.array(
    fc.record({ wh: fc.integer({ min: 0, max: 600_000 }), overMinutes: fc.integer({ min: -300, max: 300 }) }),
    { maxLength: 2 },
  ),
});

describe("a hub statement", () => {
  it("totals its lines to the penny, its energy is the meters' to the watt-hour, and each energy line is its Wh at the booked price", () => {
    fc.assert(
      fc.property(fc.array(bookingArb, { maxLength: 12 }), (raw) => {
        const bookings: StatementBooking[] = [];
        const sessions: StatementSession[] = [];
        raw.forEach((r, i) => {
          const arrivesAt = r.arrive * HOUR;
          const departsAt = arrivesAt + r.stayHours * HOUR;
          bookings.push({
            id: i + 1,
            visitDate: "2026-11-02",
            vehicle: `V${i}`,
            tag: `T${i}`,
            arrivesAt,
            departsAt,
            leaveBy: departsAt + HOUR,
            ...r,
          });
          r.sessions.forEach((s, k) =>
            sessions.push({
              id: sessions.length + 1,
              bookingId: i + 1,
              startedAt: arrivesAt + k,
              stoppedAt: departsAt + HOUR + s.overMinutes * 60_000,
              wh: s.wh,
            }),
          );
        });
        // A session of another haulier's booking (not on this statement) is neither billed nor counted.
        sessions.push({ id: 999, bookingId: 999, startedAt: 0, stoppedAt: HOUR, wh: 12_345 });
        const statement = buildStatement(bookings, sessions);
        expect(statement.pence).toBe(statement.lines.reduce((sum, l) => sum + l.pence, 0));
        expect(statement.wh).toBe(sessions.filter((s) => s.bookingId !== 999).reduce((sum, s) => sum + s.wh, 0));
        for (const l of statement.lines) expect(Number.isInteger(l.pence) && l.pence >= 0).toBe(true);
        const energy = statement.lines.filter((l) => l.what === "Energy").map((l) => l.pence);
        const expected = raw.flatMap((r) => r.sessions.map((s) => Math.round((s.wh * r.pencePerKwh) / 1000)));
        expect(energy.sort((a, b) => a - b)).toEqual(expected.sort((a, b) => a - b));
        // Overstay is billed only past the departure window, by the started minute.
        const over = raw.flatMap((r) => r.sessions.filter((s) => s.overMinutes > 0 && r.overstayPencePerHour > 0));
        expect(statement.lines.filter((l) => l.what === "Overstay")).toHaveLength(over.length);
      }),
      { numRuns: 400 },
    );
  });
});
