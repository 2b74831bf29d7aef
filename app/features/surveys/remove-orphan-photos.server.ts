import { photoFilesInUse } from "~/features/depots/index.server";
import { removeUnreferencedFiles, SHARED_GRACE_MS } from "~/lib/orphan-files.server";
import type { Runtime } from "~/lib/runtime.server";

export { SHARED_GRACE_MS };

/**
 * Removes survey photo files that no photo record refers to: what a server
 * killed between storing a survey's photos and committing its records leaves
 * behind (a failure it survives cleans up after itself). Run at start, and by
 * a lone serving process that replaces one that died, once it listens, with
 * `writtenBefore` its own start (decision 028).
 */
export async function removeOrphanPhotos(
  deps: Pick<Runtime, "database" | "storage">,
  now = Date.now(),
  writtenBefore = Infinity,
): Promise<{ checked: number; removed: string[] }> {
  const referenced = await photoFilesInUse(deps.database.db);
  return removeUnreferencedFiles(deps, "surveys/", referenced, now, writtenBefore);
}
