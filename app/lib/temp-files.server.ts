/**
 * Files a request needs only while it runs (a survey's photos on their way
 * to storage, a trip export for the background process to read) live under
 * $DATA_DIR/tmp/<pid of the serving process>. A request removes its own when
 * it ends, whatever the outcome; a process that dies cannot, so the first
 * serving process clears the whole folder before it listens, and a
 * replacement clears the folders of processes that no longer run.
 */
import { mkdir, mkdtemp, readdir, rm } from "node:fs/promises";
import path from "node:path";

export function tempRoot(dataDir: string): string {
  return path.join(dataDir, "tmp");
}

/** A new, empty folder for one request's files; the caller removes it (`rm(dir, { recursive: true })`). */
export async function makeTempDir(dataDir: string, prefix: string): Promise<string> {
  const own = path.join(tempRoot(dataDir), String(process.pid));
  await mkdir(own, { recursive: true });
  return mkdtemp(path.join(own, `${prefix}-`));
}

function running(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it runs, as another user.
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/**
 * Removes temporary files no running process can be using: everything when
 * `all` (nothing else runs yet), else the folders of processes that are gone.
 */
export async function removeStaleTempFiles(dataDir: string, options: { all: boolean }): Promise<string[]> {
  const root = tempRoot(dataDir);
  if (options.all) {
    await rm(root, { recursive: true, force: true });
    return [];
  }
  const entries = await readdir(root).catch(() => [] as string[]);
  const stale = entries.filter((entry) => !/^\d+$/.test(entry) || !running(Number(entry)));
  for (const entry of stale) await rm(path.join(root, entry), { recursive: true, force: true });
  return stale;
}
