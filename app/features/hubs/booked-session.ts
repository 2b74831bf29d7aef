/**
 * Which metered session is a booking's (one rule for statements and the hub's page): it started with the booking's
 * tag from the controller's early window before the arrival window's end (operations' BOOKED_EARLY_MS) until the end
 * of the departure window.
 */
import { BOOKED_EARLY_MS } from "~/features/vehicles";

/** The end of a booked visit's departure window (ms): its departure plus the window's length. */
export const leaveByOf = (departsAt: number, departFrom: number, departTo: number) =>
  departsAt + ((((departTo - departFrom) % 1440) + 1440) % 1440) * 60_000;

export function isBookedSession(
  session: { tag: string | null; startedAt: number },
  booking: { tag: string; arrivesAt: number; leaveBy: number },
): boolean {
  return (
    (session.tag ?? "").toUpperCase() === booking.tag &&
    session.startedAt >= booking.arrivesAt - BOOKED_EARLY_MS &&
    session.startedAt < booking.leaveBy
  );
}
