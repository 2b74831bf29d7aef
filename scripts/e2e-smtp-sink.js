// A real SMTP server on loopback for the end-to-end tests: every message the
// app sends is written, as received, to tmp/e2e-smtp/<n>.eml.
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { SMTPServer } from "smtp-server";

const port = Number(process.env.E2E_SMTP_PORT ?? 4326);
const dir = path.resolve("tmp/e2e-smtp");
rmSync(dir, { recursive: true, force: true });
mkdirSync(dir, { recursive: true });
let count = 0;

new SMTPServer({
  authOptional: true,
  disabledCommands: ["STARTTLS"],
  logger: false,
  onData(stream, _session, callback) {
    const chunks = [];
    stream.on("data", (chunk) => chunks.push(chunk));
    stream.on("end", () => {
      writeFileSync(path.join(dir, `${String(++count).padStart(5, "0")}.eml`), Buffer.concat(chunks));
      callback();
    });
  },
}).listen(port, "127.0.0.1", () => console.log(`e2e SMTP sink on 127.0.0.1:${port}`));
