import type { Runtime } from "~/lib/runtime.server";

/** On a shared bucket, files younger than this may belong to an upload another instance is still saving. */
export const SHARED_GRACE_MS = 60 * 60_000;

/**
 * Removes survey photo files that no photo record refers to: what a server
 * killed between storing a survey's photos and committing its records leaves
 * behind (a failure it survives cleans up after itself). Run at start; with
 * local files nothing else can be writing then, so every unreferenced file
 * goes; on a shared bucket only those older than SHARED_GRACE_MS. A lone
 * serving process that replaces one that died runs it too, once it listens,
 * with `writtenBefore` its own start: what it writes itself is never touched
 * (decision 028).
 */
export async function removeOrphanPhotos(
  deps: Pick<Runtime, "database" | "storage">,
  now = Date.now(),
  writtenBefore = Infinity,
): Promise<{ checked: number; removed: string[] }> {
  const files = await deps.storage.list("surveys/");
  if (files.length === 0) return { checked: 0, removed: [] };
  const rows = await deps.database.db.selectFrom("survey_photos").select(["storage_key", "thumbnail_key"]).execute();
  const referenced = new Set(rows.flatMap((row) => [row.storage_key, row.thumbnail_key]));
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
