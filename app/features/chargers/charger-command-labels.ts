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
