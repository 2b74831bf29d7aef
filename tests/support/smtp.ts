import { SMTPServer } from "smtp-server";

import { freePort } from "./free-port";

export type ReceivedMail = { to: string[]; subject: string; text: string; raw: string };

function decodeQuotedPrintable(value: string): string {
  const bytes = value
    .replace(/=\r?\n/g, "")
    .replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return Buffer.from(bytes, "latin1").toString("utf8");
}

function decodeWords(value: string): string {
  return value.replace(/=\?utf-8\?([QB])\?([^?]*)\?=/gi, (_m, encoding: string, text: string) =>
    encoding.toUpperCase() === "B"
      ? Buffer.from(text, "base64").toString("utf8")
      : decodeQuotedPrintable(text.replaceAll("_", " ")),
  );
}

/** Enough of RFC 5322 for the plain-text messages the outbox sends. */
function parse(raw: string): { subject: string; text: string } {
  const split = raw.indexOf("\r\n\r\n");
  const headerBlock = raw.slice(0, split).replace(/\r\n[ \t]+/g, " ");
  const body = raw.slice(split + 4);
  const header = (name: string) => headerBlock.match(new RegExp(`^${name}:\\s*(.*)$`, "im"))?.[1] ?? "";
  const encoding = header("Content-Transfer-Encoding").toLowerCase();
  const text =
    encoding === "quoted-printable"
      ? decodeQuotedPrintable(body)
      : encoding === "base64"
        ? Buffer.from(body, "base64").toString("utf8")
        : body;
  return { subject: decodeWords(header("Subject")).trim(), text: text.replaceAll("\r\n", "\n") };
}

/** A real SMTP server on loopback that keeps what it receives, and can refuse the next few messages. */
export async function startSmtpServer() {
  const messages: ReceivedMail[] = [];
  let failures = 0;
  let delayMs = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        if (failures > 0) {
          failures--;
          callback(Object.assign(new Error("Mailbox temporarily unavailable"), { responseCode: 451 }));
          return;
        }
        const raw = Buffer.concat(chunks).toString("utf8");
        // A slow mail server: the message is accepted (and kept) only after the delay.
        setTimeout(() => {
          messages.push({ to: session.envelope.rcptTo.map((r) => r.address), raw, ...parse(raw) });
          callback();
        }, delayMs);
      });
    },
  });
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    failNext: (count: number) => {
      failures = count;
    },
    /** Every message from now on takes this long to be accepted. */
    slowDown: (ms: number) => {
      delayMs = ms;
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
