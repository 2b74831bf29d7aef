import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import type { Kysely } from "kysely";
import type { Transporter } from "nodemailer";

import type { AppDatabase } from "~/lib/db/database.server";
import type { Database } from "~/lib/db/schema";
import type { Env } from "~/lib/env.server";
import type { Logger } from "~/lib/log.server";

export type MailMessage = { to: string; subject: string; text: string };

/** Give up after this many failed sends (about a day of retries with the backoff below). */
export const MAX_ATTEMPTS = 12;
const backoffMs = (attempts: number) => Math.min(60 * 60_000, 30_000 * 2 ** (attempts - 1));

// The parts of the Runtime it uses, named directly: the runtime module imports this one.
type Deps = { database: AppDatabase; env: Env; log: Logger };

/** Queues a message; the outbox sends it and retries with backoff until it is delivered. */
export async function enqueueMail(db: Kysely<Database>, message: MailMessage, now = Date.now()): Promise<number> {
  const row = await db
    .insertInto("outbox")
    .values({
      recipient: message.to,
      subject: message.subject,
      text_body: message.text,
      status: "pending",
      next_attempt_at: now,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

let transport: Transporter | undefined;
let transportUrl: string | undefined;

/** Loaded by the first message, not by every start of every process (decision 040). */
const mailer = async () => (await import("nodemailer")).default;

async function smtpTransport(url: string): Promise<Transporter> {
  if (!transport || transportUrl !== url) {
    transport = (await mailer()).createTransport(url);
    transportUrl = url;
  }
  return transport;
}

/** Without SMTP_URL a message becomes an .eml file under $DATA_DIR/mail, so nothing is lost in development. */
async function send(
  deps: Deps,
  message: { id: number; recipient: string; subject: string; text_body: string },
): Promise<void> {
  const { env } = deps;
  const mail = { from: env.MAIL_FROM, to: message.recipient, subject: message.subject, text: message.text_body };
  if (env.SMTP_URL) {
    await (await smtpTransport(env.SMTP_URL)).sendMail(mail);
    return;
  }
  const built = await (await mailer()).createTransport({ streamTransport: true, buffer: true }).sendMail(mail);
  const dir = path.join(env.DATA_DIR, "mail");
  await mkdir(dir, { recursive: true });
  await writeFile(path.join(dir, `${String(message.id).padStart(8, "0")}.eml`), built.message as Buffer);
  deps.log.info(
    { to: message.recipient, subject: message.subject },
    "SMTP_URL is not set: wrote the e-mail to DATA_DIR/mail",
  );
}

/**
 * Sends one queued message now. Several instances may race for it: the
 * status update claims it (only one wins), so it is sent at most once per attempt.
 */
export async function deliverMail(deps: Deps, id: number, now = Date.now()): Promise<boolean> {
  const db = deps.database.db;
  const claim = await db
    .updateTable("outbox")
    .set((eb) => ({ attempts: eb("attempts", "+", 1), next_attempt_at: now + 5 * 60_000 }))
    .where("id", "=", id)
    .where("status", "=", "pending")
    .where("next_attempt_at", "<=", now)
    .returning(["id", "recipient", "subject", "text_body", "attempts"])
    .executeTakeFirst();
  if (!claim) return false;
  try {
    await send(deps, claim);
    await db
      .updateTable("outbox")
      .set({ status: "sent", sent_at: new Date().toISOString(), last_error: null })
      .where("id", "=", id)
      .execute();
    return true;
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const giveUp = claim.attempts >= MAX_ATTEMPTS;
    await db
      .updateTable("outbox")
      .set({
        status: giveUp ? "failed" : "pending",
        last_error: message.slice(0, 1000),
        next_attempt_at: now + backoffMs(claim.attempts),
      })
      .where("id", "=", id)
      .execute();
    deps.log.warn({ id, attempts: claim.attempts, err: message, gaveUp: giveUp }, "e-mail delivery failed");
    return false;
  }
}

/** Sends every message that is due; returns how many were delivered. */
export async function deliverDueMail(deps: Deps, now = Date.now(), limit = 20): Promise<number> {
  const due = await deps.database.db
    .selectFrom("outbox")
    .select("id")
    .where("status", "=", "pending")
    .where("next_attempt_at", "<=", now)
    .orderBy("id")
    .limit(limit)
    .execute();
  let delivered = 0;
  for (const { id } of due) if (await deliverMail(deps, id, now)) delivered++;
  return delivered;
}

/** Polls the outbox in the background until stopped. */
export function startOutboxWorker(deps: Deps, intervalMs = 15_000): () => void {
  let running = false;
  const tick = async () => {
    if (running) return;
    running = true;
    try {
      await deliverDueMail(deps);
    } catch (error) {
      deps.log.error({ err: error }, "outbox run failed");
    } finally {
      running = false;
    }
  };
  const timer = setInterval(() => void tick(), intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
