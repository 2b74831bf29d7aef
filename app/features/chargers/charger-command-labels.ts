/** The remote actions on a charger, as the dashboard names them (charger-commands.server.ts sends them). */
export const COMMAND_LABELS = {
  reset: "Reset",
  unlock: "Unlock connector",
  "make-unavailable": "Make unavailable",
  "make-available": "Make available",
  "remote-start": "Start charging",
  "remote-stop": "Stop charging",
} as const;
export type ChargerCommand = keyof typeof COMMAND_LABELS;

/** The messages a charger can be asked to send now (TriggerMessage, charger-trigger.server.ts). */
export const TRIGGERS = {
  status: "Connector statuses",
  meter: "Meter values",
  heartbeat: "Heartbeat",
  firmware: "Firmware status",
  logs: "Diagnostics or log status",
  boot: "Boot notification",
} as const;
export type Trigger = keyof typeof TRIGGERS;
