import { pino, type Logger } from "pino";

export type { Logger };

export function createLogger(level: string): Logger {
  return pino({
    level,
    base: { service: "electrify" },
    redact: {
      paths: ["password", "*.password", "headers.cookie", "headers.authorization", "*.token", "secret"],
      censor: "[redacted]",
    },
  });
}
