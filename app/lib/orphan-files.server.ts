import type { Runtime } from "~/lib/runtime.server";

/** On a shared bucket, files younger than this may belong to an upload another instance is still saving. */
export const SHARED_GRACE_MS = 60 * 60_000;

/**
 * Removes the files under `prefix` that no record refers to: what a server
 * killed between storing a file and committing the row that points at it
 * leaves behind, or a row's file left when its row went with a deleted depot.
 * With local files nothing else can be writing at start, so every
 * unreferenced file goes; on a shared bucket only those older than
 * SHARED_GRACE_MS; and never one written at or after `writtenBefore` (a
 * process's own, decision 028).
 */
export async function removeUnreferencedFiles(
  deps: Pick<Runtime, "storage">,
  prefix: string,
  referenced: ReadonlySet<string>,
  now = Date.now(),
  writtenBefore = Infinity,
): Promise<{ checked: number; removed: string[] }> {
  const files = await deps.storage.list(prefix);
  const grace = deps.storage.shared ? SHARED_GRACE_MS : 0;
  const orphans = files
    .filter(
      (file) =>
        !referenced.has(file.key) &&
        now - file.modifiedAt.getTime() >= grace &&
        file.modifiedAt.getTime() < writtenBefore,
    )
    .map((file) => file.key);
  for (const key of orphans) await deps.storage.remove(key);
  return { checked: files.length, removed: orphans };
}
