/**
 * The background process's loop (its entry, app/entry.background.server.ts,
 * imports the modules that define tasks, then calls this). Runs the tasks it
 * is sent, concurrently, and answers each with its result or its error: a
 * UserError as its data, anything else as a name and a message. It exits when
 * the server does: the IPC channel closes even when the server is killed.
 */
import { UserError } from "~/lib/user-error";

import { backgroundTaskNamed, type BackgroundReply, type BackgroundRequest } from "./background.server";

function reply(message: BackgroundReply): void {
  if (process.connected) process.send?.(message);
}

async function run({ id, task, args }: BackgroundRequest): Promise<void> {
  try {
    const work = backgroundTaskNamed(task);
    if (!work) throw new Error(`Unknown background task ${String(task)}`);
    reply({ id, ok: true, value: await work(...args) });
  } catch (error) {
    if (error instanceof UserError) return reply({ id, ok: false, error: error.toData() });
    const { name, message } = error instanceof Error ? error : { name: "Error", message: String(error) };
    reply({ id, ok: false, error: { name, message } });
  }
}

export function serveBackgroundTasks(): void {
  process.on("message", (message) => void run(message as BackgroundRequest));
  process.on("disconnect", () => process.exit(0));
}
