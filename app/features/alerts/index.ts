/** A depot's alerts on the pages (safe for the browser). */
export { ALERT_KINDS, ALERT_LABELS, type AlertKind } from "./alert-kinds";
export { AlertChoices } from "./components/alert-choices";
export { AlertsCard, type AlertRow } from "./components/alerts-card";
