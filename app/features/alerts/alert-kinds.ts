/**
 * The kinds of a depot's alerts (issue 49, item 6), what each is called where a person chooses which they are
 * e-mailed about, and how long each must hold before it is shown and mailed (so a charger that drops for a few
 * seconds, or a load that touches the limit for one reading, is no alert).
 */
export const ALERT_KINDS = [
  "short",
  "not-plugged",
  "charger-offline",
  "charger-faulted",
  "not-managed",
  "over-limit",
  "meter-silent",
  "network-silent",
  "network-limit",
] as const;
export type AlertKind = (typeof ALERT_KINDS)[number];

export const isAlertKind = (value: unknown): value is AlertKind =>
  typeof value === "string" && (ALERT_KINDS as readonly string[]).includes(value);

export const ALERT_LABELS: Record<AlertKind, string> = {
  short: "A vehicle will leave short",
  "not-plugged": "A vehicle is not plugged in by its time",
  "charger-offline": "A charger is offline",
  "charger-faulted": "A charger is faulted",
  "not-managed": "A charger does not take charging profiles",
  "over-limit": "The site is over its limit",
  "meter-silent": "The site's meter is silent",
  "network-silent": "The network's channel is silent",
  "network-limit": "The network has lowered the site's limit",
};

const MINUTE = 60_000;

/** How long a condition must hold before it is an alert. */
export const ALERT_HOLD_MS: Record<AlertKind, number> = {
  short: 0,
  "not-plugged": 0,
  "charger-offline": 10 * MINUTE,
  "charger-faulted": 5 * MINUTE,
  "not-managed": 0,
  "over-limit": MINUTE,
  "meter-silent": 0,
  // Silent means five minutes unheard already; a limit is the network's word, told at once.
  "network-silent": 0,
  "network-limit": 0,
};

/** An alert as the page shows it (alerts.server.ts's listDepotAlerts). */
export type AlertView = {
  id: number;
  kind: AlertKind;
  subject: string;
  reason: string;
  advice: string;
  since: string;
  clearedAt: string | null;
  count: number;
};

/** An alert that clears and comes back within this time is the same alert again (its count goes up, no new mail). */
export const FLAP_MS = 30 * MINUTE;
