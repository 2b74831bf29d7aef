/**
 * Background process entry (built to build/server/background-process.js by
 * the plugin in vite.config.ts; started by background.server.ts at a lower
 * priority). Runs the tasks it is sent, concurrently, and answers each with
 * its result or its error's name and message. It exits when the server does:
 * the IPC channel closes even when the server is killed.
 */
import { backgroundTasks, type BackgroundReply, type BackgroundRequest } from "./background-tasks";

function reply(message: BackgroundReply): void {
  if (process.connected) process.send?.(message);
}

async function run({ id, task, args }: BackgroundRequest): Promise<void> {
  try {
    const work = backgroundTasks[task] as (...values: unknown[]) => Promise<unknown>;
    if (typeof work !== "function") throw new Error(`Unknown background task ${String(task)}`);
    reply({ id, ok: true, value: await work(...args) });
  } catch (error) {
    const { name, message } = error instanceof Error ? error : { name: "Error", message: String(error) };
    reply({ id, ok: false, error: { name, message } });
  }
}

process.on("message", (message) => void run(message as BackgroundRequest));
process.on("disconnect", () => process.exit(0));
