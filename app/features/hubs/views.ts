/**
 * What the hub's pages show of bookings and disputes: one shape for the server's answers and the cards that show
 * them (browser-safe).
 */

/** What the viewer is at a hub: its operator (or the operator's company), a customer, or one of the consultancy's admins. */
export type HubRole = "operator" | "haulier" | "admin";
export type BookingRow = {
  id: number;
  contractId: number;
  company: string;
  visitDate: string;
  vehicle: string;
  tag: string;
  /** A single visit at the list price, outside any contract. */
  adHoc: boolean;
};

export type DisputeRow = {
  id: number;
  company: string;
  month: string;
  line: string;
  reason: string;
  status: "open" | "upheld" | "rejected";
  resolution: string | null;
};

/** One of today's booked visits at a hub, as its page shows it. */
export type VehicleNowRow = {
  vehicle: string;
  /** The tag it charges with (a haulier sees only its own vehicles' rows). */
  tag: string;
  company: string;
  state: "expected" | "charging" | "left" | "no-show";
  kwh: number;
  kw: number;
  neededKwh: number;
  /** The end of its arrival window and its departure (ISO). */
  arrivesAt: string;
  departsAt: string;
};
