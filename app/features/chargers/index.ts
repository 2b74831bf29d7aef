/**
 * Chargers (Box Charge's first room, decision 056): the chargers' register and their connection — OCPP 1.6 and 2.0.1
 * at the endpoint, the cluster that routes a call to the process holding a charger, commands, connector statuses
 * and the chargers' history. Owns charge_points, charge_point_connectors and charge_point_events.
 * What other features, routes and the CLI use (safe for the browser); the rest of the room is its own.
 */
export { chargePointInputSchema, OCPP_PATH } from "./charge-point-input";
export { COMMAND_LABELS, TRIGGERS } from "./charger-command-labels";
export type { ChargerCommand, Trigger } from "./charger-command-labels";
export { CANNOT_CHARGE } from "./connector-status";
export { MAX_FIRMWARE_MB, MAX_UPLOAD_MB } from "./file-limits";
export type { OcppEndpoint } from "./ocpp-handler-types";
