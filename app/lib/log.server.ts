import { pino, type Logger } from "pino";

export type { Logger };

export function createLogger(level: string): Logger {
  return pino({
    level,
    // The process id tells apart the processes of one server (WEB_CONCURRENCY).
    base: { service: "electrify", pid: process.pid },
    redact: {
      paths: ["password", "*.password", "headers.cookie", "headers.authorization", "*.token", "secret"],
      censor: "[redacted]",
    },
  });
}
