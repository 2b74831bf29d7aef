/** A depot's alerts on the pages (safe for the browser). */
export { ALERT_KINDS, ALERT_LABELS, type AlertKind, type AlertView } from "./alert-kinds";
export { AlertChoices } from "./components/alert-choices";
export { AlertsCard } from "./components/alerts-card";
