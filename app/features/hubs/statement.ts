/**
 * A haulier's monthly statement at a hub (issue 50, item 5), from the metered sessions its booked vehicles charged:
 * each session's energy at its booking's contract price, the visit fee, the reserved hours of every booking (a
 * no-show's too) and the overstay past the departure window. Money is whole pence throughout, rounded once per line
 * from integer watt-hours, so the total is its lines' sum to the penny and the energy is the meters' sum to the Wh.
 */

/** What a booking contributes, with the prices its contract was agreed at. */
export type StatementBooking = {
  id: number;
  visitDate: string;
  vehicle: string;
  tag: string;
  /** The booked stay (ms): the end of the arrival window to the start of the departure window. */
  arrivesAt: number;
  departsAt: number;
  /** The end of the departure window (ms): charging past it is an overstay. */
  leaveBy: number;
  pencePerKwh: number;
  pencePerVisit: number;
  pencePerReservedHour: number;
  overstayPencePerHour: number;
};
/** A metered session at the hub with the booking it belongs to. */
export type StatementSession = { id: number; bookingId: number; startedAt: number; stoppedAt: number; wh: number };

export type StatementLine = { date: string; vehicle: string; what: string; quantity: string; pence: number };

export type Statement = { lines: StatementLine[]; wh: number; pence: number };

/** Pence for a quantity at a price, rounded half up once (`parts` of the priced unit: Wh of a kWh, minutes of an hour). */
const priced = (quantity: number, pencePerUnit: number, parts: number) =>
  Math.floor((quantity * pencePerUnit * 2 + parts) / (2 * parts));

export function buildStatement(
  bookings: readonly StatementBooking[],
  sessions: readonly StatementSession[],
): Statement {
  const lines: StatementLine[] = [];
  let wh = 0;
  for (const b of [...bookings].sort((x, y) => x.arrivesAt - y.arrivesAt || x.id - y.id)) {
    const own = sessions.filter((s) => s.bookingId === b.id).sort((x, y) => x.startedAt - y.startedAt);
    const line = (what: string, quantity: string, pence: number) =>
      lines.push({ date: b.visitDate, vehicle: b.vehicle, what, quantity, pence });
    if (b.pencePerReservedHour > 0) {
      const minutes = Math.round((b.departsAt - b.arrivesAt) / 60_000);
      line(
        own.length ? "Reserved hours" : "Reserved hours (no-show)",
        `${(minutes / 60).toFixed(2)} h`,
        priced(minutes, b.pencePerReservedHour, 60),
      );
    }
    for (const s of own) {
      wh += s.wh;
      line("Energy", `${(s.wh / 1000).toFixed(3)} kWh`, priced(s.wh, b.pencePerKwh, 1000));
      if (b.pencePerVisit > 0) line("Visit", "1", b.pencePerVisit);
      const overMinutes = Math.max(0, Math.ceil((s.stoppedAt - b.leaveBy) / 60_000));
      if (overMinutes > 0 && b.overstayPencePerHour > 0)
        line("Overstay", `${overMinutes} min`, priced(overMinutes, b.overstayPencePerHour, 60));
    }
  }
  return { lines, wh, pence: lines.reduce((sum, l) => sum + l.pence, 0) };
}

/** The statement's number: the hub, the haulier and the month ("HUB3-12-2026-11"). */
export const statementNumber = (hubId: number, companyId: number, month: string) => `HUB${hubId}-${companyId}-${month}`;
