/** A depot's alerts (issue 49, item 6): evaluated once a minute, shown on the operations page, mailed by choice. */
export { evaluateDepotAlerts, listDepotAlerts } from "./alerts.server";
export { alertChoicesOf, setAlertChoices } from "./choices.server";
export { evaluateAllAlerts, startAlertWatch } from "./watch.server";
